import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { ServerErrorShape } from '../domain/errors';
import { newId } from '../domain/ids';
import type { EntityName, EntityRows } from '../domain/entities';
import type { CommandName, FormKind } from '../domain/commands/catalogue';
import { keepReportDaysTrue, REPORT_DAYS } from './report-days';

/**
 * The IndexedDB mirror of one signed-in user (DESIGN.md §5): one table per synced entity holding what
 * screens show (the server's confirmed rows with pending commands replayed on top), plus:
 * - outbox: commands not yet confirmed, by seq;
 * - base: the confirmed copy of every row a pending command changed (to replay commands on new server data);
 * - conflicts: commands the server refused, with the form they came from;
 * - meta: clientId, next seq, pull cursors;
 * - reportDays: the report's days, a copy of invoices and appointments kept true on every write (report-days.ts).
 */
export interface OutboxEntry {
  seq: number;
  name: CommandName;
  args: unknown;
  /** Mirror rows the command changed, as 'entity:id'. */
  touched: string[];
  /** The form the command came from, to reopen it on a refusal (DESIGN.md §5.4). */
  form: FormRef | null;
  salonId: string;
  createdAt: string;
  /**
   * Set (from the local ack counter, never the clock) when the server confirmed it; the entry stays for
   * re-bases until a pull that started after the confirmation has completed.
   */
  ackedAt: number | null;
}

export interface FormRef {
  /** The catalogue's form kind (src/domain/commands/catalogue.ts): where a refusal reopens. */
  kind: FormKind;
  values: unknown;
}

export interface Conflict {
  id?: number;
  seq: number;
  name: CommandName;
  args: unknown;
  form: FormRef | null;
  error: ServerErrorShape;
  salonId: string;
  createdAt: string;
}

export interface BaseEntry {
  /** 'entity:id' */
  key: string;
  entity: EntityName;
  id: string;
  /** The confirmed row, or null when the server has none. */
  row: unknown | null;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

type MirrorTables = { [E in EntityName]: Table<EntityRows[E] & { rev?: number }, string> };

export const SCHEMA_VERSION = 7;

/** Index definitions per version. Upgrades add a version; never edit an old one (tests/sync/upgrade). */
export const STORES_V1: Record<string, string> = {
  salons: 'id',
  masters: 'id, salonId',
  administrators: 'id, salonId',
  cabinets: 'id, salonId',
  serviceGroups: 'id, salonId',
  services: 'id, salonId, groupId',
  workingTimes: 'id, salonId, [salonId+startAt], masterId, cabinetId',
  clients: 'id, salonId, lastName, phone',
  appointments: 'id, salonId, [salonId+startAt], masterId, cabinetId, clientId, groupId',
  invoices: 'id, salonId, appointmentId',
  memberships: 'id, salonId, clientId',
  manufacturers: 'id, salonId',
  products: 'id, salonId, manufacturerId',
  outbox: 'seq, salonId',
  conflicts: '++id, salonId, createdAt',
  base: 'key',
  meta: 'key',
};

/** V2: a master's and a cabinet's appointments by start, so a booking checks overlaps on their rows only. */
export const STORES_V2: Record<string, string> = {
  ...STORES_V1,
  appointments: 'id, salonId, [salonId+startAt], masterId, cabinetId, clientId, groupId, [masterId+startAt], [cabinetId+startAt]',
};

/** V3: invoices by when they were made, so a report reads the sales of its range without the whole table. */
export const STORES_V3: Record<string, string> = {
  ...STORES_V2,
  invoices: 'id, salonId, appointmentId, [salonId+createdAt]',
};

/** V4: the report's days, a copy kept true by src/db/report-days.ts (decision 040). */
export const STORES_V4: Record<string, string> = {
  ...STORES_V3,
  [REPORT_DAYS]: 'key',
};

/**
 * V5: no index that no query reads. Every index is written with each row, and a first sync writes every
 * appointment and client: appointments lose salonId, masterId and cabinetId (the compound indexes that start
 * with them serve those reads), clients lose lastName. 60 000 appointments took 6.7 to 7.4 s to bulkPut in
 * Chromium with the five indexes left, 8.6 to 9.0 s with all eight (2026-11-27).
 */
export const STORES_V5: Record<string, string> = {
  ...STORES_V4,
  clients: 'id, salonId, phone',
  appointments: 'id, [salonId+startAt], clientId, groupId, [masterId+startAt], [cabinetId+startAt]',
};

/**
 * V6 (issue 58, an import of 20 000 clients): clients by e-mail, so a new client's e-mail is checked against the
 * salon's without reading every client (read without case, Dexie's equalsIgnoreCase; none is not indexed); the
 * outbox by ackedAt, which holds only the acknowledged entries (null is not indexed), so the unsent ones are counted
 * from two key counts instead of reading every entry after every write.
 */
export const STORES_V6: Record<string, string> = {
  ...STORES_V5,
  clients: 'id, salonId, phone, email',
  outbox: 'seq, salonId, ackedAt',
};

/** V7 (issue 59 item 3): the closed tills, one per salon day, read by day. */
export const STORES_V7: Record<string, string> = {
  ...STORES_V6,
  cashUps: 'id, [salonId+date]',
};

export class SalonDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  conflicts!: Table<Conflict, number>;
  base!: Table<BaseEntry, string>;
  meta!: Table<MetaEntry, string>;

