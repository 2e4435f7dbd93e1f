import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultOnlineBooking } from '../../src/domain/rules/online-booking';
import { salons } from '../../server/db/schema';
import { addStaff, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok, refused } from '../helpers/graphql';
import { backends, useTestServer } from '../helpers/server';

/**
 * Salon settings → Online booking (issue 61): administrators save the salon's booking page settings, masters may
 * not; a page address is one salon's alone, whatever its case; bad input is refused on its field and changes nothing.
 */
const UPDATE = `mutation U($input: UpdateOnlineBookingInput!) { updateOnlineBooking(input: $input) {
  settings { onlineBooking { enabled slug serviceIds masterIds horizonDays noticeMinutes step cancelHours description address phone } } } }`;

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
