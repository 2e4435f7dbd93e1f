import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/domain/ids';
import { seminarVisitors, seminars, supplierConnections } from '../../../server/db/schema';
import { addUser, logIn, uniqueSuffix } from '../../factories/accounts';
import { salonWithOwner } from '../../factories/salon';
import { graphqlCall, type GqlResult, type Loose } from '../../helpers/graphql';
import { SET_OWNER_AS_MASTER } from '../../helpers/operations';
import { backends } from '../../helpers/server';
import { Rng } from '../support/prng';
import { chaosServers, type ChaosServers } from './servers';

/**
 * Seminar places under chaos (issue 56 item 3): masters of three salons sign up for a supplier's seminars and cancel,
 * while the supplier changes the place counts, all at once through both server instances (on PostgreSQL), which
 * stop and start again. However the requests interleave, no seminar has more visitors than places, no master is a
 * visitor twice, and each refusal is the spec's: full, or the count below the visitors. Two saves of a supplier's
 * connections at once leave exactly one of them. CHAOS_SEMINAR_SEEDS (2)
 * seeds of CHAOS_SEMINAR_ROUNDS (12) rounds of 6 requests at once.
 */
const envInt = (name: string, fallback: number) => (process.env[name] ? Number.parseInt(process.env[name] as string, 10) : fallback);
const SEEDS = envInt('CHAOS_SEMINAR_SEEDS', 2);
const ROUNDS = envInt('CHAOS_SEMINAR_ROUNDS', 12);
const PASSWORD = 'chaos-password-1';
const ADD = `mutation A($input: SeminarInput!, $banner: File) { addSeminar(input: $input, banner: $banner) { id } }`;
const UPDATE = `mutation U($input: UpdateSeminarInput!) { updateSeminar(input: $input) { id } }`;
const SIGN_UP = `mutation S($input: SeminarSignUpInput!) { signUpForSeminar(input: $input) }`;
const CANCEL = `mutation C($input: SeminarSignUpInput!) { cancelSeminarSignUp(input: $input) }`;
const CREATE_SUPPLIER = `mutation CS($input: CreateSupplierInput!) { createSupplier(input: $input) { id } }`;
const CONNECT = `mutation X($input: SupplierSalonConnectionsInput!) { createSupplierSalonConnection(input: $input) { id } }`;
const ADD_MANUFACTURER = `mutation AM($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;
/** What a refusal of these requests may be (or no answer from a stopping instance); anything else fails the run. */
const EXPECTED = new Set(['SEMINAR_IS_FULL', 'PLACE_COUNT_BELOW_VISITORS', 'NO_ANSWER']);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A seminar with a PNG banner, sent as the supplier's browser sends it (multipart). */
async function addSeminar(url: string, token: string, placeCount: number): Promise<string> {
  const bytes = randomBytes(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const input = {
    name: `Chaos ${uniqueSuffix()}`,
    description: 'Colour',
    type: 'HAIRDRESSER',
    duration: 60,
    placeCount,
    startAt: `${day(10)} 10:00`,
  };
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: ADD, variables: { input, banner: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.banner'] }));
  form.append('0', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'banner.png');
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await response.json()) as { data?: { addSeminar: { id: string } }; errors?: unknown };
  if (!body.data) throw new Error(`addSeminar: ${JSON.stringify(body.errors)}`);
  return body.data.addSeminar.id;
}

/** A sysadmin, a supplier, and three salons whose owners are masters, each salon connected to the supplier. */
async function world(servers: ChaosServers) {
  const live = servers.live();
  const sysadmin = await addUser(live, { isSysadmin: true, password: PASSWORD });
  const sysToken = (await logIn(live, sysadmin.email, PASSWORD)).token as string;
  const supplierEmail = `chaos-supplier-${uniqueSuffix()}@example.test`;
  const supplier = (
    await live.gql(
      CREATE_SUPPLIER,
      { input: { firstName: 'Ivars', lastName: 'Bērziņš', email: supplierEmail, phone: null, password: PASSWORD } },
      sysToken,
    )
  ).data?.createSupplier.id as string;
  const supplierToken = (await logIn(live, supplierEmail, PASSWORD)).token as string;
  // Three salons, each owner a master of his salon, each salon connected to the supplier.
  const masters: Array<{ salon: string; token: string }> = [];
  const connections = [];
  for (let k = 0; k < 3; k++) {
    const f = await salonWithOwner(live, 0);
    await live.gql(SET_OWNER_AS_MASTER, { input: { salon: f.salonId, user: f.owner.userId } }, f.owner.token);
    const maker = await live.gql(ADD_MANUFACTURER, { input: { id: newId(), salon: f.salonId, name: `Brand ${k}` } }, f.owner.token);
    connections.push({ salon: f.salonId, manufacturer: maker.data?.addManufacturer.id as string });
    masters.push({ salon: f.salonId, token: f.owner.token });
  }
  expect((await live.gql(CONNECT, { input: { supplier, connections } }, sysToken)).errors).toBeUndefined();
  return { sysToken, supplier, supplierToken, masters, connections };
}

describe.each(backends(import.meta.url))('seminar places under chaos on %s', (backend) => {
  let servers: ChaosServers;
  beforeAll(async () => {
    servers = await chaosServers(backend);
  });
  afterAll(async () => {
    await servers?.dispose();
  });

  it(
    `${SEEDS} seeds of ${ROUNDS} rounds: never more visitors than places, nobody twice, only the spec's refusals`,
    async () => {
      const { supplierToken, masters } = await world(servers);
      const refusals = new Map<string, number>();
      let requests = 0;
      let restarts = 0;
      for (let seed = 1; seed <= SEEDS; seed++) {
        const rng = new Rng(seed);
        const ids: string[] = [];
        for (let n = 0; n < 3; n++) ids.push(await addSeminar(servers.live().url, supplierToken, rng.between(1, 2)));
        for (let round = 0; round < ROUNDS; round++) {
          const up = Array.from({ length: servers.count }, (_, i) => i).filter((i) => servers.isUp(i));
          const url = () => servers.url(rng.pick(up));
          const one = (): Promise<GqlResult> => {
            const seminar = rng.pick(ids);
            const m = rng.pick(masters);
            const what = rng.weighted({ signUp: 6, cancel: 3, places: 2 });
            if (what === 'places') {
              const placeCount = rng.between(1, 3);
              return graphqlCall(
                url(),
                UPDATE,
                {
                  input: {
                    seminarId: seminar,
                    name: `Chaos ${seminar.slice(-6)}`,
                    description: 'Colour',
                    type: 'HAIRDRESSER',
                    duration: 60,
                    placeCount,
                    startAt: `${day(10)} 10:00`,
                  },
                },
                supplierToken,
              );
            }
            return graphqlCall(url(), what === 'signUp' ? SIGN_UP : CANCEL, { input: { salon: m.salon, seminar } }, m.token);
          };
          // Now and then an instance stops while the requests are on their way (on PostgreSQL; the other one goes on),
          // and starts again: a request it was answering gets no answer, and may or may not have been applied.
          const stopping = servers.count > 1 && rng.chance(0.25) ? rng.int(servers.count) : null;
          const sent = Array.from({ length: 6 }, () =>
            one().catch((): GqlResult => ({ data: null, errors: [{ message: 'NO_ANSWER' }], status: 0 })),
          );
          const answers = await Promise.all(stopping === null ? sent : [...sent, servers.stop(stopping).then(() => null)]);
          if (stopping !== null) {
            await servers.start(stopping);
            restarts += 1;
          }
          for (const a of answers) {
            if (!a) continue;
            requests += 1;
            for (const e of a.errors ?? []) {
              const reason = String((e.extensions as Loose | undefined)?.reason ?? e.message);
              refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
            }
          }
        }
        const rows = await servers
          .live()
          .db.select({ id: seminars.id, placeCount: seminars.placeCount })
          .from(seminars)
          .where(inArray(seminars.id, ids));
        for (const s of rows) {
          const visitors = await servers
            .live()
            .db.select({ master: seminarVisitors.masterId })
            .from(seminarVisitors)
            .where(eq(seminarVisitors.seminarId, s.id));
          expect(visitors.length, `seminar ${s.id}: visitors within its ${s.placeCount} places`).toBeLessThanOrEqual(s.placeCount);
          expect(new Set(visitors.map((v) => v.master)).size, `seminar ${s.id}: nobody twice`).toBe(visitors.length);
        }
      }
      console.log(
        `seminar chaos on ${backend}: ${SEEDS} seeds, ${requests} requests, ${restarts} restarts, refusals ${JSON.stringify(Object.fromEntries(refusals))}`,
      );
      expect([...refusals.keys()].filter((r) => !EXPECTED.has(r))).toEqual([]);
      // The races happened: some sign-ups found a seminar full.
      expect(refusals.get('SEMINAR_IS_FULL') ?? 0).toBeGreaterThan(0);
    },
    60_000 + SEEDS * 30_000,
  );

  it("a supplier's connections saved twice at once, through both instances: exactly one of the two, never a mix", async () => {
    const { sysToken, supplier, connections } = await world(servers);
    const rng = new Rng(7);
    for (let round = 0; round < ROUNDS; round++) {
      const sets = [0, 1].map(() => rng.shuffle(connections).slice(0, rng.between(1, connections.length)));
      const answers = await Promise.all(
        sets.map((set, k) => graphqlCall(servers.url(k % servers.count), CONNECT, { input: { supplier, connections: set } }, sysToken)),
      );
      for (const a of answers) expect(a.errors).toBeUndefined();
      const saved = await servers
        .live()
        .db.select({ salon: supplierConnections.salonId, manufacturer: supplierConnections.manufacturerId })
        .from(supplierConnections)
        .where(eq(supplierConnections.supplierId, supplier))
        .orderBy(supplierConnections.position);
      expect(
        sets.map((set) => JSON.stringify(set)),
        `round ${round}`,
      ).toContain(JSON.stringify(saved));
    }
  });
});
