/** The PostgreSQL error under drizzle's wrapping (drizzle puts the driver error in `cause`). */
function driverError(error: unknown, code: string): { code?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === code) return e;
    current = e.cause;
  }
  return null;
}

/** Name of the unique constraint a PostgreSQL error violated. */
export function uniqueViolation(error: unknown): string | null {
  const e = driverError(error, '23505');
  return e ? (e.constraint ?? 'unknown') : null;
}

/** Name of the exclusion constraint a PostgreSQL error violated (SQLSTATE 23P01). */
export function exclusionViolation(error: unknown): string | null {
  const e = driverError(error, '23P01');
  return e ? (e.constraint ?? 'unknown') : null;
}
