import { randomBytes } from 'node:crypto';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { setMaxListeners } from 'node:events';
import { createPubSub as createYogaPubSub, Repeater, SlidingBuffer } from 'graphql-yoga';
import pg from 'pg';
import type { AppointmentRow } from '../src/domain/entities';
import type { Database, Db, Tx } from './db/client';
import { errorSummary } from './error-summary';
import { salons } from './db/schema';

/**
 * Pokes and the spec's real-time events (DESIGN.md §5.6). Delivered in process to this instance's
 * subscribers; on PostgreSQL also through LISTEN/NOTIFY so pokes cross server instances. A NOTIFY is sent
 * inside the writing transaction, so other instances hear of a write only once it is committed.
 */
export interface SalonChangePayload {
  salon: string;
  rev: number;
}
export type AppointmentPayload = AppointmentRow & { rev: number };
export interface DeletedAppointmentPayload {
  id: string;
  date: string;
}
export interface MigratedMasterPayload {
  id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}
/**
 * Someone's access may have ended or changed (server/auth/access-change.ts): live subscriptions it may concern
 * check their access again. Never sent to clients.
 */
export interface AccessChange {
  /** These sessions ended or moved to another salon. */
  sessions?: string[];
  /** These users' access changed: in `salon` when it is set, else everywhere. */
  users?: string[];
  /**
   * With neither sessions nor users: everyone's access to this salon may have changed (e.g. masters' login);
   * with no salon either, everyone's anywhere (this instance missed NOTIFYs while its LISTEN was down).
   */
  salon?: string | null;
}

/**
 * Client messages of an appointment (and its client) were scheduled, cancelled or changed status (issue 57 item 6):
 * the screens that list them read them again. Ids only, never what was sent or to whom.
 */
export interface ClientMessagesChangedPayload {
  appointment: string;
  client: string | null;
}

export interface Payloads {
  salonChanged: SalonChangePayload;
  clientMessagesChanged: ClientMessagesChangedPayload;
  appointmentAdded: AppointmentPayload;
  appointmentDeleted: DeletedAppointmentPayload;
  masterMigrated: MigratedMasterPayload;
  accessChanged: AccessChange;
}
export type Topic = keyof Payloads;
export type SalonEvent = { [K in Topic]: { topic: K; salon: string; payload: Payloads[K] } }[Topic];

