import { nameIn } from './names';

/**
 * What a refused command was about, for its entry in "Changes the server refused" (issue 24 item 1): the
 * appointment's client, master or cabinet and start, or the name the form gave (a client's, a product's,
 * a cabinet's in the user's language, a membership's serial number). Read from the command's arguments, so it
 * needs no row that the refusal may have undone; the screen turns the ids into names from the mirror.
 */
export interface ConflictSubject {
  startAt: string | null;
  clientId: string | null;
  masterId: string | null;
  cabinetId: string | null;
  name: string | null;
}

type Loose = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const id = (o: Loose, ...keys: string[]): string | null => keys.map((k) => text(o[k])).find(Boolean) ?? null;

export function conflictSubject(args: unknown, language: string): ConflictSubject {
  const outer = (args && typeof args === 'object' ? args : {}) as Loose;
  // Commands keep their input under `input`, beside the device's context.
  const a = (outer.input && typeof outer.input === 'object' ? outer.input : outer) as Loose;
  const lines = a.appointments;
  const first = (Array.isArray(lines) && lines[0] && typeof lines[0] === 'object' ? lines[0] : a) as Loose;
  const person = [text(a.firstName), text(a.lastName)].filter(Boolean).join(' ') || null;
  const variants = a.nameVariants && typeof a.nameVariants === 'object' ? nameIn(a.nameVariants as Loose, language) || null : null;
  const serial = typeof a.serialNumber === 'number' || typeof a.serialNumber === 'string' ? `#${String(a.serialNumber)}` : null;
  return {
    startAt: text(first.startAt),
    clientId: id(first, 'client', 'clientId'),
    masterId: id(first, 'master', 'masterId'),
    cabinetId: id(first, 'cabinet', 'cabinetId'),
    name: person ?? text(a.name) ?? variants ?? serial,
  };
}
