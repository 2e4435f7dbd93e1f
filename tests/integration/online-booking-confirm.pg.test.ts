import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { appointments, bookingCodes, clients, onlineBookings } from '../../server/db/schema';
import { captchaFor } from '../factories/accounts';
import { bookableSalon, UPDATE_ONLINE_BOOKING } from '../factories/online-booking';
import { at, clientInput, day, line } from '../factories/salon';
import { ok, refused } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/**
 * A booking made on the page (issue 61 items 2, 4, 5, 7): the e-mail's one-time code, the booking as a CLIENT's
 * appointment linked to the salon's client found by phone or made, the mail with its .ics and manage link; a time
 * taken meanwhile, a blocked client, a wrong or used code, and bad input change nothing.
 */
const REQUEST = `mutation R($input: RequestBookingCodeInput!) { requestBookingCode(input: $input) }`;
const CONFIRM = `mutation C($input: ConfirmBookingInput!) { confirmBooking(input: $input) {
  manageToken salon address phone services master startAt endAt changeUntil } }`;
const SLOTS = `query S($input: BookingSlotsInput!) { bookingSlots(input: $input) { startAt masterId } }`;
const MANAGED = `query M($token: String!, $lang: String) { managedBooking(token: $token, lang: $lang) {
  salon services master serviceIds masterId startAt endAt cancelled changeUntil slug } }`;
const MOVE = `mutation V($input: MoveBookingInput!) { moveBooking(input: $input) { startAt endAt cancelled changeUntil } }`;
const CANCEL = `mutation X($input: CancelBookingInput!) { cancelBooking(input: $input) { startAt cancelled changeUntil } }`;