  private readonly options: DexieOptions | undefined;
  private pullConnection: SalonDb | null = null;

  constructor(name: string, options?: DexieOptions) {
    // Outbox writes must survive a crash right after the command returns (DESIGN.md §5.1).
    super(name, { chromeTransactionDurability: 'strict', ...options });
    this.options = options;
    this.version(1).stores(STORES_V1);
    this.version(2).stores(STORES_V2);
    this.version(3).stores(STORES_V3);
    this.version(4).stores(STORES_V4);
    this.version(5).stores(STORES_V5);
    this.version(6).stores(STORES_V6);
    this.version(7).stores(STORES_V7);
    keepReportDaysTrue(this);
  }

  mirror<E extends EntityName>(entity: E): MirrorTables[E] {
    return this.table(entity) as unknown as MirrorTables[E];
  }

  /**
   * The same database through a second connection whose transactions are relaxed (decision 057): a pull page,
   * which the server still holds, is written without waiting for the disk flush a command's outbox entry waits
   * for. Its transaction stays atomic, page and cursor together; a crash can only take back the last pages
   * written, and the next pull fetches them again from the cursor that survived. Closed with this one.
   */
  forPull(): SalonDb {
    if (this.options?.chromeTransactionDurability === 'relaxed') return this;
    return (this.pullConnection ??= new SalonDb(this.name, { ...this.options, chromeTransactionDurability: 'relaxed' }));
  }

  override close(options?: { disableAutoOpen: boolean }): void {
    this.pullConnection?.close(options);
    this.pullConnection = null;
    super.close(options);
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  /** Keeps a value of the device's own (a last answer read online, say) beside the mirror. */
  async setMeta(key: string, value: unknown): Promise<void> {
    await this.meta.put({ key, value });
  }

  /** The user dismissed a refused command from the conflicts list (DESIGN.md §5.4). */
  async dismissConflict(id: number): Promise<void> {
    await this.conflicts.delete(id);
  }

  /** This browser profile's command identity; made once, kept with the outbox (same database). */
  async clientId(): Promise<string> {
    return this.transaction('rw', this.meta, async () => {
      const existing = await this.getMeta<string>('clientId');
      if (existing) return existing;
      const id = newId();
      await this.meta.put({ key: 'clientId', value: id });
      return id;
    });
  }
}

export const mirrorTableNames = (db: SalonDb) =>
  Object.keys(STORES_V1)
    .filter((n) => !['outbox', 'conflicts', 'base', 'meta'].includes(n))
    .map((n) => db.table(n));

export function salonDbName(userId: string): string {
  return `salon-panel-${userId}`;
}
