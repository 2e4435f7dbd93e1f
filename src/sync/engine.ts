import type { SalonDb } from '../db/salon-db';
import { ApiError } from '../api/api-error';
import { refreshReportDays } from '../db/queries/report-days';
import type { EarlyFirstPage } from './early-first-page';
import { cursorKey, pullAll } from './pull';
import { softReset } from './reset';
import { pushAll } from './push';
import type { Transport } from './transport';

export interface SyncStatus {
  /** The last push or pull reached the server. */
  online: boolean;
  syncing: boolean;
  /** First sync progress: cursor reached and the salon's rev when it started. */
  progress: { cursor: number; salonRev: number } | null;
  /** A pull from nothing is running (a first sync, a soft reset): the mirror does not hold the salon's rows yet. */
  firstSync: boolean;
  /** The server's client is unknown or out of order: a soft reset is needed (DESIGN.md §5.9). */
  needsReset: boolean;
  lastError: string | null;
}

export interface EngineOptions {
  db: SalonDb;
  transport: Transport;
  salonId: string;
  /** Runs `fn` only while this tab holds the profile's sync lock (Web Locks); tests may pass their own. */
  lock?: (name: string, fn: () => Promise<void>) => Promise<void>;
  /** Timer between syncs while idle. */
  intervalMs?: number;
  /** Backoff after a transient failure: base, doubled per failure, capped. */
  backoff?: { baseMs: number; maxMs: number };
  onStatus?: (status: SyncStatus) => void;
  /** The days whose report days to keep after each pull (src/db/queries/report-days.ts), or null for none. */
  reportDays?: () => { from: string; to: string } | null;
  /** The salon's first page, asked for before the mirror opened (early-first-page.ts): the first pull's to use. */
  earlyFirstPage?: EarlyFirstPage | null;
}

/** Web Locks when the browser has them; otherwise this tab simply leads (old browsers, Node tests). */
export function webLock(name: string, fn: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return fn();
  return locks.request(name, { mode: 'exclusive' }, fn).then(() => undefined);
}

/**
 * The sync engine (DESIGN.md §5): one leader tab per browser profile pushes the outbox in order, then
 * pulls; on start, on a timer, on `online` and `visibilitychange`, on every socket (re)connect and poke,
 * and when any tab adds a command (`kick`). Transient failures retry with capped exponential backoff.
 */
export class SyncEngine {
  private readonly opts: Required<Omit<EngineOptions, 'onStatus' | 'reportDays' | 'earlyFirstPage'>> &
    Pick<EngineOptions, 'onStatus' | 'reportDays'>;
  /** Taken by the first pull only (whether it uses it or not), so a page asked for long ago is never used later. */
  private early: EarlyFirstPage | null;
  private status: SyncStatus = { online: true, syncing: false, progress: null, firstSync: false, needsReset: false, lastError: null };
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private releaseLock: (() => void) | null = null;
  private cleanups: Array<() => void> = [];

  constructor(options: EngineOptions) {
    const { earlyFirstPage, ...rest } = options;
    this.opts = {
      lock: webLock,
      intervalMs: 30_000,
      backoff: { baseMs: 1000, maxMs: 60_000 },
      ...rest,
    };
    this.early = earlyFirstPage ?? null;
  }

  get state(): SyncStatus {
    return this.status;
  }

  /** Waits for the leader lock (a frozen or closed leader releases it), then syncs until stopped. */
  start(): void {
    void this.opts.lock(`salon-panel-sync:${this.opts.db.name}`, () => {
      if (this.stopped) return Promise.resolve();
      this.lead();
      return new Promise<void>((resolve) => (this.releaseLock = resolve));
    });
  }

  stop(): void {
    this.stopped = true;
    this.early = null;
    if (this.timer) clearTimeout(this.timer);
    this.cleanups.forEach((c) => c());
    this.cleanups = [];
    this.releaseLock?.();
  }

  /** Asks for a sync soon (a command was added, a poke arrived). Coalesces with a running one. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.cycle().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when no sync is running (tests and bench). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private lead(): void {
    const { transport, salonId } = this.opts;
    this.cleanups.push(
      transport.subscribe(
        salonId,
        () => this.kick(),
        () => this.kick(),
      ),
    );
    if (typeof window !== 'undefined') {
      const onOnline = () => this.kick();
      const onVisible = () => document.visibilityState === 'visible' && this.kick();
      window.addEventListener('online', onOnline);
      document.addEventListener('visibilitychange', onVisible);
      this.cleanups.push(() => {
        window.removeEventListener('online', onOnline);
        document.removeEventListener('visibilitychange', onVisible);
      });
    }
    this.kick();
  }

  private async cycle(): Promise<void> {
    const { db, transport, salonId } = this.opts;
    this.set({ syncing: true });
    try {
      const clientId = await db.clientId();
      const pushed = await pushAll(db, transport, clientId);
      if (pushed === 'gap') {
        // The server does not know our earlier commands (restored from a backup): start over as a new client.
        this.set({ needsReset: true, firstSync: true, progress: null, lastError: 'SEQ_GAP' });
        await softReset(db, transport, salonId, { newClient: true });
        this.set({ needsReset: false });
        this.again = true;
        return;
      }
      // This pull starts after the confirmations above, so it also retires those outbox entries.
      if (!(await db.getMeta<number>(cursorKey(salonId)))) this.set({ firstSync: true, progress: null });
      const early = this.early;
      this.early = null;
      await pullAll(db, transport, salonId, (cursor, salonRev) => this.set({ progress: { cursor, salonRev } }), early);
      // The report's days the pull changed are built again in the background (decision 040), and for those
      // who open the Report, this month's and last month's days are kept from the start.
      void refreshReportDays(db, salonId, this.opts.reportDays?.() ?? undefined).catch(() => undefined);
      this.failures = pushed === 'transient' ? this.failures + 1 : 0;
      this.set({ online: pushed !== 'transient', lastError: pushed === 'transient' ? 'transient' : null });
    } catch (error) {
      if (error instanceof ApiError && error.error.reason === 'CURSOR_UNKNOWN') {
        // Our cursor is ahead of the salon (server restored): download everything again, keep the outbox.
        this.set({ firstSync: true, progress: null });
        await softReset(db, transport, salonId, { newClient: false }).catch(() => undefined);
        this.again = true;
        return;
      }
      this.failures += 1;
      this.set({ online: false, lastError: String(error) });
    } finally {
      this.set({ syncing: false, firstSync: false });
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const { baseMs, maxMs } = this.opts.backoff;
    const delay = this.failures > 0 ? Math.min(maxMs, baseMs * 2 ** (this.failures - 1)) : this.opts.intervalMs;
    this.timer = setTimeout(() => this.kick(), delay);
  }

  private set(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    this.opts.onStatus?.(this.status);
  }
}
