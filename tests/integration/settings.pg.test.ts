import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, salons } from '../../server/db/schema';
import { newId } from '../../src/domain/ids';
import { logIn } from '../factories/accounts';
import { addInvoice, addStaff, at, clientInput, day, line, salonWithOwner, setSettings } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, PULL } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const SALON =
  'id name address settings { schedule { startAt endAt step format } enableArchive hideClientPhone masterPanelLogin reportByType }';
const UPDATE_SALON = `mutation U($input: UpdateSalonInput!) { updateSalon(input: $input) { ${SALON} } }`;
const SWITCHES = {
  enableArchive: `mutation S($input: UpdateSalonArchiveSettingsInput!) { updateSalonArchiveSettings(input: $input) { ${SALON} } }`,
  reportByType: `mutation S($input: UpdateSalonReportSettingsInput!) { updateSalonReportSettings(input: $input) { ${SALON} } }`,
  hideClientPhone: `mutation S($input: UpdateSalonClientPhoneSettingsInput!) { updateSalonClientPhoneSettings(input: $input) { ${SALON} } }`,
  masterPanelLogin: `mutation S($input: UpdateSalonMasterLoginSettingsInput!) { updateSalonMasterLoginSettings(input: $input) { ${SALON} } }`,
} as const;
const ARCHIVE = `mutation A($input: ArchiveSelectedAppointmentsInput!) { archiveSelectedAppointments(input: $input) { salonId archived } }`;