export interface PubSub {
  /** Events of one salon and topic, from now on. */
  subscribe<K extends Topic>(topic: K, salon: string): AsyncIterable<Payloads[K]>;
  /** Inside the writing transaction: on PostgreSQL the events go out by NOTIFY, heard by other instances on commit. */
  stage(tx: Tx, events: SalonEvent[]): Promise<void>;
  /** `stage` as a select to end a statement of the transaction with (one round trip less); null when none is due. */
  notifySql(events: SalonEvent[]): SQL | null;
  /** After the commit: to this instance's own subscribers. */
  deliver(events: SalonEvent[]): void;
  /** How many subscriptions of this instance listen to the salon (diagnostics and tests). */
  watching(salon: string): number;
  /** Outside any writing transaction (an ended session): to every instance at once. */
  publish(event: SalonEvent): Promise<void>;
  /**
   * Hears every accessChanged event of any salon, synchronously as it is delivered: before any event delivered
   * after it reaches a subscriber, so a stream can hold its next event until access is checked again.
   */
  onAccessChanged(listener: (change: AccessChange) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'salon_changed';
/** NOTIFY payloads must stay under 8000 bytes; a bigger event reaches only this instance (the poke still goes). */
const MAX_NOTIFY_BYTES = 7900;

type Wire = { i: string; e: SalonEvent };
type YogaTopics = { [K in Topic]: [salon: string, payload: Payloads[K]] };

/**
 * On PostgreSQL (database.url set) a LISTEN connection of its own, to `listenUrl` when given (a pooler in
 * transaction mode cannot hold one, docs/scaling.md) else to the database's URL; on PGlite there is only one instance.
 */
export async function createPubSub(database: Database, log: (line: string) => void, listenUrl?: string | null): Promise<PubSub> {
  const instance = randomBytes(8).toString('hex');
  // Every socket of a salon listens on its salon's topic: a chain's front desks and masters are more than Node's
  // default of 10 listeners before it warns of a leak.
  const eventTarget = new EventTarget();
  setMaxListeners(0, eventTarget);
  const local = createYogaPubSub<YogaTopics>({ eventTarget });
  const watched = new Map<string, number>();
  const accessListeners = new Set<(change: AccessChange) => void>();
  const deliver = (events: SalonEvent[]) => {
    for (const e of events) {
      if (e.topic === 'accessChanged') accessListeners.forEach((l) => l(e.payload));
      else (local.publish as (t: Topic, s: string, p: unknown) => void)(e.topic, e.salon, e.payload);
    }
  };

  const listener = database.url
    ? await listen(
        listenUrl || database.url,
        log,
        (wire) => {
          // Our own NOTIFYs come back too: this instance already delivered them after its commit.
          if (wire.i !== instance) deliver([wire.e]);
        },
        async () => {
          // While the connection was down other instances' pokes were lost: every live stream checks its access
          // again, and every watched salon is poked now.
          deliver([{ topic: 'accessChanged', salon: '*', payload: {} }]);
          if (watched.size === 0) return;
          const rows = await database.db
            .select({ salon: salons.id, rev: salons.rev })
            .from(salons)
            .where(inArray(salons.id, [...watched.keys()]));
          deliver(rows.map((payload) => ({ topic: 'salonChanged', salon: payload.salon, payload })));
        },
      )
    : null;

  /** The statement that NOTIFYs the events, in their order (a function scan of the array keeps it); null for none. */
  const notifySql = (events: SalonEvent[]): SQL | null => {
    if (!listener) return null;
    const texts: string[] = [];
    for (const e of events) {
      const text = JSON.stringify({ i: instance, e } satisfies Wire);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        log(`[pubsub] ${e.topic} of salon ${e.salon} too big for NOTIFY; delivered locally only`);
        continue;
      }
      texts.push(text);
    }
    if (texts.length === 1) return sql`select pg_notify(${CHANNEL}, ${texts[0]})`;
    if (texts.length > 1) return sql`select pg_notify(${CHANNEL}, t) from json_array_elements_text(${JSON.stringify(texts)}::json) as t`;
    return null;
  };
  // One round trip for all of them.
  const stage = async (tx: Tx | Db, events: SalonEvent[]) => {
    const statement = notifySql(events);
    if (statement) await tx.execute(statement);
  };

  return {
    subscribe<K extends Topic>(topic: K, salon: string): AsyncIterable<Payloads[K]> {
      const source = (local.subscribe as (t: Topic, s: string) => Repeater<Payloads[K]>)(topic, salon);
      return new Repeater<Payloads[K]>(async (push, stop) => {
        const it = source[Symbol.asyncIterator]();
        // The first next() attaches the listener; only then does this subscription count as watching.
        let pending = it.next();
        watched.set(salon, (watched.get(salon) ?? 0) + 1);
        const stopped = stop.then(() => ({ done: true as const, value: undefined }));
        try {
          for (;;) {
            const next = await Promise.race([pending, stopped]);
            pending = it.next();
            if (next.done) break;
            await push(next.value);
          }
        } finally {
          await it.return?.();
          const n = (watched.get(salon) ?? 1) - 1;
          if (n > 0) watched.set(salon, n);
          else watched.delete(salon);
        }
        // Each subscriber has its own buffer: a slow socket loses its oldest events (a later poke still
        // makes it pull), never blocks or fails the others.
      }, new SlidingBuffer(256));
    },
    stage,
    notifySql,
    deliver,
    watching: (salon) => watched.get(salon) ?? 0,
    async publish(event) {
      await stage(database.db, [event]);
      deliver([event]);
    },
    onAccessChanged(listener) {
      accessListeners.add(listener);
      return () => void accessListeners.delete(listener);
    },
    close: async () => listener?.close(),
  };
}

/** A dedicated connection LISTENing on the channel; reconnects with backoff and reports each reconnect. */
async function listen(url: string, log: (line: string) => void, onMessage: (wire: Wire) => void, onReconnect: () => Promise<void>) {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = 250;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        onMessage(JSON.parse(msg.payload) as Wire);
      } catch (error) {
        log(`[pubsub] bad notification: ${errorSummary(error)}`);
      }
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      void c.end().catch(() => undefined);
      if (!closed) schedule();
    };
    c.on('error', (error) => {
      log(`[pubsub] LISTEN connection error: ${errorSummary(error)}`);
      lost();
    });
    c.on('end', lost);
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      timer = null;
      connect()
        .then(() => {
          delay = 250;
          return onReconnect();
        })
        .catch((error: unknown) => {
          log(`[pubsub] LISTEN reconnect failed: ${errorSummary(error)}`);
          delay = Math.min(delay * 2, 10_000);
          if (!closed && !client && !timer) schedule();
        });
    }, delay);
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end();
    },
  };
}
