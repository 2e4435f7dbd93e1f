import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { solveCaptcha } from '../../helpers/captcha';
import { graphql, salonRows } from './api';
import { waitForMailWith } from './mailbox';
import { unique } from './users';

/** Tomorrow in the salon's zone (Europe/Riga), YYYY-MM-DD: the tests pass at any hour. */
export const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 86_400_000),
  );

/** A GraphQL call on `page`'s request context that must succeed. */
export async function call(page: Page, query: string, variables: Record<string, unknown>, token?: string) {
  const body = await graphql<{ data?: Record<string, unknown>; errors?: unknown }>(page.request, query, token, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

export interface BookablePage {
  salonId: string;
  token: string;
  slug: string;
  date: string;
  serviceId: string;
  masterId: string;
}

/**
 * The signed-in owner's new salon takes bookings at a page of its own (set through the API, as the settings screen
 * would): one master works tomorrow 08:00-20:00 and is the page's only one; one service; no notice, a 30-minute step,
 * changes until the visit starts.
 */
export async function bookablePage(page: Page): Promise<BookablePage> {
  const { salonId, token, rows } = await salonRows(page);
  const service = rows.find((r) => r.entity === 'services')!;
  const master = rows.find((r) => r.entity === 'masters' && (r.data.serviceGroupIds as string[]).includes(service.data.groupId as string))!;
  const date = tomorrow();
  await call(
    page,
    'mutation W($i: AddWorkingTimeInput!) { addWorkingTime(input: $i) { workingTime { id } } }',
    { i: { id: randomBytes(12).toString('hex'), salon: salonId, master: master.id, startAt: `${date} 08:00`, endAt: `${date} 20:00` } },
    token,
  );
  const slug = `page-${unique()}`.toLowerCase().slice(0, 40);
  const onlineBooking = {
    enabled: true,
    slug,
    serviceIds: [service.id],
    masterIds: [master.id],
    horizonDays: 60,
    noticeMinutes: 0,
    step: 30,
    // Clients may change a visit until it starts: tomorrow's, at any hour the test runs.
    cancelHours: 0,
    description: '',
    address: 'Brīvības iela 1',
    phone: '+371 2000 0001',
  };
  await call(
    page,
    'mutation U($i: UpdateOnlineBookingInput!) { updateOnlineBooking(input: $i) { id } }',
    { i: { id: salonId, onlineBooking } },
    token,
  );
  return { salonId, token, slug, date, serviceId: service.id, masterId: master.id };
}

/** A client books `startAt` on the page through its API: a code by e-mail, then the booking. */
export async function bookThroughApi(page: Page, booking: BookablePage, startAt: string, masterId: string | null = null) {
  const email = `client-${unique()}@example.test`;
  const challenge = (await call(page, 'query Captcha { captchaChallenge }', {})).captchaChallenge as string;
  await call(page, 'mutation R($i: RequestBookingCodeInput!) { requestBookingCode(input: $i) }', {
    i: { slug: booking.slug, email, lang: 'en', captcha: await solveCaptcha(challenge) },
  });
  const code = /\b(\d{6})\b/.exec(await waitForMailWith(email, 'code'))?.[1];
  const client = { firstName: 'Ilze', lastName: 'Kalna', phone: `+3712${String(Date.now()).slice(-7)}`, email };
  await call(page, 'mutation C($i: ConfirmBookingInput!) { confirmBooking(input: $i) { startAt } }', {
    i: { slug: booking.slug, serviceIds: [booking.serviceId], masterId, startAt, client, code, lang: 'en' },
  });
  return email;
}
