import type { DayData, Provider } from './day-data';

/** Equal by value: primitives, and arrays and plain objects of them (mirror rows are plain JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => sameValue(x[k], y[k]));
}

/**
 * Read rows already found equal to a row given out, and that row: the same read is given again (its live query
 * re-runs only after a write, and every echo is merged over the same read), so each is compared once. Rows are
 * never changed in place.
 */
const keptFor = new WeakMap<object, unknown>();

/** `old` when `value` equals it (`value` itself otherwise). */
function keep<V>(old: V | undefined, value: V): V {
  if (old === undefined || old === value) return value;
  const isObject = typeof value === 'object' && value !== null;
  if (isObject && keptFor.get(value) === old) return old;
  if (!sameValue(old, value)) return value;
  if (isObject) keptFor.set(value, old);
  return old;
}

/** A list given out, by id: made once per list (each echo and re-read of the day shares with the same last list). */
const idsOf = new WeakMap<readonly object[], Map<string, unknown>>();

function byIdOf<T extends { id: string }>(list: readonly T[]): Map<string, T> {
  let byId = idsOf.get(list) as Map<string, T> | undefined;
  if (!byId) {
    byId = new Map(list.map((r) => [r.id, r]));
    idsOf.set(list, byId);
  }
  return byId;
}

/** `next` with every row equal to one of `prev` replaced by that row; `prev` itself when nothing changed. */
function shareList<T extends { id: string }>(prev: readonly T[] | undefined, next: T[]): T[] {
  if (!prev) return next;
  const byId = byIdOf(prev);
  const shared = next.map((r) => keep(byId.get(r.id), r));
  return shared.length === prev.length && shared.every((r, i) => r === prev[i]) ? (prev as T[]) : shared;
}

function shareMap<V>(prev: Map<string, V> | undefined, next: Map<string, V>): Map<string, V> {
  if (!prev) return next;
  let same = prev.size === next.size;
  const shared = new Map<string, V>();
  for (const [key, value] of next) {
    const old = prev.get(key);
    const kept = keep(old, value);
    if (kept !== old) same = false;
    shared.set(key, kept);
  }
  return same ? prev : shared;
}

/**
 * The day read again (a live query re-runs after every write) sharing what did not change with the last
 * read: unchanged rows, lists and maps keep their identity, so memoized columns and cards skip their render
 * and a write repaints only the cards it touched. The last read itself when nothing changed.
 */
export function shareDay(prev: DayData | undefined, next: DayData): DayData {
  if (!prev) return next;
  const shared: DayData = {
    providers: shareList<Provider>(prev.providers, next.providers),
    appointments: shareList(prev.appointments, next.appointments),
    services: shareMap(prev.services, next.services),
    groups: shareMap(prev.groups, next.groups),
    clients: shareMap(prev.clients, next.clients),
    invoices: shareMap(prev.invoices, next.invoices),
    names: shareMap(prev.names, next.names),
  };
  const keys = Object.keys(shared) as (keyof DayData)[];
  return keys.every((k) => shared[k] === prev[k]) ? prev : shared;
}
