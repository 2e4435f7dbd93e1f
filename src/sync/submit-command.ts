import { liveQuery } from 'dexie';
import { LOCAL_COMMANDS } from '../db/commands/local-commands';
import type { CommandContext, CommandDefinition, KnownRows } from '../db/commands/registry';
import { runCommand } from '../db/commands/run';
import type { CommandName } from '../domain/commands/catalogue';
import type { CommandInput } from '../domain/commands/inputs';
import type { FormRef, SalonDb } from '../db/salon-db';
import { sessionStore, type Session } from '../db/session';
import { CommandRefusal } from '../domain/command-refusal';
import { salonDate, SERVICE_TIME_ZONE } from '../domain/rules/time';
import { echoAsWritten, localEcho } from './local-echo';
import { salonMirror, syncState, type MirroredSalon } from './sync-state';

/** The rows an open form holds, which a command's preview reads (src/db/commands/registry.ts). */
export type { KnownRows };

/** What a form learns of its command: confirmed by the server, or queued (offline or no answer in time). */
export type CommandOutcome = 'accepted' | 'pending';

/** How long an open form waits for the server before it closes and leaves the change pending. */
export const ANSWER_WAIT_MS = 8000;

/** Who runs a command and when; `today` is the salon's date in its own time zone, as the server counts it. */
export function commandContext(session: Session, now = new Date(), timeZone?: string): CommandContext {
  if (!session.salon) throw new Error('no salon in session');
  return {
    salonId: session.salon,
    userId: session.id,
    userName: { firstName: session.firstName, lastName: session.lastName },
    role: session.role,
    isOwner: session.isOwner,
    now: now.toISOString(),
    // Until the mirror has the salon, the service's own zone.
    today: salonDate(now, timeZone ?? SERVICE_TIME_ZONE),
    settings: session.salonSettings,
  };
}

/**
 * How a form writes (DESIGN.md §5.1, §5.4), by the command's catalogue name: run its local effect (mirror + outbox in one transaction),
 * kick the engine, and while online wait for the server's answer so a refusal shows on the open form.
 * - resolves 'accepted' when the server confirmed it;
 * - resolves 'pending' when offline, or when no answer came in time: the change stays queued, marked
 *   pending, and a later refusal reaches the conflicts list with the form's values;
 * - throws CommandRefusal when refused, locally or by the server (that conflict is shown here, so it is
 *   not kept in the list as well).
 */
export async function submitCommand<N extends CommandName>(
  name: N,
  input: CommandInput<N>,
  options: { form?: FormRef | null; conflictId?: number | null; wait?: boolean; known?: KnownRows | null } = {},
): Promise<CommandOutcome> {
  const def = LOCAL_COMMANDS[name] as CommandDefinition<N>;
  const { db, kick } = syncState.get();
  const session = sessionStore.get();
  if (!db || !session?.salon) throw new Error('sync not started');
  const salonId = session.salon;
  const now = new Date();
  // The salon's settings as the mirror has them; the session's copy is from the last login or salon switch.
  const contextOf = (salon: MirroredSalon | null) => ({
    ...commandContext(session, now, salon?.timeZone),
    settings: salon?.settings ?? session.salonSettings,
  });
  const mirrored = salonMirror.get();
  const early = mirrored !== undefined ? contextOf(mirrored) : null;
  // The rows the form's own data shows the command will write, shown before its transaction reads (decision 052).
  const writes = early && options.known && def.preview ? def.preview({ ctx: early, input }, options.known) : null;
  const preview = writes ? localEcho.preview(writes) : null;
  try {
    // Its frame first: the transaction's start (Dexie's and IndexedDB's own work) would come before it.
    if (preview) await afterNextPaint();
    // One transaction: the command, the conflict it replaces (DESIGN.md §5.4) and the last conflict before it
    // (to tell its refusal from older ones); its mirror rows show as they are written (local-echo.ts).
    const { seq, lastConflict } = await db.transaction('rw', db.tables, async (tx) => {
      echoAsWritten(tx.idbtrans, preview);
      // Read alongside the command (same transaction, not awaited first); a refusal leaves it unread.
      const lastKey = db.conflicts.orderBy(':id').lastKey();
      lastKey.catch(() => undefined);
      const ctx = early ?? contextOf((await db.mirror('salons').get(salonId)) ?? null);
      const { seq } = await runCommand(db, def, { ctx, input }, { salonId, form: options.form ?? null, now: ctx.now });
      if (options.conflictId) await db.conflicts.delete(options.conflictId);
      return { seq, lastConflict: Number((await lastKey) ?? 0) };
    });
    kick();
    return options.wait === false || (typeof navigator !== 'undefined' && !navigator.onLine)
      ? 'pending'
      : awaitAnswer(db, seq, lastConflict);
  } finally {
    // Taken over by the transaction's own writes, or not written at all (refused, failed).
    if (preview) localEcho.withdraw(preview);
  }
}

/**
 * Resolves once the next frame has been painted, or after FRAME_WAIT_MS when none comes (a hidden tab paints no
 * frames), at once where there are no frames.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve();
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
const FRAME_WAIT_MS = 50;

/** Waits for the server's answer to `seq`; see submitCommand. */
function awaitAnswer(db: SalonDb, seq: number, afterConflict: number): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      window.removeEventListener('offline', onOffline);
      subscription.unsubscribe();
      fn();
    };
    const onOffline = () => finish(() => resolve('pending'));
    const timer = setTimeout(() => finish(() => resolve('pending')), ANSWER_WAIT_MS);
    window.addEventListener('offline', onOffline);
    const subscription = liveQuery(async () => {
      const refused = await db.conflicts
        .where(':id')
        .above(afterConflict)
        .filter((c) => c.seq === seq)
        .first();
      if (refused) return { refused };
      const entry = await db.outbox.get(seq);
      return { accepted: !entry || entry.ackedAt !== null };
    }).subscribe({
      next: (answer) => {
        if ('refused' in answer && answer.refused) {
          const conflict = answer.refused;
          finish(() => {
            void db.conflicts.delete(conflict.id as number);
            reject(new CommandRefusal(conflict.error));
          });
        } else if ('accepted' in answer && answer.accepted) finish(() => resolve('accepted'));
      },
      error: () => finish(() => resolve('pending')),
    });
  });
}
