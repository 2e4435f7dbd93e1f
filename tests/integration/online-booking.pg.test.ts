import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultOnlineBooking } from '../../src/domain/rules/online-booking';
import { bumpRev } from '../../server/db/rev';
import { masters, salons, workingTimes } from '../../server/db/schema';
import { bookableSalon, UPDATE_ONLINE_BOOKING } from '../factories/online-booking';
import { addStaff, at, day, editOf, line, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ARCHIVE_APPOINTMENT, CREATE_APPOINTMENTS, DELETE_APPOINTMENT, UPDATE_APPOINTMENT } from '../helpers/operations';
import { ok, refused } from '../helpers/graphql';
import { backends, useTestServer } from '../helpers/server';

/**
 * Salon settings → Online booking (issue 61): administrators save the salon's booking page settings, masters may
 * not; a page address is one salon's alone, whatever its case; bad input is refused on its field and changes nothing.
 */
const UPDATE = UPDATE_ONLINE_BOOKING;

describe.each(backends(import.meta.url))('online booking settings on %s', (backend) => {
  const t = useTestServer(backend);

  const settingsOf = (f: SalonFixture, over: Record<string, unknown> = {}) => ({
    ...defaultOnlineBooking({ name: 'Salon', address: 'Street 1' }, { services: f.serviceIds, masters: f.masterIds }),
    enabled: true,
    slug: `salon-${f.salonId.slice(-8).toLowerCase()}`,
    ...over,
  });
  const stored = async (salonId: string) =>
    (await t.db.select({ settings: salons.settings }).from(salons).where(eq(salons.id, salonId)))[0]?.settings.onlineBooking;

  it('an administrator saves them; the address is kept in lowercase; a master may not', async () => {
    const f = await salonWithOwner(t);
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    const chosen = settingsOf(f, { slug: ` Studio-${f.salonId.slice(-6)} `, phone: '+371 2000 0001', description: 'Hair and nails' });
    const saved = ok(await t.gql(UPDATE, { input: { id: f.salonId, onlineBooking: chosen } }, admin.token)).updateOnlineBooking;
    const expected = { ...chosen, slug: `studio-${f.salonId.slice(-6).toLowerCase()}`, phone: '+37120000001' };
    expect(saved.settings.onlineBooking).toEqual(expected);
    expect(await stored(f.salonId)).toEqual(expected);

    const master = await addStaff(t, f.salonId, 'MASTER');
    refused(await t.gql(UPDATE, { input: { id: f.salonId, onlineBooking: { ...chosen, enabled: false } } }, master.token), {
      code: 'Forbidden',
    });
    expect(await stored(f.salonId)).toEqual(expected);
  });

  it('refuses an address another salon has, in any case, and frees it when that salon takes another', async () => {
    const a = await salonWithOwner(t);
    const b = await salonWithOwner(t);
    const slug = `taken-${a.salonId.slice(-8).toLowerCase()}`;
    ok(await t.gql(UPDATE, { input: { id: a.salonId, onlineBooking: settingsOf(a, { slug }) } }, a.owner.token));
    refused(await t.gql(UPDATE, { input: { id: b.salonId, onlineBooking: settingsOf(b, { slug: slug.toUpperCase() }) } }, b.owner.token), {
      reason: 'BOOKING_ADDRESS_TAKEN',
      field: 'slug',
    });
    expect(await stored(b.salonId)).toBeUndefined();
    // A turned-off page keeps its address: still taken.
    ok(await t.gql(UPDATE, { input: { id: a.salonId, onlineBooking: settingsOf(a, { slug, enabled: false }) } }, a.owner.token));
    refused(await t.gql(UPDATE, { input: { id: b.salonId, onlineBooking: settingsOf(b, { slug }) } }, b.owner.token), {
      reason: 'BOOKING_ADDRESS_TAKEN',
    });
    ok(await t.gql(UPDATE, { input: { id: a.salonId, onlineBooking: settingsOf(a, { slug: `${slug}-new` }) } }, a.owner.token));
    ok(await t.gql(UPDATE, { input: { id: b.salonId, onlineBooking: settingsOf(b, { slug }) } }, b.owner.token));
    expect((await stored(b.salonId))?.slug).toBe(slug);
  });

  it('refuses bad input on its field and changes nothing', async () => {
    const f = await salonWithOwner(t);
    const good = settingsOf(f);
    ok(await t.gql(UPDATE, { input: { id: f.salonId, onlineBooking: good } }, f.owner.token));
    for (const [bad, field] of [
      [{ slug: 'ab' }, 'onlineBooking.slug'],
      [{ slug: 'my salon' }, 'onlineBooking.slug'],
      [{ slug: 'salon--one' }, 'onlineBooking.slug'],
      [{ slug: '-salon' }, 'onlineBooking.slug'],
      [{ slug: 'x'.repeat(41) }, 'onlineBooking.slug'],
      // The page's own paths: /book/manage/{token}, /book/assets/…
      [{ slug: 'manage' }, 'onlineBooking.slug'],
      [{ slug: 'assets' }, 'onlineBooking.slug'],
      [{ serviceIds: [] }, 'onlineBooking.serviceIds'],
      [{ masterIds: [] }, 'onlineBooking.masterIds'],
      [{ horizonDays: 400 }, 'onlineBooking.horizonDays'],
      [{ noticeMinutes: 45 }, 'onlineBooking.noticeMinutes'],
      [{ step: 20 }, 'onlineBooking.step'],
      [{ cancelHours: -1 }, 'onlineBooking.cancelHours'],
      [{ description: 'x'.repeat(501) }, 'onlineBooking.description'],
      [{ phone: '+371 123' }, 'onlineBooking.phone'],
    ] as const) {
      refused(await t.gql(UPDATE, { input: { id: f.salonId, onlineBooking: { ...good, ...bad } } }, f.owner.token), {
        reason: 'VALIDATION_FAILED',
        field,
      });
    }
    // Turned off, the lists may be empty.
    ok(await t.gql(UPDATE, { input: { id: f.salonId, onlineBooking: { ...good, enabled: false, serviceIds: [] } } }, f.owner.token));
    expect(await stored(f.salonId)).toEqual({ ...good, enabled: false, serviceIds: [] });
  });
});

