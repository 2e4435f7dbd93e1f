import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { appointment, runCommand, type CommandContext } from '../../../src/db/commands';
import { SalonDb } from '../../../src/db/salon-db';
import { newId } from '../../../src/domain/ids';
import { DEFAULT_SALON_SETTINGS } from '../../../src/domain/rules/salon-defaults';
import { ENTITY_NAMES } from '../../../src/domain/entities';
import { SyncEngine } from '../../../src/sync/engine';
import { createGraphqlTransport } from '../../../src/sync/graphql-transport';
import type { SendResult, Transport } from '../../../src/sync/transport';
import { appointments, clients, salons, syncClients, syncResults } from '../../../server/db/schema';
import { day, type SalonFixture } from '../../factories/salon';
import type { TestServer } from '../../helpers/server';
import { pullAll } from '../../helpers/sync';

/**
 * The real sync engine on fake-indexeddb against a real in-process server (DESIGN.md §9 "sync"):
 * one browser profile per `client()`, with faults injected by wrapping its Transport.
 */
export type GraphqlTransport = ReturnType<typeof createGraphqlTransport>;

export interface EngineClient {
  /** The IndexedDB name (two tabs of one profile share it). */
  name: string;
  db: SalonDb;
  engine: SyncEngine;
  /** The transport the engine uses (the real one, wrapped). */
  transport: Transport;
  /** The real GraphQL transport underneath. */
  real: GraphqlTransport;
  /** kick() and wait until the engine is idle. */
  sync(): Promise<void>;
  /** Stops the engine (waiting for a running cycle), closes the socket and the database; the data stays. */
  close(): Promise<void>;
}

export interface ClientOptions {
  /** Reopen (or share, like a second tab) the database of this name instead of a fresh one. */
  dbName?: string;
  /** The server to talk to when not the default one (a restarted server has another port). */
  url?: string;
  /** The engine's idle timer (far out by default, so only the test decides when it syncs). */
  intervalMs?: number;
}

