import 'fake-indexeddb/auto';
import { client, runCommand, type CommandContext } from '../commands';
import { SalonDb, type FormRef } from '../salon-db';
import { newId } from '../../domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import type { CreateClientInput, UpdateClientInput } from '../../domain/schemas/client';
import type { ClientRow, EntityName } from '../../domain/entities';

/**
 * Test support for the sibling tests of src/db and src/sync (never imported by the app): a fresh mirror on
 * fake-indexeddb, the owner's command context and client rows and commands, the smallest real commands.
 */
export const SALON = 'a'.repeat(24);

export const testDb = (): SalonDb => new SalonDb(`test-${newId()}`);

export const ownerContext = (overrides: Partial<CommandContext> = {}): CommandContext => ({
  salonId: SALON,
  userId: 'b'.repeat(24),
  userName: { firstName: 'Laura', lastName: 'Ozola' },
  role: 'ADMIN',
  isOwner: true,
  now: '2026-11-22T08:00:00.000Z',
  today: '2026-11-22',
  settings: DEFAULT_SALON_SETTINGS,
  ...overrides,
});

/** A client row as the server sends it. */
export const clientRow = (overrides: Partial<ClientRow> = {}): ClientRow => ({
  id: newId(),
  salonId: SALON,
  type: 'LOCAL',
  email: null,
  firstName: 'Anna',
  lastName: 'Berzina',
  phone: null,
  notes: '',
  birthday: null,
  gender: 'FEMALE',
  blockedAt: null,
  blockedBy: null,
  language: null,
  messageConsent: true,
  defaultMasterIds: [],
  ...overrides,
});

/** The editable fields of a client, as the client form sends them. */
export type ClientFields = Pick<ClientRow, 'firstName' | 'lastName' | 'phone' | 'email' | 'notes'> & { gender: 'MALE' | 'FEMALE' };
const fieldsOf = (row: ClientRow): ClientFields => ({
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  email: row.email,
  notes: row.notes,
  gender: row.gender ?? 'FEMALE',
});

const ctx = ownerContext();
const options = (form?: FormRef) => ({ salonId: SALON, form: form ?? null, now: ctx.now });

/** client.create through runCommand; the row it shows is `clientRow({ id, ...fields })`. */
export function createClient(db: SalonDb, id: string, fields: Partial<ClientFields> = {}, form?: FormRef) {
  const input: CreateClientInput = { id, salon: SALON, ...fieldsOf(clientRow(fields)) };
  return runCommand(db, client.createClient, { ctx, input }, options(form));
}

/** client.update through runCommand, every editable field from `fields` over the defaults of `clientRow`. */
export function updateClient(db: SalonDb, id: string, fields: Partial<ClientFields>, form?: FormRef) {
  const input: UpdateClientInput = { salonId: SALON, clientId: id, ...fieldsOf(clientRow(fields)) };
  return runCommand(db, client.updateClient, { ctx, input }, options(form));
}

export function deleteClient(db: SalonDb, id: string, form?: FormRef) {
  return runCommand(db, client.deleteClient, { ctx, input: { salonId: SALON, clientId: id } }, options(form));
}

/** A mirror table's rows by id. */
export async function rowsOf(db: SalonDb, entity: EntityName): Promise<unknown[]> {
  const rows: Array<{ id: string }> = await db.mirror(entity).toArray();
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

/** Everything a command may write: mirror tables, outbox, base and meta (to show that nothing changed). */
export async function snapshot(db: SalonDb): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const table of db.tables) all[table.name] = await table.toArray();
  return all;
}
