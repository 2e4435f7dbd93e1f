import autocannon from 'autocannon';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { newId } from '../../../src/domain/ids';
import { addDays } from '../../../src/domain/rules/time';
import { MAX_RUN } from '../../../server/sync/push-batch';
import type { Device } from './salons';

/**
 * One load run (issue 21 item 4): every device holds a graphql-ws socket on `salonChanged` of its salon and, through
 * autocannon, pushes an appointment booking and pulls its salon's changes, each about once per `paceSeconds`; a share of the devices first sends a reconnecting backlog of `burstSize` commands in one batch.
 * With two instances a salon's devices push and pull on one and hold their sockets on the other, so every poke
 * received crossed instances (LISTEN/NOTIFY on PostgreSQL).
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
  /** The request sent and not answered yet: a push still under way when the load ends may apply, and poke, unanswered. */
  inFlight: 'push' | 'pull' | null;
  socketsOfSalon: number;
  /** Commands sent and not answered yet: sent again as they were. */
  pending: Array<{ name: string; seq: number; input: string }> | null;
  sentAt: number;
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
  tally.pushMs.push(performance.now() - state.sentAt);
  if (status !== 200) return void tally.errors.push(`push HTTP ${status}`);
  const parsed = JSON.parse(body) as {
    data?: { pushCommands: { results: Array<{ seq: number; ok: boolean; error: string | null }> } };
    errors?: unknown[];
  };
  if (!parsed.data) return void tally.errors.push(`push ${JSON.stringify(parsed.errors).slice(0, 160)}`);
  const sent = state.pending ?? [];
  let answered = 0;
  // One poke per run of applied commands (decision 050): a refusal ends a run, and a run holds at most MAX_RUN.
  let run = 0;
  for (const r of parsed.data.pushCommands.results) {
    run = r.ok ? (run % MAX_RUN) + 1 : 0;
    if (r.ok) {
      tally.applied += 1;
      if (run === 1) tally.pokesExpected += state.socketsOfSalon;
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

/**
 * The HTTP load on one instance: autocannon's connections take the devices in turn (a device's next request waits
 * for its last answer, so its commands stay in seq order), alternating a push and a pull per device. autocannon
 * keeps a request's context from its setup to its answer, which is where the device travels.
 */
function cannon(url: string, states: DeviceState[], opts: LoadOptions, tally: Tally): Promise<autocannon.Result> {
  let turn = 0;
  const next = (): DeviceState | undefined => {
    for (let tried = 0; tried < states.length; tried++) {
      const state = states[turn++ % states.length] as DeviceState;
      if (!state.inFlight) return state;
    }
    return undefined;
  };
  const pushBody = (state: DeviceState) => {
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
  };
  const pullBody = (state: DeviceState) =>
    JSON.stringify({ query: PULL, variables: { i: { salon: state.device.salonId, cursor: state.cursor, limit: 500 } } });
  return autocannon({
    url: `${url}/graphql`,
    connections: Math.min(states.length, 100),
    duration: opts.seconds,
    // A push and a pull per device and pace: a front desk's booking and the sync after it.
    overallRate: Math.max(1, Math.round((2 * states.length) / opts.paceSeconds)),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const state = next();
          if (!state) return { ...req, method: 'GET', path: '/graphql?query=%7B__typename%7D' };
          const c = context as { state?: DeviceState; kind?: 'push' | 'pull' };
          c.state = state;
          c.kind = state.pushes <= state.pulls ? 'push' : 'pull';
          state.inFlight = c.kind;
          state.sentAt = performance.now();
          return { ...req, headers: headers(state), body: c.kind === 'push' ? pushBody(state) : pullBody(state) };
        },
        onResponse: (status, body, context) => {
          const { state, kind } = context as { state?: DeviceState; kind?: 'push' | 'pull' };
          if (!state) return;
          state.inFlight = null;
          if (kind === 'push') return pushAnswered(state, status, body, tally);
          state.pulls += 1;
          tally.pullMs.push(performance.now() - state.sentAt);
          if (status !== 200) return void tally.errors.push(`pull HTTP ${status}`);
          const parsed = JSON.parse(body) as { data?: { pull: { cursor: number } }; errors?: unknown[] };
          if (!parsed.data) return void tally.errors.push(`pull ${JSON.stringify(parsed.errors).slice(0, 160)}`);
          state.cursor = parsed.data.pull.cursor;
        },
      },
    ],
  });
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
    sentAt: 0,
  }));
  const started = performance.now();
  const results = await Promise.all(
    opts.instances.map((url) =>
      cannon(
        url,
        states.filter((s) => pushOn(opts, s.device) === url),
        opts,
        tally,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  // autocannon ends with requests under way and drops their answers: the server may still apply those pushes and poke.
  const unanswered = states.filter((s) => s.inFlight === 'push');
  const pokesOfUnansweredAtMost = unanswered.reduce((sum, s) => sum + (s.pending?.length ?? 0) * s.socketsOfSalon, 0);
  // Pokes of the last commands still on their way.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.all(sockets.map((s) => s.dispose()));
  const transportErrors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
  const distinct = [...new Set(tally.errors)].slice(0, 5);
  return {
    instances: opts.instances.length,
    devices: opts.devices.length,
    seconds: +seconds.toFixed(1),
    commandsApplied: tally.applied,
    commandsRefused: tally.refused,
    commandsPerSecond: Math.round(tally.applied / seconds),
    pushMs: percentiles99(tally.pushMs),
    pullMs: percentiles99(tally.pullMs),
    pokesReceived: pokes.count,
    pokesExpected: tally.pokesExpected,
    pushesUnanswered: unanswered.length,
    pokesOfUnansweredAtMost,
    // Target 0 each: every applied command's poke arrived, and no poke came that no push explains.
    pokesMissing: Math.max(0, tally.pokesExpected - pokes.count),
    pokesUnexplained: Math.max(0, pokes.count - tally.pokesExpected - pokesOfUnansweredAtMost),
    pokesCrossedInstances: opts.instances.length > 1 ? pokes.count : 0,
    errors: tally.errors.length + transportErrors,
    errorKinds: distinct,
  };
}

/** p50/p95/p99 of the samples, in ms. */
function percentiles99(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(1);
  return { samples: samples.length, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
