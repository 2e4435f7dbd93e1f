import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ClientsPage } from '../pages/clients-page';
import { logIn, signUpOwner } from './flows';
import { catalogs } from './i18n';
import type { NewOwner } from './users';

const { en } = catalogs;

/** A Latvian mobile number no other test uses (and no account owns), written as a person types it. */
export function uniquePhone(): string {
  const digits = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
  return `+371 2${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** The phone as the app shows it, whatever the grouping it formats it with ('+371 23 612 501'). */
export function shownPhone(typed: string): RegExp {
  const digits = typed.replace(/\D/g, '');
  return new RegExp(`^\\+${digits.split('').join('\\s*')}$`);
}

/** A fresh owner (with a phone, so the profile dialog does not ask for one) on the Clients page. */
export async function freshSalonClients(page: Page): Promise<{ owner: NewOwner; clients: ClientsPage }> {
  const owner = await signUpOwner(page, { phone: '+371 2000 1234' });
  const clients = new ClientsPage(page);
  await clients.openFromMenu();
  return { owner, clients };
}

/** The same user signed in from another browser profile (a second device), on the Clients page. */
export async function secondDevice(
  browser: Browser,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; clients: ClientsPage }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  const clients = new ClientsPage(page);
  await clients.openFromMenu();
  return { context, clients };
}

export const ownerName = (owner: NewOwner) => `${owner.firstName} ${owner.lastName}`;

/** en['client.blockedOn'] ('Blocked on {date} by {name}') for the owner, any date. */
export function blockedOn(owner: NewOwner): RegExp {
  const [before, after] = en['client.blockedOn'].split('{date}') as [string, string];
  return new RegExp(`^${before}.+${after.replace('{name}', ownerName(owner))}$`);
}