export const webSocketUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/graphql`;

/** A transport over the real one at `url`. */
export const realTransport = (url: string): GraphqlTransport =>
  createGraphqlTransport({ webSocketUrl: webSocketUrl(url), webSocketImpl: WebSocket });

/**
 * Opens engine clients against `server()` for the salon `salonId()`; `closeAll` (afterEach) closes and deletes
 * every database opened. Timers are set far out, so a test decides when an engine syncs (`kick`/`sync`).
 */
export function engineClients(server: () => { url: string }, salonId: () => string) {
  const open: EngineClient[] = [];
  const names = new Set<string>();

  function client(wrap: (transport: Transport) => Transport = (x) => x, options: ClientOptions = {}): EngineClient {
    const name = options.dbName ?? `engine-${newId()}`;
    names.add(name);
    const db = new SalonDb(name);
    const real = realTransport(options.url ?? server().url);
    const wrapped = wrap(real);
    // A wrapper that scripts faults on `send` alone tests the one-at-a-time push: the real batch would skip them.
    const transport: Transport =
      wrapped.send !== real.send && wrapped.sendBatch === real.sendBatch ? { ...wrapped, sendBatch: undefined } : wrapped;
    const engine = new SyncEngine({
      db,
      transport,
      salonId: salonId(),
      intervalMs: options.intervalMs ?? 600_000,
      backoff: { baseMs: 600_000, maxMs: 600_000 },
    });
    let closed = false;
    const handle: EngineClient = {
      name,
      db,
      engine,
      transport,
      real,
      async sync() {
        engine.kick();
        await engine.idle();
      },
      async close() {
        if (closed) return;
        closed = true;
        engine.stop();
        await engine.idle();
        real.close();
        db.close();
      },
    };
    open.push(handle);
    return handle;
  }

  async function closeAll(): Promise<void> {
    for (const c of open.splice(0)) await c.close();
    for (const name of [...names]) await Dexie.delete(name);
    names.clear();
  }

  return { client, closeAll };
}

/** The salon owner's command context (as the panel builds it at the moment of the command). */
export function ownerContext(f: SalonFixture, overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    salonId: f.salonId,
    userId: f.owner.userId,
    userName: { firstName: 'Ilze', lastName: 'Tester' },
    role: 'ADMIN',
    isOwner: true,
    now: new Date().toISOString(),
    today: day(0),
    settings: DEFAULT_SALON_SETTINGS,
    ...overrides,
  };
}

export interface BookOptions {
  id?: string;
  master?: string;
  duration?: number;
  notes?: string;
  /** Values of the form the command came from (kept on a conflict). */
  form?: unknown;
}

/** appointment.create of one line through runCommand; returns the appointment id. */
export async function book(db: SalonDb, f: SalonFixture, startAt: string, options: BookOptions = {}): Promise<string> {
  const id = options.id ?? newId();
  const line = {
    id,
    master: options.master ?? (f.masterIds[0] as string),
    cabinet: null,
    client: null,
    service: f.serviceIds[1] as string,
    duration: options.duration ?? 60,
    startAt,
    notes: options.notes ?? '',
  };
  await runCommand(
    db,
    appointment.createAppointments,
    { ctx: ownerContext(f), input: { salon: f.salonId, appointments: [line] } },
    {
      salonId: f.salonId,
      form: options.form ? { kind: 'appointment.new', values: options.form } : null,
    },
  );
  return id;
}

type Gql = Pick<TestServer, 'gql'>;

/** Every mirror table of `db` equals what a fresh pull of the server gives the owner; nothing is pending. */
export async function expectEqualToServer(t: Gql, f: SalonFixture, db: SalonDb, label = db.name): Promise<void> {
  const server = await pullAll(t, f.owner.token, f.salonId);
  for (const entity of ENTITY_NAMES) {
    const local = (await db.mirror(entity).toArray()).sort((a, b) => a.id.localeCompare(b.id));
    const remote = [...server.mirror.entries()]
      .filter(([k]) => k.startsWith(`${entity}:`))
      .map(([, v]) => v)
      .sort((a, b) => a.id.localeCompare(b.id));
    expect(local, `${label}: ${entity}`).toEqual(remote);
  }
}

/** A settled client: empty outbox and base (so the next pull writes straight to the mirror). */
export async function expectSettled(db: SalonDb, label = db.name): Promise<void> {
  expect(await db.outbox.toArray(), `${label}: outbox`).toEqual([]);
  expect(await db.base.toArray(), `${label}: base`).toEqual([]);
}

type ServerDb = Pick<TestServer, 'db'>;

/** The server's rows of appointments (deleted ones too) with this id: 1 means applied once. */
export async function appointmentsWithId(t: ServerDb, id: string) {
  return t.db.select().from(appointments).where(eq(appointments.id, id));
}

export async function serverAppointments(t: ServerDb, salonId: string) {
  return t.db.select().from(appointments).where(eq(appointments.salonId, salonId));
}

export async function serverClients(t: ServerDb, salonId: string) {
  return t.db.select().from(clients).where(eq(clients.salonId, salonId));
}

export async function salonRev(t: ServerDb, salonId: string): Promise<number> {
  const [row] = await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, salonId));
  return row?.rev ?? 0;
}

/** What the server recorded for one browser profile: last applied seq and every (seq → ok/refused) result. */
export async function serverLedger(t: ServerDb, clientId: string) {
  const [client] = await t.db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
  const results = await t.db.select().from(syncResults).where(eq(syncResults.clientId, clientId));
  results.sort((a, b) => a.seq - b.seq);
  return { lastSeq: client?.lastSeq ?? 0, results };
}

export async function storedResult(t: ServerDb, clientId: string, seq: number) {
  const [row] = await t.db
    .select()
    .from(syncResults)
    .where(and(eq(syncResults.clientId, clientId), eq(syncResults.seq, seq)));
  return row ?? null;
}

export const transient = (message = 'offline'): SendResult => ({ kind: 'transient', error: new Error(message) });