describe.each(backends(import.meta.url))('booking on the page on %s', (backend) => {
  // Many bookings from one address in a run: the per-address limits are the shared mechanism's, tested with it.
  const t = useTestServer(backend, ROOMY_LIMITS);
  let n = 0;
  const person = () => {
    n += 1;
    const suffix = `${Date.now()}${n}`.slice(-7);
    return { firstName: 'Ilze', lastName: 'Kalna', phone: `+3712${suffix}`, email: `ilze-${suffix}@example.test`, notes: '' };
  };
  const codeFor = async (slug: string, email: string, lang = 'lv') => {
    ok(await t.gql(REQUEST, { input: { slug, email, lang, captcha: await captchaFor(t) } }));
    const code = /\b(\d{6})\b/.exec(t.mail.last(email).text)?.[1];
    expect(code).toBeDefined();
    return code as string;
  };
  const confirm = (slug: string, service: string, client: ReturnType<typeof person>, code: string, over: Record<string, unknown> = {}) =>
    t.gql(CONFIRM, { input: { slug, serviceIds: [service], masterId: null, startAt: at(2, '11:00'), client, code, lang: 'lv', ...over } });

  it('books with the code: a CLIENT’s appointment, a new client, the mail with its calendar file and link', async () => {
    const { f, slug, service, first } = await bookableSalon(t);
    const client = person();
    const code = await codeFor(slug, client.email);
    expect(t.mail.last(client.email).subject).toContain(code);
    const done = ok(await confirm(slug, service, { ...client, notes: 'First visit' }, code)).confirmBooking;
    expect(done).toMatchObject({ startAt: at(2, '11:00'), endAt: at(2, '11:30'), master: 'Anna O.', address: 'Brīvības iela 1' });
    expect(done.changeUntil).toBe(`${day(1)} 11:00`);

    const [row] = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.salonId, f.salonId), eq(appointments.startAt, at(2, '11:00'))));
    expect(row).toMatchObject({
      masterId: first,
      serviceId: service,
      authorRole: 'CLIENT',
      authorId: null,
      notes: 'First visit',
      archived: false,
    });
    const [made] = await t.db.select().from(clients).where(eq(clients.id, row!.clientId!));
    expect(made).toMatchObject({
      salonId: f.salonId,
      firstName: 'Ilze',
      lastName: 'Kalna',
      phone: client.phone,
      email: client.email,
      language: 'lv',
    });
    const [booking] = await t.db.select().from(onlineBookings).where(eq(onlineBookings.salonId, f.salonId));
    expect(booking).toMatchObject({ clientId: made!.id, appointmentIds: [row!.id], email: client.email });

    const mail = t.mail.last(client.email);
    expect(mail.subject).toContain('Salon');
    expect(mail.links.some((link) => link.includes(`/book/manage/${done.manageToken}`))).toBe(true);
    const event = new ICAL.Component(ICAL.parse(mail.calendar)).getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('location')).toBe('Brīvības iela 1');
    expect(String(event?.getFirstPropertyValue('summary'))).toContain('Salon');
    // The time is no longer offered; the code made this booking only.
    const slots = ok(await t.gql(SLOTS, { input: { slug, serviceIds: [service], masterId: first, date: day(2) } })).bookingSlots;
    expect(slots.map((s: { startAt: string }) => s.startAt)).toEqual([at(2, '11:30')]);
    refused(await confirm(slug, service, client, code, { startAt: at(2, '11:30') }), { reason: 'BOOKING_CODE_INVALID', field: 'code' });
  });

  it('a time taken meanwhile: exactly one client wins, the other is offered the nearest; a tablet’s later booking is refused', async () => {
    const { f, slug, service, first } = await bookableSalon(t);
    const [a, b] = [person(), person()];
    const [codeA, codeB] = [await codeFor(slug, a.email), await codeFor(slug, b.email)];
    const wanted = { masterId: first, startAt: at(2, '11:30') };
    const results = await Promise.all([confirm(slug, service, a, codeA, wanted), confirm(slug, service, b, codeB, wanted)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    const lost = refused(
      results.find((r) => r.errors)!,
      { reason: 'SLOT_TAKEN', field: 'startAt' },
    );
    expect((lost.extensions as { nearest?: string[] }).nearest).toEqual([at(2, '11:00')]);
    // The loser's code still works for another time.
    const loser = results[0]!.errors ? { client: a, code: codeA } : { client: b, code: codeB };
    ok(await confirm(slug, service, loser.client, loser.code, { masterId: first, startAt: at(2, '11:00') }));
    // The front desk, back online, books Anna at 11:30 too: refused as any overlap is.
    const tablet = line(f, { master: first, startAt: at(2, '11:30'), duration: 30 });
    refused(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [tablet] } }, f.owner.token), {
      reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD',
    });
  });

  it('links a known client by phone; a blocked client is refused politely and nothing is stored', async () => {
    const { f, slug, service } = await bookableSalon(t);
    const known = person();
    const input = clientInput(f.salonId, { firstName: 'Zane', lastName: 'Bērziņa', phone: known.phone, email: null });
    const created = ok(await t.gql(CREATE_CLIENT, { input }, f.owner.token)).createClient;
    ok(await confirm(slug, service, known, await codeFor(slug, known.email)));
    const [visit] = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.salonId, f.salonId), eq(appointments.startAt, at(2, '11:00'))));
    expect(visit?.clientId).toBe(created.id);
    // The salon's record keeps its names; its blank e-mail is filled.
    expect((await t.db.select().from(clients).where(eq(clients.id, created.id)))[0]).toMatchObject({
      firstName: 'Zane',
      email: known.email,
    });

    const blocked = person();
    const blockedInput = clientInput(f.salonId, { firstName: 'Ieva', phone: blocked.phone, blocked: true });
    ok(await t.gql(CREATE_CLIENT, { input: blockedInput }, f.owner.token));
    const code = await codeFor(slug, blocked.email);
    const error = refused(await confirm(slug, service, blocked, code, { startAt: at(2, '12:00') }), { reason: 'BOOKING_NOT_ACCEPTED' });
    expect(error.extensions?.field ?? null).toBeNull();
    expect(
      await t.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.salonId, f.salonId), eq(appointments.startAt, at(2, '12:00')))),
    ).toEqual([]);
  });

  it('a wrong code counts; five wrong ones end it; a code is for its e-mail; the captcha and the limits hold', async () => {
    const { slug, service } = await bookableSalon(t);
    const client = person();
    const code = await codeFor(slug, client.email);
    const other = person();
    refused(await confirm(slug, service, { ...other, email: other.email }, code), { reason: 'BOOKING_CODE_INVALID' });
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) refused(await confirm(slug, service, client, wrong), { reason: 'BOOKING_CODE_INVALID', field: 'code' });
    refused(await confirm(slug, service, client, code), { reason: 'BOOKING_CODE_INVALID' });
    const [row] = await t.db.select().from(bookingCodes).where(eq(bookingCodes.email, client.email));
    expect(row?.attempts).toBe(5);
    expect(row?.codeHash).not.toContain(code);

    refused(await t.gql(REQUEST, { input: { slug, email: client.email, lang: 'en', captcha: 'not-solved' } }), {
      reason: 'CAPTCHA_FAILED',
      field: 'captcha',
    });
    for (let i = 0; i < 4; i++) await codeFor(slug, client.email);
    refused(await t.gql(REQUEST, { input: { slug, email: client.email, lang: 'en', captcha: await captchaFor(t) } }), {
      reason: 'RATE_LIMITED',
    });
  });

  it('refuses bad input on its field and stores nothing', async () => {
    const { f, slug, service } = await bookableSalon(t);
    const client = person();
    const code = await codeFor(slug, client.email);
    for (const [over, field] of [
      [{ client: { ...client, email: 'not-an-email' } }, 'client.email'],
      [{ client: { ...client, phone: '20000001' } }, 'client.phone'],
      [{ client: { ...client, phone: '+371 123' } }, 'client.phone'],
      [{ client: { ...client, lastName: ' ' } }, 'client.lastName'],
      [{ client: { ...client, firstName: 'x'.repeat(81) } }, 'client.firstName'],
      [{ startAt: '2026-13-01 10:00' }, 'startAt'],
      [{ code: '12345' }, 'code'],
      [{ serviceIds: [] }, 'serviceIds'],
      [{ serviceIds: [newId()] }, 'serviceIds'],
    ] as const) {
      refused(await confirm(slug, service, client, code, over), { field });
    }
    refused(await confirm(slug, service, client, code, { startAt: at(2, '10:00'), masterId: null }), { reason: 'SLOT_TAKEN' });
    expect(await t.db.select().from(onlineBookings).where(eq(onlineBookings.salonId, f.salonId))).toEqual([]);
    expect(await t.db.select().from(clients).where(eq(clients.phone, client.phone))).toEqual([]);
  });

  it('the manage link: the visit as it stands, moved to another free time, cancelled; closed once the window passes', async () => {
    const { f, slug, service, first, settings } = await bookableSalon(t);
    const client = person();
    const { manageToken } = ok(await confirm(slug, service, client, await codeFor(slug, client.email))).confirmBooking;
    const view = ok(await t.gql(MANAGED, { token: manageToken, lang: 'en' })).managedBooking;
    expect(view).toMatchObject({
      master: 'Anna O.',
      serviceIds: [service],
      masterId: first,
      startAt: at(2, '11:00'),
      cancelled: false,
      slug,
    });
    expect(ok(await t.gql(MANAGED, { token: `${manageToken.slice(0, -2)}xx` })).managedBooking).toBeNull();

    // Its own time does not count as busy when it looks for another.
    const free = ok(
      await t.gql(SLOTS, { input: { slug, serviceIds: [service], masterId: first, date: day(2), manageToken } }),
    ).bookingSlots;
    expect(free.map((s: { startAt: string }) => s.startAt)).toEqual([at(2, '11:00'), at(2, '11:30')]);
    refused(await t.gql(MOVE, { input: { token: manageToken, startAt: at(2, '12:00') } }), { reason: 'SLOT_TAKEN' });
    const moved = ok(await t.gql(MOVE, { input: { token: manageToken, startAt: at(2, '11:30'), lang: 'en' } })).moveBooking;
    expect(moved).toMatchObject({ startAt: at(2, '11:30'), endAt: at(2, '12:00'), cancelled: false });
    expect(t.mail.last(client.email).subject).toContain('moved');
    expect(t.mail.last(client.email).calendar).toContain('BEGIN:VEVENT');

    const cancelled = ok(await t.gql(CANCEL, { input: { token: manageToken } })).cancelBooking;
    expect(cancelled).toMatchObject({ startAt: null, cancelled: true, changeUntil: null });
    const [row] = await t.db.select().from(onlineBookings).where(eq(onlineBookings.salonId, f.salonId));
    const [visit] = await t.db.select().from(appointments).where(eq(appointments.id, row!.appointmentIds[0]!));
    expect(visit?.deletedAt).not.toBeNull();
    refused(await t.gql(CANCEL, { input: { token: manageToken } }), { reason: 'BOOKING_CHANGE_CLOSED' });

    // Booked again; the salon then allows changes only until 72 hours before: too late now, call the salon.
    const again = person();
    const second = ok(await confirm(slug, service, again, await codeFor(slug, again.email))).confirmBooking;
    ok(await t.gql(UPDATE_ONLINE_BOOKING, { input: { id: f.salonId, onlineBooking: { ...settings, cancelHours: 72 } } }, f.owner.token));
    expect(ok(await t.gql(MANAGED, { token: second.manageToken })).managedBooking.changeUntil).toBeNull();
    refused(await t.gql(CANCEL, { input: { token: second.manageToken } }), { reason: 'BOOKING_CHANGE_CLOSED' });
    refused(await t.gql(MOVE, { input: { token: second.manageToken, startAt: at(2, '11:30') } }), { reason: 'BOOKING_CHANGE_CLOSED' });
  });
});