const PAGE = `query P($slug: String!, $lang: String) { bookingPage(slug: $slug, lang: $lang) {
  name description address phone now horizonDays step noticeMinutes cancelHours
  services { id groupId name groupName duration price } masters { id name serviceGroupIds } } }`;
const DAYS = `query D($input: BookingDaysInput!) { bookingDays(input: $input) }`;
const SLOTS = `query S($input: BookingSlotsInput!) { bookingSlots(input: $input) { startAt masterId } }`;

describe.each(backends(import.meta.url))('the booking page on %s', (backend) => {
  const t = useTestServer(backend);

  const bookable = () => bookableSalon(t);
  const choice = (slug: string, serviceIds: string[], masterId: string | null = null) => ({ slug, serviceIds, masterId });

  it('shows the page with no sign-in: the offered service, masters by first name and initial, the salon’s details', async () => {
    const { f, slug, first, second } = await bookable();
    const page = ok(await t.gql(PAGE, { slug: slug.toUpperCase(), lang: 'en' })).bookingPage;
    expect(page).toMatchObject({ description: '', address: 'Brīvības iela 1', phone: '+37120000001', step: 30, cancelHours: 24 });
    expect(page.services.map((s: { id: string }) => s.id)).toEqual([f.serviceIds[0]]);
    expect(page.masters.map((m: { id: string; name: string }) => [m.id, m.name])).toEqual([
      [first, 'Anna O.'],
      [second, 'Beāte L.'],
    ]);
    expect(page.now).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('answers free days and times from working time and bookings, for any master or one', async () => {
    const { f, slug, first } = await bookable();
    const service = [f.serviceIds[0]!];
    expect(ok(await t.gql(DAYS, { input: { ...choice(slug, service), from: day(0), to: day(10) } })).bookingDays).toEqual([day(2)]);
    const any = ok(await t.gql(SLOTS, { input: { ...choice(slug, service), date: day(2) } })).bookingSlots;
    expect(any.map((s: { startAt: string }) => s.startAt)).toEqual([at(2, '11:00'), at(2, '11:30'), at(2, '12:00'), at(2, '12:30')]);
    // Any master: the first in the page's order who is free.
    expect(any[0].masterId).toBe(first);
    const own = ok(await t.gql(SLOTS, { input: { ...choice(slug, service, first), date: day(2) } })).bookingSlots;
    expect(own).toEqual([
      { startAt: at(2, '11:00'), masterId: first },
      { startAt: at(2, '11:30'), masterId: first },
    ]);
    expect(ok(await t.gql(SLOTS, { input: { ...choice(slug, service), date: day(3) } })).bookingSlots).toEqual([]);
  });

  it('follows the front desk’s writes: a visit booked, moved, archived, deleted; working time removed', async () => {
    const { f, slug, first } = await bookable();
    const service = [f.serviceIds[0]!];
    const slots = async () =>
      (ok(await t.gql(SLOTS, { input: { ...choice(slug, service, first), date: day(2) } })).bookingSlots as { startAt: string }[]).map(
        (s) => s.startAt.slice(11),
      );
    const days = async () => ok(await t.gql(DAYS, { input: { ...choice(slug, service, first), from: day(0), to: day(10) } })).bookingDays;
    expect(await slots()).toEqual(['11:00', '11:30']);
    const [made] = ok(
      await t.gql(
        CREATE_APPOINTMENTS,
        {
          input: {
            salon: f.salonId,
            appointments: [line(f, { master: first, startAt: at(2, '11:00'), duration: 30, service: service[0] })],
          },
        },
        f.owner.token,
      ),
    ).createAppointments;
    expect(await slots()).toEqual(['11:30']);
    ok(await t.gql(UPDATE_APPOINTMENT, { input: editOf(made, { startAt: at(2, '11:30') }) }, f.owner.token));
    expect(await slots()).toEqual(['11:00']);
    ok(await t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: made.id, archived: true } }, f.owner.token));
    expect(await slots()).toEqual(['11:00', '11:30']);
    ok(await t.gql(ARCHIVE_APPOINTMENT, { input: { salon: f.salonId, appointmentId: made.id, archived: false } }, f.owner.token));
    expect(await slots()).toEqual(['11:00']);
    ok(await t.gql(DELETE_APPOINTMENT, { input: { appointmentId: made.id } }, f.owner.token));
    expect(await slots()).toEqual(['11:00', '11:30']);
    expect(await days()).toEqual([day(2)]);
    const [work] = await t.db.select().from(workingTimes).where(eq(workingTimes.masterId, first));
    await t.db.transaction(async (tx) => {
      const rev = await bumpRev(tx, f.salonId);
      await tx.update(workingTimes).set({ deletedAt: new Date(), rev }).where(eq(workingTimes.id, work!.id));
    });
    expect(await slots()).toEqual([]);
    expect(await days()).toEqual([]);
  });

  it('an unknown or turned-off address is one "not found"; only the page’s services and masters are asked about', async () => {
    const { f, slug, settings } = await bookable();
    const other = await salonWithOwner(t);
    const service = [f.serviceIds[0]!];
    expect(ok(await t.gql(PAGE, { slug: 'no-such-salon-page' })).bookingPage).toBeNull();
    refused(await t.gql(SLOTS, { input: { ...choice('no-such-salon-page', service), date: day(2) } }), {
      code: 'NotExists',
      reason: 'BOOKING_PAGE_NOT_FOUND',
    });
    refused(await t.gql(SLOTS, { input: { ...choice(slug, [f.serviceIds[1]!]), date: day(2) } }), {
      reason: 'SERVICE_NOT_OFFERED',
      field: 'serviceIds',
    });
    refused(await t.gql(SLOTS, { input: { ...choice(slug, [other.serviceIds[0]!]), date: day(2) } }), { reason: 'SERVICE_NOT_OFFERED' });
    refused(await t.gql(SLOTS, { input: { ...choice(slug, service, other.masterIds[0]!), date: day(2) } }), {
      reason: 'MASTER_NOT_OFFERED',
      field: 'masterId',
    });
    refused(await t.gql(DAYS, { input: { ...choice(slug, service), from: day(0), to: day(62) } }), { field: 'to' });
    // A master made inactive is offered no more, nor is a service only that master did.
    await t.db.update(masters).set({ status: 'INACTIVE' }).where(eq(masters.id, settings.masterIds[1]!));
    expect(ok(await t.gql(PAGE, { slug })).bookingPage.masters.map((m: { id: string }) => m.id)).toEqual([settings.masterIds[0]]);
    refused(await t.gql(SLOTS, { input: { ...choice(slug, service, settings.masterIds[1]!), date: day(2) } }), {
      reason: 'MASTER_NOT_OFFERED',
    });
    ok(await t.gql(UPDATE, { input: { id: f.salonId, onlineBooking: { ...settings, enabled: false } } }, f.owner.token));
    expect(ok(await t.gql(PAGE, { slug })).bookingPage).toBeNull();
    refused(await t.gql(DAYS, { input: { ...choice(slug, service), from: day(0), to: day(10) } }), { reason: 'BOOKING_PAGE_NOT_FOUND' });
  });
});
