import { eq } from 'drizzle-orm';
import { newId } from '../../src/domain/ids';
import { defaultOnlineBooking } from '../../src/domain/rules/online-booking';
import { bumpRev } from '../../server/db/rev';
import { masters, services, workingTimes } from '../../server/db/schema';
import { ok } from '../helpers/graphql';
import { captchaFor } from './accounts';
import { CREATE_APPOINTMENTS } from '../helpers/operations';
import type { TestServer } from '../helpers/server';
import { at, line, salonWithOwner } from './salon';

export const UPDATE_ONLINE_BOOKING = `mutation U($input: UpdateOnlineBookingInput!) { updateOnlineBooking(input: $input) {
  settings { onlineBooking { enabled slug serviceIds masterIds horizonDays noticeMinutes step cancelHours description address phone } } } }`;

/**
 * A salon taking online bookings (issue 61) of its 30-minute service with two masters: Anna works 10:00-12:00 in two
 * days and has a visit 10:00-11:00; Beāte works 11:00-13:00. No notice, a 30-minute step.
 */
export async function bookableSalon(t: Pick<TestServer, 'gql' | 'db'>) {
  const f = await salonWithOwner(t);
  const [first, second] = f.masterIds as [string, string];
  const groups = (await t.db.select({ groupId: services.groupId }).from(services).where(eq(services.salonId, f.salonId))).map(
    (s) => s.groupId,
  );
  await t.db.transaction(async (tx) => {
    const rev = await bumpRev(tx, f.salonId);
    await tx.update(masters).set({ serviceGroupIds: groups, firstName: 'Anna', lastName: 'Ozola', rev }).where(eq(masters.id, first));
    await tx.update(masters).set({ serviceGroupIds: groups, firstName: 'Beāte', lastName: 'Liepa', rev }).where(eq(masters.id, second));
    await tx.insert(workingTimes).values([
      { id: newId(), salonId: f.salonId, masterId: first, startAt: at(2, '10:00'), endAt: at(2, '12:00'), rev },
      { id: newId(), salonId: f.salonId, masterId: second, startAt: at(2, '11:00'), endAt: at(2, '13:00'), rev },
    ]);
  });
  const visit = line(f, { master: first, startAt: at(2, '10:00'), duration: 60, service: f.serviceIds[0] });
  ok(await t.gql(CREATE_APPOINTMENTS, { input: { salon: f.salonId, appointments: [visit] } }, f.owner.token));
  const slug = `page-${f.salonId.slice(-10).toLowerCase()}`;
  const settings = {
    ...defaultOnlineBooking({ name: 'Salon', address: 'Brīvības iela 1' }, { services: [f.serviceIds[0]!], masters: [first, second] }),
    enabled: true,
    slug,
    noticeMinutes: 0,
    step: 30,
    phone: '+37120000001',
  };
  ok(await t.gql(UPDATE_ONLINE_BOOKING, { input: { id: f.salonId, onlineBooking: settings } }, f.owner.token));
  return { f, slug, first, second, settings, service: f.serviceIds[0]! };
}

const REQUEST_CODE = `mutation R($input: RequestBookingCodeInput!) { requestBookingCode(input: $input) }`;
const CONFIRM_BOOKING = `mutation C($input: ConfirmBookingInput!) { confirmBooking(input: $input) { manageToken startAt } }`;

/** A client books `startAt` of `serviceId` on the page at `slug`: the code from the mail, then the booking. */
export async function bookOnline(t: Pick<TestServer, 'gql' | 'mail'>, slug: string, serviceId: string, startAt: string) {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  const client = { firstName: 'Ilze', lastName: 'Kalna', phone: `+3712${suffix}`, email: `ilze-${suffix}@example.test`, notes: '' };
  ok(await t.gql(REQUEST_CODE, { input: { slug, email: client.email, lang: 'en', captcha: await captchaFor(t) } }));
  const code = /\b(\d{6})\b/.exec(t.mail.last(client.email).text)?.[1];
  const input = { slug, serviceIds: [serviceId], masterId: null, startAt, client, code, lang: 'en' };
  return { client, ...ok(await t.gql(CONFIRM_BOOKING, { input })).confirmBooking };
}
