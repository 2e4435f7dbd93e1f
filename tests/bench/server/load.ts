import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { newId } from '../../../src/domain/ids';
import { addDays } from '../../../src/domain/rules/time';
import { MAX_RUN } from '../../../server/sync/push-batch';
import type { Device } from './salons';

/**
 * One load run (issue 21 item 4, issue 62): every device holds a graphql-ws socket on `salonChanged` of its salon and
 * pushes an appointment booking, then pulls its salon's changes, once per `paceSeconds` (`drive`); a share of the
 * devices first sends a reconnecting backlog of `burstSize` commands in one batch. Given two instances, a salon's
 * devices push and pull on one and hold their sockets on the other, so every poke received crossed instances
 * (LISTEN/NOTIFY on PostgreSQL); behind one port, the server's processes share the connections.
 */
export interface LoadOptions {
  instances: string[];
  devices: Device[];
  seconds: number;
  paceSeconds: number;
  burstShare: number;
  burstSize: number;
}

const PUSH = 'mutation($i: PushCommandsInput!) { pushCommands(input: $i) { results { seq ok error } } }';
const PULL = 'query($i: PullInput!) { pull(input: $i) { changes { id } cursor hasMore } }';
const SUBSCRIBE = 'subscription($salon: ID!) { salonChanged(salon: $salon) { salon rev } }';
/** Codes that mean the server failed, not that it refused a booking (src/sync/graphql-transport.ts TRANSIENT). */
const FAILURES = new Set(['InternalError', 'INTERNAL_SERVER_ERROR', 'Unauthenticated', undefined]);

interface DeviceState {
  device: Device;
  clientId: string;
  seq: number;
  cursor: number;
  pushes: number;
  pulls: number;
  /** The request of the device's round under way, if any: its next turn waits for it. */
  inFlight: 'push' | 'pull' | null;
  socketsOfSalon: number;
  /** Commands sent and not answered yet: sent again as they were. */
  pending: Array<{ name: string; seq: number; input: string }> | null;
}

interface Tally {
  applied: number;
  /** Pokes the applied commands should reach: each goes to every socket of its salon. */
  pokesExpected: number;
  refused: number;
  errors: string[];
  pushMs: number[];
  pullMs: number[];
}

const pushOn = (opts: LoadOptions, d: Device) => opts.instances[d.salonIndex % opts.instances.length] as string;
const socketOn = (opts: LoadOptions, d: Device) => opts.instances[(d.salonIndex + 1) % opts.instances.length] as string;

