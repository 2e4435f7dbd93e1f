import type { ClientRow } from '../entities';
import type { ClientImportValue } from './import-rows';

/**
 * What an imported row does to a client the salon already has (issue 58 item 2): the owner chooses to skip it, to
 * fill only what the client lacks, or to overwrite with what the file says. Only the fields the file has a column
 * for are touched, and a blank cell never erases. A row that would change nothing changes nothing, so importing the
 * same file twice changes nothing the second time.
 */
export const MERGE_MODES = ['skip', 'fill', 'overwrite'] as const;
export type MergeMode = (typeof MERGE_MODES)[number];

export type ClientFieldKey = keyof ClientImportValue;
const FIELDS: readonly ClientFieldKey[] = ['firstName', 'lastName', 'gender', 'phone', 'email', 'notes', 'birthday'];

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** The client as the row leaves it, or null when the row changes nothing. */
export function mergedClient(
  existing: Pick<ClientRow, ClientFieldKey>,
  row: ClientImportValue,
  given: ReadonlySet<ClientFieldKey>,
  mode: MergeMode,
): ClientImportValue | null {
  const current: ClientImportValue = {
    firstName: existing.firstName,
    lastName: existing.lastName,
    gender: existing.gender ?? row.gender,
    phone: existing.phone,
    email: existing.email,
    notes: existing.notes,
    birthday: existing.birthday,
  };
  if (mode === 'skip') return null;
  const next = { ...current };
  let changed = existing.gender === null;
  for (const field of FIELDS) {
    if (!given.has(field) || blank(row[field])) continue;
    if (mode === 'fill' && !blank(current[field])) continue;
    if (row[field] === current[field]) continue;
    (next as Record<ClientFieldKey, unknown>)[field] = row[field];
    changed = true;
  }
  return changed ? next : null;
}

/** The key two rows without phone or e-mail are the same client by: the name, without case or extra spaces. */
export const nameKey = (firstName: string, lastName: string) => `${firstName} ${lastName}`.toLowerCase().replace(/\s+/g, ' ').trim();
