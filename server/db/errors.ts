/** Name of the unique constraint a PostgreSQL error violated (drizzle wraps driver errors in `cause`). */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; constraint?: string; cause?: unknown };
    if (e.code === '23505') return e.constraint ?? 'unknown';
    current = e.cause;
  }
  return null;
}
