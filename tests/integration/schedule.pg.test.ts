import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { workingTimes } from '../../server/db/schema';
import { addStaff, at, day, line, salonWithOwner, setSettings } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { pullAll } from '../helpers/sync';

const WT = 'id salonId masterId cabinetId startAt endAt rev';
const ADD = `mutation A($input: AddWorkingTimeInput!) { addWorkingTime(input: $input) { workingTime { ${WT} } } }`;
const UPDATE = `mutation U($input: UpdateWorkingTimeInput!) { updateWorkingTime(input: $input) { workingTime { ${WT} } updated } }`;
const DELETE = `mutation D($input: DeleteWorkingTimeInput!) { deleteWorkingTime(input: $input) { workingTimeId deleted } }`;
const GENERATE = `mutation G($input: GenerateScheduleInput!) { generateSchedule(input: $input) { salonId masterId created } }`;

describe.each(backends(import.meta.url))('working time on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const add = (input: Loose, token: string) => t.gql(ADD, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE, { input }, token);
  const remove = (workingTimeId: string, token: string) => t.gql(DELETE, { input: { workingTimeId } }, token);
  const generate = (input: Loose, token: string) => t.gql(GENERATE, { input: { seed: newId(), ...input } }, token);
  const span = (salon: string, master: string | undefined, startAt: string, endAt: string) => ({
    id: newId(),
    salon,
    master,
    startAt,
    endAt,
  });
  const live = async (salonId: string) =>
    t.db
      .select()
      .from(workingTimes)
      .where(and(eq(workingTimes.salonId, salonId), isNull(workingTimes.deletedAt)));

  describe('addWorkingTime', () => {
    it('adds a span of the salon range and step; pull sends it', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await add(span(f.salonId, f.masterIds[0], at(3, '09:00'), at(3, '12:30')), f.owner.token)).addWorkingTime.workingTime;
      expect(made).toMatchObject({ masterId: f.masterIds[0], cabinetId: null, startAt: at(3, '09:00'), endAt: at(3, '12:30') });
      const pulled = await pullAll(t, f.owner.token, f.salonId);
      expect(pulled.mirror.get(`workingTimes:${made.id}`)).toMatchObject({ startAt: at(3, '09:00'), endAt: at(3, '12:30') });
    });

    it.each([
      [
        'end before start',
        '10:00',
        '09:00',
        { code: 'IllegalArgument', reason: 'END_BEFORE_START', field: 'endAt', messageId: 'workingTime.endBeforeStart' },
      ],
      ['before the salon opens', '07:00', '09:00', { code: 'IllegalArgument', reason: 'TIME_OUT_OF_RANGE', field: 'startAt' }],
      ['off the step', '09:10', '10:00', { code: 'IllegalArgument', reason: 'TIME_OUT_OF_RANGE', field: 'startAt' }],
      [
        'overlapping',
        '11:00',
        '13:00',
        { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD', field: 'startAt', messageId: 'workingTime.overlaps' },
      ],
    ])('refuses %s, writing nothing', async (_, start, end, expected) => {
      const f = await salonWithOwner(t, 0);
      ok(await add(span(f.salonId, f.masterIds[0], at(3, '10:00'), at(3, '12:00')), f.owner.token));
      refused(await add(span(f.salonId, f.masterIds[0], at(3, start), at(3, end)), f.owner.token), expected);
      expect(await live(f.salonId)).toHaveLength(1);
      // Another master may work at the same time.
      ok(await add(span(f.salonId, f.masterIds[1], at(3, '10:00'), at(3, '12:00')), f.owner.token));
    });

    it('with step 60 accepts only whole hours', async () => {
      const f = await salonWithOwner(t, 0);
      await setSettings(t, f.salonId, { schedule: { startAt: 480, endAt: 1200, step: 60, format: 'HH:mm' } });
      refused(await add(span(f.salonId, f.masterIds[0], at(3, '09:30'), at(3, '11:00')), f.owner.token), { reason: 'TIME_OUT_OF_RANGE' });
      ok(await add(span(f.salonId, f.masterIds[0], at(3, '09:00'), at(3, '11:00')), f.owner.token));
    });

    it('refuses bad input, a master of another salon, a master user and another salon', async () => {
      const f = await salonWithOwner(t, 0);
      refused(await add(span(f.salonId, f.masterIds[0], '2030-13-01 09:00', at(3, '10:00')), f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'startAt',
      });
      const other = await salonWithOwner(t, 0);
      refused(await add(span(f.salonId, other.masterIds[0], at(3, '09:00'), at(3, '10:00')), f.owner.token), {
        code: 'NotExists',
        messageId: 'workingTime.masterNotExists',
      });
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await add(span(f.salonId, f.masterIds[0], at(3, '09:00'), at(3, '10:00')), master.token), { code: 'Forbidden' });
      refused(await add(span(f.salonId, f.masterIds[0], at(3, '09:00'), at(3, '10:00')), other.owner.token), { code: 'Forbidden' });
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      ok(await add(span(f.salonId, f.masterIds[0], at(3, '09:00'), at(3, '10:00')), admin.token));
      expect(await live(f.salonId)).toHaveLength(1);
    });
  });

  describe('updateWorkingTime and deleteWorkingTime', () => {
    it('updates (updated: true) and deletes (deleted: true) when the day has no appointments', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await add(span(f.salonId, f.masterIds[0], at(3, '09:00'), at(3, '12:00')), f.owner.token)).addWorkingTime.workingTime;
      const other = ok(await add(span(f.salonId, f.masterIds[0], at(3, '14:00'), at(3, '16:00')), f.owner.token)).addWorkingTime
        .workingTime;
      const saved = ok(
        await update({ workingTimeId: made.id, startAt: at(3, '10:00'), endAt: at(3, '13:00') }, f.owner.token),
      ).updateWorkingTime;
      expect(saved).toMatchObject({ updated: true, workingTime: { startAt: at(3, '10:00'), endAt: at(3, '13:00') } });
      refused(await update({ workingTimeId: made.id, startAt: at(3, '10:00'), endAt: at(3, '15:00') }, f.owner.token), {
        reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
      });
      expect(ok(await remove(other.id, f.owner.token)).deleteWorkingTime).toEqual({ workingTimeId: other.id, deleted: true });
      refused(await remove(other.id, f.owner.token), { code: 'NotExists', messageId: 'workingTime.notExists' });
    });

    it("refuses both with the spec's messages when the master has appointments that day", async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await add(span(f.salonId, f.masterIds[0], at(2, '09:00'), at(2, '18:00')), f.owner.token)).addWorkingTime.workingTime;
      ok(
        await t.gql(
          CREATE_APPOINTMENTS,
          { input: { salon: f.salonId, appointments: [line(f, { startAt: at(2, '10:00') })] } },
          f.owner.token,
        ),
      );
      refused(await update({ workingTimeId: made.id, startAt: at(2, '09:00'), endAt: at(2, '17:00') }, f.owner.token), {
        code: 'NotAllowed',
        reason: 'APPOINTMENTS_EXIST_THAT_DAY',
        messageId: 'workingTime.cannotChange',
      });
      refused(await remove(made.id, f.owner.token), {
        code: 'NotAllowed',
        reason: 'APPOINTMENTS_EXIST_THAT_DAY',
        messageId: 'workingTime.cannotDelete',
      });
      expect((await live(f.salonId))[0]).toMatchObject({ id: made.id, deletedAt: null });
    });

    it('refuses a master user and another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const made = ok(await add(span(f.salonId, f.masterIds[0], at(3, '09:00'), at(3, '12:00')), f.owner.token)).addWorkingTime.workingTime;
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await update({ workingTimeId: made.id, startAt: at(3, '09:00'), endAt: at(3, '10:00') }, master.token), {
        code: 'Forbidden',
      });
      refused(await remove(made.id, master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await update({ workingTimeId: made.id, startAt: at(3, '09:00'), endAt: at(3, '10:00') }, other.owner.token), {
        code: 'NotExists',
      });
      refused(await remove(made.id, other.owner.token), { code: 'NotExists' });
    });
  });

  describe('generateSchedule', () => {
    it('repeats the first range over the second for one master, skipping overlaps', async () => {
      const f = await salonWithOwner(t, 0);
      const m = f.masterIds[0];
      ok(await add(span(f.salonId, m, at(10, '09:00'), at(10, '12:00')), f.owner.token));
      ok(await add(span(f.salonId, m, at(11, '10:00'), at(11, '14:00')), f.owner.token));
      ok(await add(span(f.salonId, f.masterIds[1], at(10, '09:00'), at(10, '12:00')), f.owner.token));
      ok(await add(span(f.salonId, m, at(13, '11:00'), at(13, '12:00')), f.owner.token));
      const result = ok(
        await generate(
          {
            salonId: f.salonId,
            masterId: m,
            firstRangeFrom: `${day(10)} 00:00`,
            firstRangeTo: `${day(11)} 23:59`,
            secondRangeFrom: day(12),
            secondRangeTo: day(15),
          },
          f.owner.token,
        ),
      ).generateSchedule;
      // Days 12 and 14 copy day 10, days 13 and 15 copy day 11; day 13 already has 11:00-12:00 inside 10:00-14:00.
      expect(result).toEqual({ salonId: f.salonId, masterId: m, created: 3 });
      const rows = (await live(f.salonId))
        .filter((w) => w.masterId === m)
        .map((w) => `${w.startAt.slice(0, 16)}`)
        .sort();
      expect(rows).toContain(`${at(12, '09:00')}`);
      expect(rows).toContain(`${at(15, '10:00')}`);
    });

    it('fills every master when masterId is null', async () => {
      const f = await salonWithOwner(t, 0);
      ok(await add(span(f.salonId, f.masterIds[0], at(10, '09:00'), at(10, '12:00')), f.owner.token));
      ok(await add(span(f.salonId, f.masterIds[1], at(10, '13:00'), at(10, '15:00')), f.owner.token));
      const result = ok(
        await generate(
          {
            salonId: f.salonId,
            masterId: null,
            firstRangeFrom: day(10),
            firstRangeTo: day(10),
            secondRangeFrom: day(11),
            secondRangeTo: day(12),
          },
          f.owner.token,
        ),
      ).generateSchedule;
      expect(result.created).toBe(4);
    });

    it.each([
      [
        'a first range over 7 days',
        { firstRangeFrom: day(10), firstRangeTo: day(17), secondRangeFrom: day(18), secondRangeTo: day(20) },
        'firstRangeTo',
        'schedule.generate.firstTooLong',
      ],
      [
        'a second range starting before the first ends',
        { firstRangeFrom: day(10), firstRangeTo: day(12), secondRangeFrom: day(12), secondRangeTo: day(20) },
        'secondRangeFrom',
        'schedule.generate.secondBeforeFirst',
      ],
      [
        'a bad date',
        { firstRangeFrom: 'soon', firstRangeTo: day(12), secondRangeFrom: day(13), secondRangeTo: day(20) },
        'firstRangeFrom',
        'schedule.generate.dateRequired',
      ],
    ])('refuses %s', async (_, ranges, field, messageId) => {
      const f = await salonWithOwner(t, 0);
      ok(await add(span(f.salonId, f.masterIds[0], at(10, '09:00'), at(10, '12:00')), f.owner.token));
      refused(await generate({ salonId: f.salonId, masterId: null, ...ranges }, f.owner.token), {
        code: 'IllegalArgument',
        field,
        messageId,
      });
      expect(await live(f.salonId)).toHaveLength(1);
    });

    it('refuses a master user and another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const input = {
        salonId: f.salonId,
        masterId: null,
        firstRangeFrom: day(10),
        firstRangeTo: day(10),
        secondRangeFrom: day(11),
        secondRangeTo: day(12),
      };
      const master = await addStaff(t, f.salonId, 'MASTER');
      refused(await generate(input, master.token), { code: 'Forbidden' });
      const other = await salonWithOwner(t, 0);
      refused(await generate(input, other.owner.token), { code: 'Forbidden' });
    });
  });
});
