/**
 * Bookings that arrived on a shown day from elsewhere (another device, through sync) since it was last seen:
 * the screen says them to screen readers (issue 63). Nothing is said when the day was not seen before (a new
 * day, the first read, the first sync), nor for rows of this device's own commands (`isLocal`).
 */
export function arrivals<R extends { id: string }>(
  before: ReadonlySet<string> | null,
  now: readonly R[],
  isLocal: (id: string) => boolean,
): R[] {
  if (before === null) return [];
  return now.filter((r) => !before.has(r.id) && !isLocal(r.id));
}
