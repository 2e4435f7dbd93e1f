/**
 * What the server log says of an unexpected error (DESIGN.md §6, §7): the operation, its code, a request id and
 * where it came from; never a message. A failed SQL statement's message holds its parameters (password hashes,
 * e-mails, phones), a driver's detail holds the row's values, and a thrown error's message may hold input.
 */
export function errorSummary(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { name?: unknown; code?: unknown; constraint?: unknown; cause?: unknown; stack?: unknown };
    const ctor = (current as { constructor?: { name?: unknown } }).constructor?.name;
    const name =
      typeof e.name === 'string' && e.name !== 'Error' && e.name !== 'error' ? e.name : typeof ctor === 'string' ? ctor : typeof current;
    const sqlState = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? ` sqlstate=${e.code}` : '';
    const constraint = typeof e.constraint === 'string' ? ` constraint=${e.constraint}` : '';
    parts.push(`${name}${sqlState}${constraint}`);
    current = e.cause;
  }
  const at = origin(error);
  return `${parts.join(' <- ')}${at ? ` at ${at}` : ''}`;
}

/** The first frame of our own code in the stack (file:line), without the message line above it. */
function origin(error: unknown): string | null {
  const stack = (error as { stack?: unknown } | null)?.stack;
  if (typeof stack !== 'string') return null;
  const frame = stack.split('\n').find((line) => /^\s+at /.test(line) && /\/(server|src)\//.test(line) && !line.includes('node_modules'));
  const match = frame ? /\/((?:server|src)\/[^:)]+:\d+)/.exec(frame) : null;
  return match?.[1] ?? null;
}
