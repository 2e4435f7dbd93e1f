import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { newId } from '../../src/domain/ids';
import { hashPassword } from '../../server/auth/password';
import { administrators, cabinets, invoiceItems, invoices, masters, salons, services, users } from '../../server/db/schema';
import { bumpRev } from '../../server/db/rev';
import type { SalonSettings } from '../../src/domain/rules/salon-defaults';
import { logIn, signUpOwner, uniqueSuffix, type Owner } from './accounts';
import type { TestServer } from '../helpers/server';

type T = Pick<TestServer, 'gql' | 'db'>;

/** Salon date n days from today (Europe/Riga), YYYY-MM-DD. */
export const day = (n = 1): string => Temporal.Now.plainDateISO('Europe/Riga').add({ days: n }).toString();
/** Salon wall time 'YYYY-MM-DD HH:mm' on `day(n)`. */
export const at = (n: number, time: string): string => `${day(n)} ${time}`;

export interface Staff {
  token: string;
  userId: string;
  /** The master row of a MASTER (null for an administrator). */
  masterId: string | null;
}

export interface SalonFixture {
  owner: Owner;
  salonId: string;
  /** Live masters of the salon, oldest first (sign-up makes three default ones and the owner). */
  masterIds: string[];
  /** The default services (30, 60, 120 minutes). */
  serviceIds: string[];
  cabinetIds: string[];
}

/** A signed-up owner with a set-up salon plus `cabinetCount` cabinets. */
export async function salonWithOwner(t: T, cabinetCount = 2): Promise<SalonFixture> {
  const owner = await signUpOwner(t);
  const salonId = owner.salonId;
  const masterRows = await t.db
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, salonId), isNull(masters.deletedAt)))
    .orderBy(asc(masters.createdAt), asc(masters.id));
  const serviceRows = await t.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.salonId, salonId))
    .orderBy(asc(services.duration));
  const cabinetIds = Array.from({ length: cabinetCount }, () => newId());
  if (cabinetCount > 0) {
    await t.db.transaction(async (tx) => {
      const rev = await bumpRev(tx, salonId);
      await tx.insert(cabinets).values(cabinetIds.map((id, i) => ({ id, salonId, nameVariants: { en: `Cabinet ${i + 1}` }, rev })));
    });
  }
  return { owner, salonId, masterIds: masterRows.map((m) => m.id), serviceIds: serviceRows.map((s) => s.id), cabinetIds };
}

/** A user with a login: an administrator (not the owner) or a master of the salon. */
export async function addStaff(t: T, salonId: string, role: 'ADMIN' | 'MASTER'): Promise<Staff> {
  const userId = newId();
  const email = `${role.toLowerCase()}-${uniqueSuffix()}@example.test`;
  const password = 'staff-password-1';
  await t.db.insert(users).values({
    id: userId,
    email,
    passwordHash: await hashPassword(password),
    firstName: role === 'ADMIN' ? 'Agnese' : 'Edgars',
    lastName: 'Liepa',
    emailVerified: true,
  });
  let masterId: string | null = null;
  await t.db.transaction(async (tx) => {
    const rev = await bumpRev(tx, salonId);
    if (role === 'ADMIN') await tx.insert(administrators).values({ id: newId(), salonId, userId, rev });
    else {
      masterId = newId();
      await tx.insert(masters).values({ id: masterId, salonId, userId, firstName: 'Edgars', lastName: 'Liepa', type: 'GLOBAL', rev });
    }
  });
  const session = await logIn(t, email, password);
  return { token: session.token, userId, masterId };
}

/** Changes salon settings directly (there is no settings mutation yet). */
export async function setSettings(t: T, salonId: string, patch: Partial<SalonSettings>): Promise<void> {
  await t.db
    .update(salons)
    .set({ settings: sql`${salons.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(salons.id, salonId));
}

/** A paid (or draft) invoice for an appointment, written directly (invoice mutations come later). */
export async function addInvoice(t: T, salonId: string, appointmentId: string, serviceId: string, paid = true): Promise<string> {
  const id = newId();
  await t.db.transaction(async (tx) => {
    const rev = await bumpRev(tx, salonId);
    await tx.insert(invoices).values({ id, salonId, appointmentId, paid, paidAt: paid ? new Date() : null, totalPrice: '20.00', rev });
    await tx.insert(invoiceItems).values({
      id: newId(),
      salonId,
      invoiceId: id,
      type: 'SERVICE',
      entityId: serviceId,
      quantity: 1,
      price: '20.00',
      paymentType: 'CASH',
      rev,
    });
  });
  return id;
}

/** One appointment line of createAppointments with a fresh id. */
export function line(f: SalonFixture, overrides: Record<string, unknown> = {}) {
  return {
    id: newId(),
    master: f.masterIds[0],
    cabinet: null,
    client: null,
    service: f.serviceIds[0],
    duration: 30,
    startAt: at(1, '10:00'),
    notes: '',
    ...overrides,
  };
}

/** updateAppointment's input for an appointment as the API answered it, with `overrides` (a move, an edit). */
export function editOf(a: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    appointmentId: a.id,
    master: a.masterId,
    cabinet: a.cabinetId,
    client: a.clientId,
    service: a.serviceId,
    duration: a.duration,
    startAt: a.startAt,
    notes: a.notes,
    ...overrides,
  };
}

/** Fresh client fields for createClient. */
export function clientInput(salonId: string, overrides: Record<string, unknown> = {}) {
  const n = Math.floor(Math.random() * 9_000_000) + 1_000_000;
  return {
    id: newId(),
    salon: salonId,
    firstName: 'Ilze',
    lastName: 'Kalna',
    gender: 'FEMALE',
    phone: `+3712${n}`,
    email: null,
    notes: '',
    birthday: null,
    blocked: false,
    ...overrides,
  };
}