/** A booking of 30 minutes at a random half hour of the salon's day, one to fourteen days ahead. */
function booking(state: DeviceState): string {
  const { device } = state;
  const day = addDays(new Date().toISOString().slice(0, 10), 1 + Math.floor(Math.random() * 14));
  const minutes = 480 + 30 * Math.floor(Math.random() * 23);
  const startAt = `${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const master = device.masterIds[Math.floor(Math.random() * device.masterIds.length)] as string;
  return JSON.stringify({
    salon: device.salonId,
    appointments: [{ id: newId(), master, cabinet: null, client: null, service: device.serviceId, duration: 30, startAt, notes: '' }],
    lang: 'en',
  });
}

function headers(state: DeviceState) {
  return { 'content-type': 'application/json', authorization: `Bearer ${state.device.token}`, 'x-panel': 'frontend' };
}

function pushAnswered(state: DeviceState, status: number, body: string, tally: Tally) {
  if (status !== 200) return void tally.errors.push(`push HTTP ${status}`);
  const parsed = JSON.parse(body) as {
    data?: { pushCommands: { results: Array<{ seq: number; ok: boolean; error: string | null }> } };
    errors?: unknown[];
  };
  if (!parsed.data) return void tally.errors.push(`push ${JSON.stringify(parsed.errors).slice(0, 160)}`);
  const sent = state.pending ?? [];
  let answered = 0;
  // One poke per run of applied commands (decision 050): a run holds at most MAX_RUN, and a business refusal stays
  // in its run (decision 082), so each MAX_RUN of the push with a command applied pokes once.
  const poked = new Set<number>();
  for (const [index, r] of parsed.data.pushCommands.results.entries()) {
    if (r.ok) {
      tally.applied += 1;
      if (!poked.has(Math.floor(index / MAX_RUN))) tally.pokesExpected += state.socketsOfSalon;
      poked.add(Math.floor(index / MAX_RUN));
    } else {
      const error = JSON.parse(r.error ?? '{}') as { code?: string; reason?: string };
      if (error.reason === 'SEQ_GAP' || FAILURES.has(error.code)) {
        tally.errors.push(`push ${error.code}/${error.reason}`);
        break;
      }
      tally.refused += 1;
    }
    answered += 1;
  }
  state.seq += answered;
  state.pending = answered < sent.length ? sent.slice(answered) : null;
}

async function openSockets(opts: LoadOptions, pokes: { count: number }): Promise<Client[]> {
  const clients: Client[] = [];
  const ready: Array<Promise<void>> = [];
  for (const device of opts.devices) {
    let connected: () => void = () => undefined;
    ready.push(new Promise<void>((resolve) => (connected = resolve)));
    const client = createClient({
      url: `${socketOn(opts, device).replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${device.token}` },
      retryAttempts: 0,
      on: { connected: () => connected() },
    });
    client.subscribe(
      { query: SUBSCRIBE, variables: { salon: device.salonId } },
      { next: () => void (pokes.count += 1), error: () => undefined, complete: () => undefined },
    );
    clients.push(client);
  }
  await Promise.all(ready);
  return clients;
}

/** Sends one request of a device and reads its answer: the time from sending to the whole answer, in ms. */
async function send(url: string, state: DeviceState, body: string): Promise<{ ms: number; status: number; text: string }> {
  const sent = performance.now();
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: headers(state), body });
  const text = await res.text();
  return { ms: performance.now() - sent, status: res.status, text };
}

function pushBody(state: DeviceState, opts: LoadOptions) {
  if (!state.pending) {
    const burst = state.pushes === 0 && state.device.index % Math.round(1 / opts.burstShare) === 0;
    state.pending = Array.from({ length: burst ? opts.burstSize : 1 }, (_, i) => ({
      name: 'appointment.create',
      seq: state.seq + i + 1,
      input: booking(state),
    }));
  }
  state.pushes += 1;
  return JSON.stringify({ query: PUSH, variables: { i: { clientId: state.clientId, commands: state.pending } } });
}

/** A front desk's round: a booking pushed, then the pull after it. */
async function round(url: string, state: DeviceState, opts: LoadOptions, tally: Tally) {
  state.inFlight = 'push';
  try {
    const pushed = await send(url, state, pushBody(state, opts));
    tally.pushMs.push(pushed.ms);
    pushAnswered(state, pushed.status, pushed.text, tally);
    state.inFlight = 'pull';
    const pulled = await send(
      url,
      state,
      JSON.stringify({ query: PULL, variables: { i: { salon: state.device.salonId, cursor: state.cursor, limit: 500 } } }),
    );
    state.pulls += 1;
    tally.pullMs.push(pulled.ms);
    if (pulled.status !== 200) return void tally.errors.push(`pull HTTP ${pulled.status}`);
    const parsed = JSON.parse(pulled.text) as { data?: { pull: { cursor: number } }; errors?: unknown[] };
    if (!parsed.data) return void tally.errors.push(`pull ${JSON.stringify(parsed.errors).slice(0, 160)}`);
    state.cursor = parsed.data.pull.cursor;
  } catch (error) {
    tally.errors.push(`${state.inFlight} ${(error as Error).message}`);
  } finally {
    state.inFlight = null;
  }
}

/**
 * The HTTP load, open-loop: each device starts a round (a push, then a pull) every `paceSeconds`, from a random
 * moment of the first period, whatever the others do; a device whose last round has not ended skips its turn. Each
 * request's time runs from its sending to its whole answer. When the time is up no round starts, and those under
 * way are waited for, so every push's answer and poke are counted. (autocannon, used until issue 62, counted the wait
 * for its rate limiter's turn in a request's time: the fixed 100 ms of the figures before.)
 */
async function drive(opts: LoadOptions, states: DeviceState[], tally: Tally) {
  const periodMs = opts.paceSeconds * 1000;
  const endAt = performance.now() + opts.seconds * 1000;
  const rounds = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  await new Promise<void>((resolve) => {
    for (const state of states) {
      const turn = () => {
        if (performance.now() >= endAt || state.inFlight) return;
        const r = round(pushOn(opts, state.device), state, opts, tally);
        rounds.add(r);
        void r.then(() => rounds.delete(r));
      };
      timers.push(
        setTimeout(() => {
          turn();
          timers.push(setInterval(turn, periodMs));
        }, Math.random() * periodMs),
      );
    }
    setTimeout(resolve, opts.seconds * 1000);
  });
  for (const timer of timers) clearTimeout(timer);
  await Promise.all([...rounds]);
}

export async function runLoad(opts: LoadOptions) {
  const pokes = { count: 0 };
  const sockets = await openSockets(opts, pokes);
  const tally: Tally = { applied: 0, pokesExpected: 0, refused: 0, errors: [], pushMs: [], pullMs: [] };
  const perSalon = new Map<string, number>();
  for (const d of opts.devices) perSalon.set(d.salonId, (perSalon.get(d.salonId) ?? 0) + 1);
  const states = opts.devices.map((device): DeviceState => ({
    device,
    clientId: newId(),
    seq: 0,
    cursor: 0,
    pushes: 0,
    pulls: 0,
    inFlight: null,
    socketsOfSalon: perSalon.get(device.salonId) ?? 0,
    pending: null,
  }));
  const started = performance.now();
  await drive(opts, states, tally);
  const seconds = (performance.now() - started) / 1000;
  // Pokes of the last commands still on their way.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.all(sockets.map((s) => s.dispose()));
  const distinct = [...new Set(tally.errors)].slice(0, 5);
  return {
    instances: opts.instances.length,
    devices: opts.devices.length,
    seconds: +seconds.toFixed(1),
    commandsApplied: tally.applied,
    commandsRefused: tally.refused,
    commandsPerSecond: Math.round(tally.applied / seconds),
    push: percentiles99(tally.pushMs),
    pull: percentiles99(tally.pullMs),
    pokesReceived: pokes.count,
    pokesExpected: tally.pokesExpected,
    // Target 0 each: every applied command's poke arrived, and no poke came that no push explains.
    pokesMissing: Math.max(0, tally.pokesExpected - pokes.count),
    pokesUnexplained: Math.max(0, pokes.count - tally.pokesExpected),
    pokesCrossedInstances: opts.instances.length > 1 ? pokes.count : 0,
    errors: tally.errors.length,
    errorKinds: distinct,
  };
}

/** p50/p95/p99 of the samples, in ms. */
function percentiles99(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(1);
  return { samples: samples.length, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99) };
}
