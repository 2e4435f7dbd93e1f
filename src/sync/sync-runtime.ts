import { liveQuery, type Subscription } from 'dexie';
import { unconfirmedCount } from '../db/queries/sync';
import { mirrorTableNames, SalonDb, salonDbName } from '../db/salon-db';
import type { Session } from '../db/session';
import { canOpenSalonPath } from '../domain/roles';
import { addDays, salonDate, SERVICE_TIME_ZONE } from '../domain/rules/time';
import { SyncEngine } from './engine';
import { createGraphqlTransport } from './graphql-transport';
import { echoCommands, localEcho } from './local-echo';
import { takeFirstPage } from './early-first-page';
import { applyMigratedMaster } from './migrated-master';
import { Docs } from '../api';
import { NOT_LISTENING, salonMirror, syncState } from './sync-state';

/**
 * The running sync of the signed-in user: one mirror database per user, one engine per salon. Screens read
 * the database with live queries; commands kick the engine. Logout stops it and closes the database first,
 * so the database can be deleted.
 */
let current: { key: string; close(): void } | null = null;

/** Starts (or keeps) the sync for the session's user and salon; stops it when signed out. */
export function ensureSync(session: Session | null): void {
  const key = session?.salon ? `${session.id}:${session.salon}` : null;
  if (current?.key === key) return;
  stopSync();
  if (!session?.salon || !key) return;
  const db = new SalonDb(salonDbName(session.id));
  // Screens show a command's rows as soon as its transaction wrote them (local-echo.ts).
  echoCommands(
    db,
    mirrorTableNames(db).map((t) => t.name),
  );
  const transport = createGraphqlTransport();
  // Who may open the Report keeps this month's and last month's report days, so it opens from them (decision 040).
  const reports = canOpenSalonPath(session, '/salon/reports');
  const reportDays = () => {
    if (!reports) return null;
    const today = salonDate(new Date(), salonMirror.get()?.timeZone ?? SERVICE_TIME_ZONE);
    return { from: `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`, to: today };
  };
  const engine = new SyncEngine({
    db,
    transport,
    salonId: session.salon,
    onStatus: (status) => syncState.set({ status }),
    reportDays,
    earlyFirstPage: takeFirstPage(session),
  });
  // A command written by any tab reaches the leader through the shared database (DESIGN.md §5.8).
  const outbox: Subscription = liveQuery(() => unconfirmedCount(db)).subscribe({
    next: (count) => count > 0 && engine.kick(),
  });
  const salonId = session.salon;
  const salon: Subscription = liveQuery(() => db.mirror('salons').get(salonId)).subscribe({
    next: (row) => salonMirror.set(row ? { settings: row.settings, timeZone: row.timeZone } : null),
  });
  // A migrated master is renamed in the mirror at once, before the pull the same change poked (part 1 §7).
  const migrated = transport.listen(Docs.MasterMigratedDocument, { salon: salonId }, ({ masterMigrated }) => {
    void applyMigratedMaster(db, salonId, masterMigrated).catch(() => engine.kick());
  });
  engine.start();
  // Ask the browser not to evict the mirror (DESIGN.md §5.9); a refusal changes nothing here.
  void navigator.storage?.persist?.().catch(() => false);
  syncState.set({ db, kick: () => engine.kick(), listen: transport.listen });
  current = {
    key,
    close() {
      outbox.unsubscribe();
      salon.unsubscribe();
      migrated();
      engine.stop();
      transport.close();
      db.close();
    },
  };
}

export function stopSync(): void {
  current?.close();
  current = null;
  localEcho.clear();
  salonMirror.set(undefined);
  syncState.set({ db: null, status: null, kick: () => {}, listen: NOT_LISTENING });
}