describe.each(backends(import.meta.url))('general settings on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const salonInput = (id: string, overrides: Loose = {}) => ({
    id,
    name: `Salon ${newId().slice(0, 8)}`,
    address: 'Brīvības iela 1, Rīga',
    settings: { schedule: { startAt: 540, endAt: 1260, step: 15, format: 'hh:mm a' } },
    ...overrides,
  });
  const update = (input: Loose, token: string) => t.gql(UPDATE_SALON, { input }, token);
  const setSwitch = (key: keyof typeof SWITCHES, id: string, value: boolean, token: string) =>
    t.gql(SWITCHES[key], { input: { id, [key]: value } }, token);
  const archive = (input: Loose, token: string) => t.gql(ARCHIVE, { input }, token);
  const salonRow = async (id: string) => (await t.db.select().from(salons).where(eq(salons.id, id)))[0];
  const pull = async (salon: string, cursor: number, token: string) => ok(await t.gql(PULL, { input: { salon, cursor } }, token)).pull;

  describe('updateSalon', () => {
    it('saves name, address and schedule, and pull sends the salon row', async () => {
      const f = await salonWithOwner(t, 0);
      const { salonRev } = await pull(f.salonId, 0, f.owner.token);
      const input = salonInput(f.salonId, { name: '  Studija Rīga  ' });
      expect(ok(await update(input, f.owner.token)).updateSalon).toMatchObject({
        id: f.salonId,
        name: 'Studija Rīga',
        address: 'Brīvības iela 1, Rīga',
        settings: { schedule: { startAt: 540, endAt: 1260, step: 15, format: 'hh:mm a' }, enableArchive: false, masterPanelLogin: true },
      });
      const page = await pull(f.salonId, salonRev, f.owner.token);
      const salon = page.changes.find((c: Loose) => c.entity === 'salons');
      expect(JSON.parse(salon.data)).toMatchObject({
        name: 'Studija Rīga',
        settings: { schedule: { startAt: 540, endAt: 1260, step: 15, format: 'hh:mm a' } },
      });
    });

    it('lets a common administrator save; refuses a master', async () => {
      const f = await salonWithOwner(t, 0);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const master = await addStaff(t, f.salonId, 'MASTER');
      ok(await update(salonInput(f.salonId, { address: 'By the admin' }), admin.token));
      const before = await salonRow(f.salonId);
      refused(await update(salonInput(f.salonId, { address: 'By the master' }), master.token), { code: 'Forbidden' });
      expect((await salonRow(f.salonId))?.address).toBe(before?.address);
    });

    it('refuses the name of another live salon, whatever its case (part 2 §8)', async () => {
      const a = await salonWithOwner(t, 0);
      const b = await salonWithOwner(t, 0);
      const bName = (await salonRow(b.salonId))?.name as string;
      refused(await update(salonInput(a.salonId, { name: bName.toUpperCase() }), a.owner.token), {
        code: 'AlreadyExists',
        reason: 'NAME_ALREADY_EXISTS',
        field: 'name',
        messageId: 'error.salon.nameExists',
      });
      // Its own name again is fine.
      const aName = (await salonRow(a.salonId))?.name as string;
      ok(await update(salonInput(a.salonId, { name: aName }), a.owner.token));
    });

    it.each([
      ['name', { name: '  ' }, 'settings.enterName'],
      ['address', { address: '' }, 'settings.enterAddress'],
      [
        'settings.schedule.startAt',
        { settings: { schedule: { startAt: 510, endAt: 1200, step: 60, format: 'HH:mm' } } },
        'settings.enterStartTime',
      ],
      [
        'settings.schedule.endAt',
        { settings: { schedule: { startAt: 480, endAt: 1230, step: 60, format: 'HH:mm' } } },
        'settings.enterEndTime',
      ],
      [
        'settings.schedule.endAt',
        { settings: { schedule: { startAt: 600, endAt: 600, step: 30, format: 'HH:mm' } } },
        'settings.enterEndTime',
      ],
      [
        'settings.schedule.endAt',
        { settings: { schedule: { startAt: 0, endAt: 1450, step: 30, format: 'HH:mm' } } },
        'settings.enterEndTime',
      ],
      [
        'settings.schedule.step',
        { settings: { schedule: { startAt: 480, endAt: 1200, step: 20, format: 'HH:mm' } } },
        'settings.selectStep',
      ],
      [
        'settings.schedule.format',
        { settings: { schedule: { startAt: 480, endAt: 1200, step: 30, format: 'H' } } },
        'settings.selectFormat',
      ],
    ])('validates %s (%o) and changes nothing', async (field, overrides, messageId) => {
      const f = await salonWithOwner(t, 0);
      const before = await salonRow(f.salonId);
      refused(await update(salonInput(f.salonId, overrides), f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field,
        messageId,
      });
      expect(await salonRow(f.salonId)).toEqual(before);
    });

    it('accepts the day edges: start 00:00 and end 24:00', async () => {
      const f = await salonWithOwner(t, 0);
      const input = salonInput(f.salonId, { settings: { schedule: { startAt: 0, endAt: 1440, step: 60, format: 'HH:mm' } } });
      expect(ok(await update(input, f.owner.token)).updateSalon.settings.schedule).toEqual({
        startAt: 0,
        endAt: 1440,
        step: 60,
        format: 'HH:mm',
      });
    });

    it('never touches another salon (tenant isolation)', async () => {
      const a = await salonWithOwner(t, 0);
      const b = await salonWithOwner(t, 0);
      const before = await salonRow(b.salonId);
      refused(await update(salonInput(b.salonId), a.owner.token), { code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
      refused(await setSwitch('reportByType', b.salonId, true, a.owner.token), { code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
      refused(await archive({ salon: b.salonId, fromDate: day(-3), toDate: day(0) }, a.owner.token), {
        code: 'Forbidden',
        reason: 'NOT_THE_SESSION_SALON',
      });
      expect(await salonRow(b.salonId)).toEqual(before);
    });

    it('applies a command once: a repeated seq answers the first result', async () => {
      const f = await salonWithOwner(t, 0);
      const command = { clientId: newId(), seq: 1 };
      const first = ok(await update({ ...salonInput(f.salonId, { address: 'First' }), command }, f.owner.token)).updateSalon;
      const again = ok(await update({ ...salonInput(f.salonId, { address: 'Second' }), command }, f.owner.token)).updateSalon;
      expect(again.address).toBe('First');
      expect(first.address).toBe('First');
      expect((await salonRow(f.salonId))?.address).toBe('First');
    });
  });

  describe('the switches', () => {
    it.each(['enableArchive', 'hideClientPhone', 'masterPanelLogin', 'reportByType'] as const)(
      'the owner sets %s both ways',
      async (key) => {
        const f = await salonWithOwner(t, 0);
        const initial = Boolean((await salonRow(f.salonId))?.settings[key]);
        const changed = Object.values(ok(await setSwitch(key, f.salonId, !initial, f.owner.token)) as Loose)[0] as Loose;
        expect(changed.settings[key]).toBe(!initial);
        expect((await salonRow(f.salonId))?.settings[key]).toBe(!initial);
        ok(await setSwitch(key, f.salonId, initial, f.owner.token));
        expect((await salonRow(f.salonId))?.settings[key]).toBe(initial);
      },
    );

    it('lets a common administrator set all but the archive switch, which is the owner’s', async () => {
      const f = await salonWithOwner(t, 0);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      ok(await setSwitch('reportByType', f.salonId, true, admin.token));
      ok(await setSwitch('hideClientPhone', f.salonId, true, admin.token));
      ok(await setSwitch('masterPanelLogin', f.salonId, false, admin.token));
      refused(await setSwitch('enableArchive', f.salonId, true, admin.token), { code: 'Forbidden', reason: 'ONLY_OWNER_CHANGES_ARCHIVE' });
      expect((await salonRow(f.salonId))?.settings).toMatchObject({
        reportByType: true,
        hideClientPhone: true,
        masterPanelLogin: false,
        enableArchive: false,
      });
    });

    it('refuses a master every switch', async () => {
      const f = await salonWithOwner(t, 0);
      const master = await addStaff(t, f.salonId, 'MASTER');
      for (const key of ['enableArchive', 'hideClientPhone', 'masterPanelLogin', 'reportByType'] as const) {
        refused(await setSwitch(key, f.salonId, key !== 'masterPanelLogin', master.token), { code: 'Forbidden' });
      }
    });

    it('refuses a switch without its boolean (bad input changes nothing)', async () => {
      const f = await salonWithOwner(t, 0);
      const before = await salonRow(f.salonId);
      const result = await t.gql(SWITCHES.reportByType, { input: { id: 'nope', reportByType: true } }, f.owner.token);
      refused(result, { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'id' });
      expect(await salonRow(f.salonId)).toEqual(before);
    });

    it('hideClientPhone: masters re-pull every client, now without phones; administrators keep them', async () => {
      const f = await salonWithOwner(t, 0);
      const master = await addStaff(t, f.salonId, 'MASTER');
      const client = clientInput(f.salonId);
      ok(await t.gql(CREATE_CLIENT, { input: client }, f.owner.token));
      const first = await pull(f.salonId, 0, master.token);
      expect(JSON.parse(first.changes.find((c: Loose) => c.id === client.id).data).phone).toBe(client.phone);

      ok(await setSwitch('hideClientPhone', f.salonId, true, f.owner.token));
      const after = await pull(f.salonId, first.cursor, master.token);
      expect(JSON.parse(after.changes.find((c: Loose) => c.id === client.id).data).phone).toBeNull();
      const ownerView = await pull(f.salonId, first.cursor, f.owner.token);
      expect(JSON.parse(ownerView.changes.find((c: Loose) => c.id === client.id).data).phone).toBe(client.phone);

      ok(await setSwitch('hideClientPhone', f.salonId, false, f.owner.token));
      const shown = await pull(f.salonId, after.cursor, master.token);
      expect(JSON.parse(shown.changes.find((c: Loose) => c.id === client.id).data).phone).toBe(client.phone);
    });

    it('masterPanelLogin off: a master can no longer sign in to the panel', async () => {
      const f = await salonWithOwner(t, 0);
      const master = await addStaff(t, f.salonId, 'MASTER');
      ok(await setSwitch('masterPanelLogin', f.salonId, false, f.owner.token));
      // The master's open session loses the salon on its next call.
      const result = await t.gql(PULL, { input: { salon: f.salonId, cursor: 0 } }, master.token);
      expect(result.errors?.[0]?.extensions?.code).toBeDefined();
    });

    it('enableArchive lets a common administrator archive paid appointments', async () => {
      const f = await salonWithOwner(t, 0);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const l = line(f, { startAt: at(-1, '10:00') });
      ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [l] } }, f.owner.token));
      await addInvoice(t, f.salonId, l.id, f.serviceIds[0] as string);
      const input = { salon: f.salonId, fromDate: day(-1), toDate: day(-1) };
      refused(await archive(input, admin.token), { code: 'Forbidden', reason: 'ARCHIVE_NOT_ALLOWED' });
      ok(await setSwitch('enableArchive', f.salonId, true, f.owner.token));
      expect(ok(await archive(input, admin.token)).archiveSelectedAppointments).toEqual({ salonId: f.salonId, archived: 1 });
    });
  });

  describe('archiveSelectedAppointments', () => {
    async function booked(f: Awaited<ReturnType<typeof salonWithOwner>>, startAts: string[]) {
      await setSettings(t, f.salonId, { schedule: { startAt: 0, endAt: 1440, step: 15, format: 'HH:mm' } });
      const lines = startAts.map((startAt, i) => line(f, { startAt, master: f.masterIds[i % f.masterIds.length] }));
      for (const l of lines) ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [l] } }, f.owner.token));
      return lines.map((l) => l.id);
    }
    const archivedOf = async (id: string) => (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.archived;

    it('archives every appointment from 00:00 of the first day to 23:59 of the last, and pull sends them', async () => {
      const f = await salonWithOwner(t, 0);
      const [before, first, last, after] = await booked(f, [at(-4, '23:30'), at(-3, '00:00'), at(-1, '23:30'), at(0, '00:00')]);
      const { salonRev } = await pull(f.salonId, 0, f.owner.token);
      const result = ok(await archive({ salon: f.salonId, fromDate: day(-3), toDate: day(-1) }, f.owner.token)).archiveSelectedAppointments;
      expect(result).toEqual({ salonId: f.salonId, archived: 2 });
      expect([
        await archivedOf(before as string),
        await archivedOf(first as string),
        await archivedOf(last as string),
        await archivedOf(after as string),
      ]).toEqual([false, true, true, false]);
      const page = await pull(f.salonId, salonRev, f.owner.token);
      const changed = page.changes.filter((c: Loose) => c.entity === 'appointments').map((c: Loose) => JSON.parse(c.data));
      expect(changed.map((a: Loose) => [a.id, a.archived]).sort()).toEqual(
        [
          [first, true],
          [last, true],
        ].sort(),
      );
      // Again: nothing left to archive.
      expect(
        ok(await archive({ salon: f.salonId, fromDate: day(-3), toDate: day(-1) }, f.owner.token)).archiveSelectedAppointments.archived,
      ).toBe(0);
    });

    it('takes today as the last day', async () => {
      const f = await salonWithOwner(t, 0);
      const [today] = await booked(f, [at(0, '23:30')]);
      expect(
        ok(await archive({ salon: f.salonId, fromDate: day(0), toDate: day(0) }, f.owner.token)).archiveSelectedAppointments.archived,
      ).toBe(1);
      expect(await archivedOf(today as string)).toBe(true);
    });

    it.each([
      ['a last day after today', () => ({ fromDate: day(-1), toDate: day(1) }), 'settings.deleteHistory.future'],
      ['a first day after the last', () => ({ fromDate: day(-1), toDate: day(-2) }), 'settings.deleteHistory.badRange'],
    ])('refuses %s on the range field', async (_, range, messageId) => {
      const f = await salonWithOwner(t, 0);
      refused(await archive({ salon: f.salonId, ...range() }, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'range',
        messageId,
      });
    });

    it('refuses a malformed date', async () => {
      const f = await salonWithOwner(t, 0);
      refused(await archive({ salon: f.salonId, fromDate: '2024-13-01', toDate: day(0) }, f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'fromDate',
        messageId: 'validation.date.invalid',
      });
    });

    it('refuses a master, and a common administrator while archive is off; changes nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const [id] = await booked(f, [at(-1, '10:00')]);
      const master = await addStaff(t, f.salonId, 'MASTER');
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const input = { salon: f.salonId, fromDate: day(-2), toDate: day(0) };
      refused(await archive(input, master.token), { code: 'Forbidden' });
      refused(await archive(input, admin.token), { code: 'Forbidden', reason: 'ARCHIVE_NOT_ALLOWED' });
      expect(await archivedOf(id as string)).toBe(false);
      await setSettings(t, f.salonId, { enableArchive: true });
      ok(await archive(input, admin.token));
      expect(await archivedOf(id as string)).toBe(true);
    });

    it('leaves another salon’s appointments alone', async () => {
      const a = await salonWithOwner(t, 0);
      const b = await salonWithOwner(t, 0);
      const [bId] = await booked(b, [at(-1, '10:00')]);
      ok(await archive({ salon: a.salonId, fromDate: day(-2), toDate: day(0) }, a.owner.token));
      expect(await archivedOf(bId as string)).toBe(false);
    });
  });

  it('a new login sees the changed settings', async () => {
    const f = await salonWithOwner(t, 0);
    ok(await setSwitch('enableArchive', f.salonId, true, f.owner.token));
    const session = await logIn(t, f.owner.email, f.owner.password);
    expect(session.user.salon.settings.enableArchive).toBe(true);
  });
});
