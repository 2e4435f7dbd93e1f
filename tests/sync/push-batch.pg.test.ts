import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, products, salons, syncClients, syncResults } from '../../server/db/schema';
import { MAX_PUSH_BATCH, MAX_RUN } from '../../server/sync/push-batch';
import { newId } from '../../src/domain/ids';
import { at, line, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

/**
 * pushCommands (issue 21 item 1): the outbox in batches, each command applied as its own mutation, exactly once
 * per (clientId, seq), runs of them in one transaction (decision 050); a refusal answers its command alone, its
 * neighbours applied; each command writes with its own rev; a command sees what the one before it changed; a
 * gap stops the batch; a
 * batch sent again (its answer lost, or cut mid-way) gets the first answers; one salon's session never writes
 * another's; and every command of a batch still answers when pushed alone.
 */
const PUSH = `mutation P($input: PushCommandsInput!) { pushCommands(input: $input) { results { seq ok error } } }`;
const CREATE_CLIENT = `mutation C($input: CreateClientInput!) { createClient(input: $input) { id } }`;

describe.each(backends(import.meta.url))('pushCommands on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);

  const clientInput = (salon: string, over: Loose = {}) => ({
    id: newId(),
    salon,
    firstName: 'Anna',
    lastName: 'Ozola',
    phone: null,
    email: null,
    notes: '',
    gender: 'FEMALE',
    ...over,
  });
  const command = (seq: number, input: Loose, name = 'client.create') => ({ name, seq, input: JSON.stringify(input) });
  const push = async (token: string, clientId: string, commands: Loose[]) =>
    ok(await t.gql(PUSH, { input: { clientId, commands } }, token)).pushCommands.results as Array<{
      seq: number;
      ok: boolean;
      error: string | null;
    }>;
  const shape = (error: string | null) => JSON.parse(error ?? 'null') as Loose;
  const clientsNamed = (salon: string, firstName: string) =>
    t.db
      .select()
      .from(clients)
      .where(and(eq(clients.salonId, salon), eq(clients.firstName, firstName)));
  const ledger = async (clientId: string) => ({
    lastSeq: (await t.db.select().from(syncClients).where(eq(syncClients.clientId, clientId)))[0]?.lastSeq,
    results: (await t.db.select().from(syncResults).where(eq(syncResults.clientId, clientId))).length,
  });

  it('applies each command once in seq order; a refusal answers its command alone and the batch goes on', async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    const taken = clientInput(f.salonId, { firstName: 'Batch1' });
    const commands = [
      command(1, taken),
      // The same id again: refused (the row exists), recorded, and the batch goes on.
      command(2, { ...taken, firstName: 'Batch2' }),
      command(3, clientInput(f.salonId, { firstName: 'Batch1' })),
      // Invalid input (no first name): refused by the catalogue's schema, with its field.
      command(4, clientInput(f.salonId, { firstName: '' })),
      command(5, clientInput(f.salonId, { firstName: 'Batch1' })),
    ];
    const results = await push(f.owner.token, clientId, commands);
    expect(results.map((r) => [r.seq, r.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
      [4, false],
      [5, true],
    ]);
    expect(shape(results[1]?.error ?? null)).toMatchObject({ code: 'AlreadyExists' });
    expect(shape(results[3]?.error ?? null)).toMatchObject({ code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'firstName' });
    expect(await clientsNamed(f.salonId, 'Batch1')).toHaveLength(3);
    expect(await clientsNamed(f.salonId, 'Batch2')).toHaveLength(0);
    expect(await ledger(clientId)).toEqual({ lastSeq: 5, results: 5 });

    // The same batch again (its answer was lost): the first answers, nothing applied twice.
    expect(await push(f.owner.token, clientId, commands)).toEqual(results);
    expect(await clientsNamed(f.salonId, 'Batch1')).toHaveLength(3);
    expect(await ledger(clientId)).toEqual({ lastSeq: 5, results: 5 });
  });

  it('a batch cut mid-way and sent again whole: the applied part answers from the record, the rest is applied once', async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    const commands = Array.from({ length: 6 }, (_, i) => command(i + 1, clientInput(f.salonId, { firstName: 'Cut' })));
    const first = await push(f.owner.token, clientId, commands.slice(0, 2));
    expect(first.every((r) => r.ok)).toBe(true);
    const whole = await push(f.owner.token, clientId, commands);
    expect(whole.map((r) => r.ok)).toEqual([true, true, true, true, true, true]);
    expect(await clientsNamed(f.salonId, 'Cut')).toHaveLength(6);
    expect(await ledger(clientId)).toEqual({ lastSeq: 6, results: 6 });
  });

  it('a gap answers SEQ_GAP with the expected seq and stops the batch; nothing after it is applied', async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    ok(
      await t.gql(
        CREATE_CLIENT,
        { input: { ...clientInput(f.salonId, { firstName: 'Gap' }), command: { clientId, seq: 1 } } },
        f.owner.token,
      ),
    );
    const results = await push(f.owner.token, clientId, [
      command(3, clientInput(f.salonId, { firstName: 'Gap' })),
      command(4, clientInput(f.salonId, { firstName: 'Gap' })),
    ]);
    expect(results).toHaveLength(1);
    expect(shape(results[0]?.error ?? null)).toMatchObject({ reason: 'SEQ_GAP', expectedSeq: 2 });
    expect(await clientsNamed(f.salonId, 'Gap')).toHaveLength(1);
    // The single mutation and the batch share one queue per client: seq 2 goes on from the first.
    expect((await push(f.owner.token, clientId, [command(2, clientInput(f.salonId, { firstName: 'Gap' }))]))[0]?.ok).toBe(true);
    expect(await ledger(clientId)).toEqual({ lastSeq: 2, results: 2 });
  });

  it("one salon's session cannot write another salon in a batch, nor use another user's client id", async () => {
    const a = await salonWithOwner(t, 0);
    const b = await salonWithOwner(t, 0);
    const clientId = newId();
    const results = await push(a.owner.token, clientId, [
      command(1, clientInput(b.salonId, { firstName: 'Intruder' })),
      command(2, clientInput(a.salonId, { firstName: 'Own' })),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, true]);
    expect(shape(results[0]?.error ?? null)).toMatchObject({ code: 'Forbidden' });
    expect(await clientsNamed(b.salonId, 'Intruder')).toHaveLength(0);
    const stolen = await push(b.owner.token, clientId, [command(3, clientInput(b.salonId, { firstName: 'Stolen' }))]);
    expect(shape(stolen[0]?.error ?? null)).toMatchObject({ reason: 'CLIENT_OF_ANOTHER_USER' });
    expect(await clientsNamed(b.salonId, 'Stolen')).toHaveLength(0);
  });

  it('refuses a malformed batch whole and an unsigned request; an unknown command stops the batch', async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    refused(await t.gql(PUSH, { input: { clientId, commands: [] } }, f.owner.token), {
      code: 'IllegalArgument',
      reason: 'VALIDATION_FAILED',
    });
    const tooMany = Array.from({ length: MAX_PUSH_BATCH + 1 }, (_, i) => command(i + 1, clientInput(f.salonId)));
    refused(await t.gql(PUSH, { input: { clientId, commands: tooMany } }, f.owner.token), {
      code: 'IllegalArgument',
      reason: 'VALIDATION_FAILED',
    });
    refused(await t.gql(PUSH, { input: { clientId, commands: [command(1, clientInput(f.salonId))] } }), { code: 'Unauthenticated' });
    const unknown = await push(f.owner.token, clientId, [command(1, {}, 'client.explode'), command(2, clientInput(f.salonId))]);
    expect(unknown).toHaveLength(1);
    expect(shape(unknown[0]?.error ?? null)).toMatchObject({ reason: 'UNKNOWN_COMMAND', messageId: 'error.default' });
    // Not JSON: refused by the schema and recorded, so the queue goes on.
    const broken = await push(f.owner.token, clientId, [
      { name: 'client.create', seq: 1, input: '{' },
      command(2, clientInput(f.salonId, { firstName: 'After' })),
    ]);
    expect(broken.map((r) => r.ok)).toEqual([false, true]);
    expect(shape(broken[0]?.error ?? null)).toMatchObject({ code: 'IllegalArgument', reason: 'VALIDATION_FAILED' });
    expect(await ledger(clientId)).toEqual({ lastSeq: 2, results: 2 });
  });

  it('a batch longer than a run: every command its own rev in seq order, the refused one none, the counter at the last', async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    const revOf = async () => (await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, f.salonId)))[0]?.rev ?? -1;
    const before = await revOf();
    const inputs = Array.from({ length: MAX_RUN + 5 }, (_, i) => clientInput(f.salonId, { firstName: 'Run', lastName: `L${i}` }));
    // The fourth reuses the third's id: refused in the middle of the first run, the rest applied around it.
    inputs[3] = { ...inputs[2]!, lastName: 'L3' };
    const results = await push(
      f.owner.token,
      clientId,
      inputs.map((input, i) => command(i + 1, input)),
    );
    expect(results.map((r) => r.ok)).toEqual(inputs.map((_, i) => i !== 3));
    const rows = await clientsNamed(f.salonId, 'Run');
    const revs = inputs.filter((_, i) => i !== 3).map((input) => rows.find((r) => r.lastName === input.lastName)?.rev);
    expect(revs).toEqual(Array.from({ length: MAX_RUN + 4 }, (_, i) => before + 1 + i));
    expect(await revOf()).toBe(before + MAX_RUN + 4);
    expect(await ledger(clientId)).toEqual({ lastSeq: MAX_RUN + 5, results: MAX_RUN + 5 });
  });

  it('a backlog refused every other command (a week offline): each answer its own, revs contiguous, once (decision 082)', async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    const brand = ok(
      await t.gql(
        `mutation M($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`,
        {
          input: { id: newId(), salon: f.salonId, name: 'Wella' },
        },
        f.owner.token,
      ),
    ).addManufacturer.id as string;
    const revOf = async () => (await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, f.salonId)))[0]?.rev ?? -1;
    const before = await revOf();
    const size = MAX_RUN + 10;
    // Even ones name a manufacturer the salon does not have: refused after the command took the salon's revs.
    const commands = Array.from({ length: size }, (_, i) =>
      command(
        i + 1,
        {
          id: newId(),
          salon: f.salonId,
          name: `Item ${i}`,
          manufacturer: i % 2 === 0 ? newId() : brand,
          code: '',
          quantity: 1,
          price: '1.00',
          supplierPrice: '',
          type: 'SALE',
        },
        'product.add',
      ),
    );
    const results = await push(f.owner.token, clientId, commands);
    expect(results.map((r) => r.ok)).toEqual(commands.map((_, i) => i % 2 === 1));
    expect(results.filter((r) => !r.ok).map((r) => shape(r.error).field)).toEqual(Array(size / 2).fill('manufacturer'));
    const rows = await t.db.select({ name: products.name, rev: products.rev }).from(products).where(eq(products.salonId, f.salonId));
    expect(rows.map((r) => r.rev).sort((a, b) => a - b)).toEqual(Array.from({ length: size / 2 }, (_, i) => before + 1 + i));
    expect(await revOf()).toBe(before + size / 2);
    expect(await ledger(clientId)).toEqual({ lastSeq: size, results: size });
    // Sent again (the answer lost): the same answers, nothing applied twice.
    expect(await push(f.owner.token, clientId, commands)).toEqual(results);
    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.salonId, f.salonId))).toHaveLength(size / 2);
  });

  it("a command sees what the command before it in the batch changed: the salon's new hours refuse the next booking", async () => {
    const f = await salonWithOwner(t, 0);
    const clientId = newId();
    const salon = (startAt: number) => ({
      id: f.salonId,
      name: `Salon ${newId().slice(0, 8)}`,
      address: 'Brīvības iela 1, Rīga',
      settings: { schedule: { startAt, endAt: 1260, step: 15, format: 'HH:mm' } },
    });
    const book = (seq: number, time: string) =>
      command(seq, { salon: f.salonId, appointments: [line(f, { startAt: at(1, time) })] }, 'appointment.create');
    // 10:00 is inside 09:00–21:00 and outside 11:00–21:00.
    const results = await push(f.owner.token, clientId, [book(1, '09:00'), command(2, salon(660), 'salon.update'), book(3, '10:00')]);
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(shape(results[2]?.error ?? null)).toMatchObject({ reason: 'TIME_OUT_OF_RANGE' });
    const back = await push(f.owner.token, clientId, [command(4, salon(540), 'salon.update'), book(5, '10:00')]);
    expect(back.map((r) => r.ok)).toEqual([true, true]);
  });
});
