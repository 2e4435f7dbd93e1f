import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { nameIn } from '../../src/domain/rules/names';
import { appointments, masters, services } from '../../server/db/schema';
import { instantOf } from '../../server/modules/client-messages/schedule';
import { addStaff, at, clientInput, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { ARCHIVE_APPOINTMENT, CREATE_APPOINTMENTS, CREATE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const FEED = 'url lang createdAt';
const READ = `query F($salon: ID!) { calendarFeed(salon: $salon) { ${FEED} } }`;
const START = `mutation S($input: CalendarFeedInput!) { startCalendarFeed(input: $input) { ${FEED} } }`;
const STOP = `mutation O($input: CalendarFeedInput!) { stopCalendarFeed(input: $input) }`;
const REVOKE = `mutation R($input: MasterAccessInput!) { revokeMasterAccess(input: $input) { state } }`;

interface FeedEvent {
  uid: string;
  summary: string;
  location: string | null;
  start: string;
  end: string;
}

/**
 * A master's calendar feed (issue 58 item 5, decision 087): valid iCalendar of the master's own appointments with
 * the service, the client's first name and the cabinet only; never another master's or another salon's; a new
 * address ends the old one, and so do turning it off and the end of the master's access.
 */
describe.each(backends(import.meta.url))('calendar feed on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const read = (f: SalonFixture, token: string) => t.gql(READ, { salon: f.salonId }, token);
  const start = (f: SalonFixture, token: string, lang = 'en') => t.gql(START, { input: { salonId: f.salonId, lang } }, token);
  const stop = (f: SalonFixture, token: string) => t.gql(STOP, { input: { salonId: f.salonId } }, token);
  const book = async (f: SalonFixture, overrides: Loose) =>
    ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [line(f, overrides)] } }, f.owner.token))
      .createAppointments[0] as Loose;
  const client = async (f: SalonFixture, overrides: Loose = {}) =>
    ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId, overrides) }, f.owner.token)).createClient as Loose;
  const serviceName = async (id: string, lang = 'en') =>
    nameIn((await t.db.select().from(services).where(eq(services.id, id)))[0]?.nameVariants, lang);

  /** The feed's text at `url`, its HTTP status and type, and its events as a calendar app reads them (ical.js). */
  async function fetchFeed(url: string) {
    const res = await fetch(url);
    const text = await res.text();
    if (res.status !== 200) return { status: res.status, type: res.headers.get('content-type'), text, name: '', events: [] };
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events: FeedEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        location: event.location || null,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      };
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      text,
      name: String(calendar.getFirstPropertyValue('x-wr-calname')),
      events,
    };
  }

  it("holds the master's own appointments with service, client's first name and cabinet, and nothing else", async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const ilze = await client(f, { firstName: 'Ilze', lastName: 'Secretlastname', notes: 'Secret client note' });
    const own = await book(f, {
      master: master.masterId,
      client: ilze.id,
      cabinet: f.cabinetIds[0],
      startAt: at(1, '10:00'),
      notes: 'Secret appointment note',
    });
    const walkIn = await book(f, { master: master.masterId, startAt: at(2, '12:30'), service: f.serviceIds[1], duration: 60 });
    const archived = await book(f, { master: master.masterId, startAt: at(3, '09:00') });
    ok(await t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: archived.id, archived: true } }, f.owner.token));
    const colleagues = await book(f, {
      master: f.masterIds[0],
      client: (await client(f, { firstName: 'Zigrida' })).id,
      startAt: at(1, '10:00'),
    });
    // Inside the window (29 days back) and outside it (31 days back), written as a past day's appointment is.
    const past = async (days: number) => {
      const id = newId();
      await t.db.insert(appointments).values({
        id,
        salonId: f.salonId,
        masterId: master.masterId,
        serviceId: f.serviceIds[0] as string,
        authorRole: 'ADMIN',
        startAt: at(-days, '15:00'),
        endAt: at(-days, '15:30'),
        duration: 30,
      });
      return id;
    };
    const recent = await past(29);
    const old = await past(31);

    expect(ok(await read(f, master.token)).calendarFeed).toBeNull();
    const feed = ok(await start(f, master.token)).startCalendarFeed;
    expect(feed.url).toMatch(
      new RegExp(`^http://(localhost|127\\.0\\.0\\.1):${new URL(t.url).port}/calendar/[0-9a-f]{24}\\.[A-Za-z0-9_-]{32}\\.ics$`),
    );
    expect(feed.lang).toBe('en');
    expect(ok(await read(f, master.token)).calendarFeed).toEqual(feed);

    const got = await fetchFeed(feed.url);
    expect(got.status).toBe(200);
    expect(got.type).toBe('text/calendar; charset=utf-8');
    expect(got.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(got.text).toContain('METHOD:PUBLISH');
    expect(got.name).toMatch(/ · Edgars$/);
    const uids = got.events.map((e) => e.uid.split('@')[0]);
    expect(uids.sort()).toEqual([own.id, walkIn.id, recent].sort());
    expect(uids).not.toContain(archived.id);
    expect(uids).not.toContain(colleagues.id);
    expect(uids).not.toContain(old);
    const first = got.events.find((e) => e.uid.startsWith(own.id as string));
    expect(first).toMatchObject({
      summary: `${await serviceName(f.serviceIds[0] as string)} · Ilze`,
      location: 'Cabinet 1',
      start: instantOf(at(1, '10:00'), 'Europe/Riga').toISOString(),
      end: instantOf(at(1, '10:30'), 'Europe/Riga').toISOString(),
    });
    expect(got.events.find((e) => e.uid.startsWith(walkIn.id as string))).toMatchObject({
      summary: await serviceName(f.serviceIds[1] as string),
      location: null,
      end: instantOf(at(2, '13:30'), 'Europe/Riga').toISOString(),
    });
    for (const secret of ['Secretlastname', 'Secret client note', 'Secret appointment note', ilze.phone as string, 'Zigrida'])
      expect(got.text).not.toContain(secret);
  });

  it("is in the language it was turned on in, and an owner working as a master has one of their own salon's only", async () => {
    const f = await salonWithOwner(t);
    const other = await salonWithOwner(t);
    const [ownerMaster] = await t.db
      .select({ id: masters.id })
      .from(masters)
      .where(and(eq(masters.salonId, f.salonId), eq(masters.userId, f.owner.userId)));
    const otherOwnerMaster = (await t.db.select().from(masters).where(eq(masters.userId, other.owner.userId)))[0]?.id as string;
    const mine = await book(f, { master: ownerMaster?.id });
    const theirs = await book(other, { master: otherOwnerMaster, client: (await client(other, { firstName: 'Zigrida' })).id });
    const feed = ok(await start(f, f.owner.token, 'lv')).startCalendarFeed;
    const got = await fetchFeed(feed.url);
    expect(got.events.map((e) => e.uid.split('@')[0])).toEqual([mine.id]);
    expect(got.events[0]?.summary).toBe(await serviceName(f.serviceIds[0] as string, 'lv'));
    expect(got.text).not.toContain('Zigrida');
    expect(got.text).not.toContain(theirs.id);
    // The other salon's session reads and turns on its own feed only; this salon's id is refused to it.
    refused(await read(f, other.owner.token), { reason: 'NOT_THE_SESSION_SALON' });
    refused(await start(f, other.owner.token), { reason: 'NOT_THE_SESSION_SALON' });
  });

  it('a new address ends the old one; turning it off ends it; a changed token answers nothing', async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const first = ok(await start(f, master.token)).startCalendarFeed.url as string;
    expect((await fetchFeed(first)).status).toBe(200);
    const second = ok(await start(f, master.token, 'ru')).startCalendarFeed;
    expect(second.url).not.toBe(first);
    expect(second.lang).toBe('ru');
    expect(await fetchFeed(first)).toMatchObject({ status: 404, text: 'Not found' });
    expect((await fetchFeed(second.url)).status).toBe(200);

    const mac = second.url.slice(-'x.ics'.length - 32, -'.ics'.length);
    const flipped = second.url.replace(mac, `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`);
    expect((await fetchFeed(flipped)).status).toBe(404);
    expect((await fetchFeed(second.url.replace('.ics', ''))).status).toBe(404);
    expect((await fetchFeed(`${t.url}/calendar/`)).status).toBe(404);

    expect(ok(await stop(f, master.token)).stopCalendarFeed).toBe(true);
    expect(ok(await read(f, master.token)).calendarFeed).toBeNull();
    expect((await fetchFeed(second.url)).status).toBe(404);
    // Nothing of a token reaches the log.
    expect(t.logs.join('\n')).not.toContain(mac);
  });

  it("ends with the master's access, and is the master's own: an administrator who is no master has none", async () => {
    const f = await salonWithOwner(t);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const url = ok(await start(f, master.token)).startCalendarFeed.url as string;
    expect((await fetchFeed(url)).status).toBe(200);
    ok(await t.gql(REVOKE, { input: { salonId: f.salonId, masterId: master.masterId } }, f.owner.token));
    expect((await fetchFeed(url)).status).toBe(404);

    const admin = await addStaff(t, f.salonId, 'ADMIN');
    expect(ok(await read(f, admin.token)).calendarFeed).toBeNull();
    refused(await start(f, admin.token), { code: 'Forbidden', reason: 'NOT_A_MASTER', messageId: 'calendarFeed.notMaster' });
    refused(await stop(f, admin.token), { reason: 'NOT_A_MASTER' });
    // Checked input: a language the panel does not have, a salon id that is not one.
    refused(await t.gql(START, { input: { salonId: f.salonId, lang: 'de' } }, f.owner.token), { reason: 'VALIDATION_FAILED' });
    refused(await t.gql(START, { input: { salonId: 'nope', lang: 'en' } }, f.owner.token), { reason: 'VALIDATION_FAILED' });
    refused(await t.gql(READ, { salon: f.salonId }, null), { code: 'Unauthenticated' });
  });
});
