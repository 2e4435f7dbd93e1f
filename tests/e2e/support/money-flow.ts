import { expect, type Locator, type Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { SalonShell } from '../pages/salon-shell';
import { graphql, salonRows, type PulledRow } from './api';
import { signUpOwner } from './flows';
import { catalogs, type MessageId, type Messages } from './i18n';
import type { NewOwner } from './users';

/**
 * Helpers of the money flow e2e (issue 7 item 7): a front desk books, invoices, pays by membership and sells a
 * product, in each language of the UI. Texts come from the catalogs; money is counted in cents.
 */
export type Lang = 'en' | 'lv' | 'ru';

/** A catalog message with its ICU arguments filled, as the app's react-intl formats it. */
export function say(lang: Lang, id: MessageId, values: Record<string, string | number> = {}): string {
  return String(new IntlMessageFormat(catalogs[lang][id], lang).format(values));
}

/** Cents of a row's decimal ('12.50' → 1250), without floating point. */
export function cents(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal);
  if (!match) throw new Error(`not a decimal: ${decimal}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `cents / uses`, rounded half up to the cent (part 1 §5 price per use). */
export const perUse = (total: number, uses: number): number => Math.floor((2 * total + uses) / (2 * uses));

function split(amount: number): { whole: number; fraction: string } {
  // Below 1000 €, so no language groups thousands: '€12.50', '12,50 €'.
  if (!Number.isInteger(amount) || amount < 0 || amount >= 100_000) throw new RangeError(`keep amounts in 0..999.99 €: ${amount}`);
  return { whole: Math.floor(amount / 100), fraction: String(amount % 100).padStart(2, '0') };
}

/** The shown euros: '€12.50' in English, '12,50 €' (non-breaking space) in Latvian and Russian. */
export function euros(amount: number, lang: Lang): RegExp {
  const { whole, fraction } = split(amount);
  return lang === 'en' ? new RegExp(`^€${whole}\\.${fraction}$`) : new RegExp(`^${whole},${fraction}\\s€$`);
}

/** A decimal as a person types it in that language: '120.50' or '120,50'. */
export function typed(amount: number, lang: Lang): string {
  const { whole, fraction } = split(amount);
  return `${whole}${lang === 'en' ? '.' : ','}${fraction}`;
}

/** Tomorrow in the salon's zone (Europe/Riga), YYYY-MM-DD. */
export const tomorrow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Riga' }).format(new Date(Date.now() + 24 * 3600 * 1000));
const hex24 = () => Array.from({ length: 24 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface FlowSalon {
  owner: NewOwner;
  salonId: string;
  token: string;
  date: string;
  /** The 60-minute service, named in the test's language, and its price in cents. */
  service: { id: string; name: string; price: number };
  /** A master offering it, working tomorrow 08:00-20:00. */
  master: { id: string; name: string };
}

/**
 * A fresh salon signed up on `page`, its UI switched to `lang`: a master of the 60-minute service works tomorrow
 * (set through the API, as Settings → Schedule would). Everything the flow sells is made by the test itself.
 */
export async function flowSalon(page: Page, lang: Lang): Promise<FlowSalon> {
  const owner = await signUpOwner(page, { phone: `+371 2${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` });
  const { salonId, token, rows } = await salonRows(page);
  const service = rows.find((r) => r.entity === 'services' && r.data.duration === 60) as PulledRow;
  const master = rows.find(
    (r) => r.entity === 'masters' && (r.data.serviceGroupIds as string[]).includes(service.data.groupId as string),
  ) as PulledRow;
  const date = tomorrow();
  const added = await graphql<{ errors?: unknown }>(
    page.request,
    `mutation { addWorkingTime(input: { id: "${hex24()}", salon: "${salonId}", master: "${master.id}", startAt: "${date} 08:00", endAt: "${date} 20:00" }) { workingTime { id } } }`,
    token,
  );
  expect(added.errors).toBeUndefined();
  if (lang !== 'en') await new SalonShell(page, catalogs.en).chooseLanguage(catalogs.en[`lang.${lang}`]);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const names = service.data.nameVariants as Partial<Record<Lang, string>>;
  return {
    owner,
    salonId,
    token,
    date,
    service: { id: service.id, name: names[lang] || names.en || names.lv || '', price: cents(service.data.price as string) },
    master: { id: master.id, name: `${master.data.firstName as string} ${(master.data.lastName as string | undefined) ?? ''}`.trim() },
  };
}

/** The server's rows of one entity (a full pull with the owner's token). */
export async function rowsOf(page: Page, entity: string): Promise<Record<string, unknown>[]> {
  return (await salonRows(page)).rows.filter((r) => r.entity === entity).map((r) => ({ id: r.id, ...r.data }));
}

/** A react-aria select by its label (the button's name ends with it) and one of its options. */
export async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('button', { name: new RegExp(`${escape(label)}$`) }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A search combo (client, service, product): types the name and picks the option that starts with it. */
export async function search(page: Page, combo: Locator, name: string) {
  await combo.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${escape(name)}`) }).click();
  await expect(combo).toHaveValue(name);
}

/** The Edit Appointment dialog with its Invoice tab (part 1 §2) in one language. */
export class AppointmentDialog {
  readonly root: Locator;
  constructor(
    readonly page: Page,
    readonly t: Messages,
  ) {
    this.root = page.getByRole('dialog', { name: t['appointment.edit'] });
  }

  tab(id: 'invoice.tab' | 'appointment.edit') {
    return this.root.getByRole('tab', { name: this.t[id], exact: true });
  }

  button(id: 'invoice.create' | 'invoice.pay' | 'common.cancel') {
    return this.root.getByRole('button', { name: this.t[id], exact: true });
  }

  lines() {
    return this.root.getByTestId('invoice-line');
  }

  total() {
    return this.root.getByTestId('invoice-total');
  }

  price(n: number) {
    return this.lines().nth(n).getByRole('textbox', { name: this.t['invoice.price'] });
  }
}
