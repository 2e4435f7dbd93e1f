import { afterEach, describe, expect, it } from 'vitest';
import { client, runCommand } from '../../src/db/commands';
import type { SalonDb } from '../../src/db/salon-db';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { newId } from '../../src/domain/ids';
import { makeClient, makeContext, makeDb, makeMaster } from '../factories/mirror';

/** client.setDefaultMasters and GLOBAL client.create against the mirror (the server's rules, checked locally first). */
const ctx = makeContext();
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

async function seed() {
  db = makeDb();
  const masters = [makeMaster(), makeMaster()];
  const row = makeClient();
  await db.mirror('masters').bulkPut(masters);
  await db.mirror('clients').put(row);
  return { masters, row };
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof CommandRefusal ? e.error : e),
  );
const set = (input: Record<string, unknown>, context = ctx) =>
  runCommand(
    db,
    client.setDefaultMasters,
    { ctx: context, input: input as never },
    { salonId: ctx.salonId, form: { kind: 'client.edit', values: input } },
  );

describe('client.setDefaultMasters', () => {
  it('puts the list (each once, in order) on the mirror row and queues the command', async () => {
    const { masters, row } = await seed();
    const [m0, m1] = masters.map((m) => m.id) as [string, string];
    await set({ salon: ctx.salonId, client: row.id, masters: [m1, m0, m1] });
    expect(await db.mirror('clients').get(row.id)).toEqual({ ...row, defaultMasterIds: [m1, m0] });
    expect(await db.outbox.toArray()).toMatchObject([{ seq: 1, name: 'client.setDefaultMasters', form: { kind: 'client.edit' } }]);
  });

  it.each([
    [
      'a missing client',
      (s: Awaited<ReturnType<typeof seed>>) => ({ client: newId(), masters: [s.masters[0]?.id] }),
      { code: 'NotExists', reason: 'CLIENT_NOT_EXISTS', messageId: 'client.defaultMasters.notExists' },
    ],
    [
      'a master not in the mirror',
      (s: Awaited<ReturnType<typeof seed>>) => ({ client: s.row.id, masters: [newId()] }),
      { code: 'IllegalArgument', field: 'masters', messageId: 'client.defaultMasters.unknownMaster' },
    ],
    [
      'a malformed id',
      (s: Awaited<ReturnType<typeof seed>>) => ({ client: s.row.id, masters: ['x'] }),
      { code: 'IllegalArgument', field: 'masters', messageId: 'client.defaultMasters.unknownMaster' },
    ],
    ['another salon', (s: Awaited<ReturnType<typeof seed>>) => ({ salon: newId(), client: s.row.id, masters: [] }), { code: 'Forbidden' }],
  ])('refuses %s before writing anything', async (_name, make, expected) => {
    const s = await seed();
    expect(await refusalOf(set({ salon: ctx.salonId, ...make(s) }))).toMatchObject(expected);
    expect(await db.mirror('clients').get(s.row.id)).toEqual(s.row);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a master', async () => {
    const { row } = await seed();
    expect(
      await refusalOf(set({ salon: ctx.salonId, client: row.id, masters: [] }, makeContext({ role: 'MASTER', isOwner: false }))),
    ).toMatchObject({ code: 'Forbidden' });
  });
});

describe('client.create from a found user', () => {
  it('is GLOBAL with no default masters; without a user it is LOCAL', async () => {
    db = makeDb();
    const base = { salon: ctx.salonId, firstName: 'Kārlis', gender: 'MALE' as const };
    const global = { ...base, id: newId(), userId: newId(), phone: '+37126000001' };
    const local = { ...base, id: newId() };
    await runCommand(db, client.createClient, { ctx, input: global }, { salonId: ctx.salonId });
    await runCommand(db, client.createClient, { ctx, input: local }, { salonId: ctx.salonId });
    expect(await db.mirror('clients').get(global.id)).toMatchObject({ type: 'GLOBAL', defaultMasterIds: [] });
    expect(await db.mirror('clients').get(local.id)).toMatchObject({ type: 'LOCAL', defaultMasterIds: [] });
  });

  it("a GLOBAL client's identity is locked locally as on the server; notes stay editable", async () => {
    db = makeDb();
    const row = makeClient({ type: 'GLOBAL', phone: '+37126000002', email: 'karlis@example.test' });
    await db.mirror('clients').put(row);
    const edit = {
      salonId: ctx.salonId,
      clientId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      gender: row.gender,
      phone: row.phone,
      email: row.email,
    };
    const update = (input: Record<string, unknown>) =>
      runCommand(db, client.updateClient, { ctx, input: input as never }, { salonId: ctx.salonId });
    expect(await refusalOf(update({ ...edit, firstName: 'Other' }))).toMatchObject({
      code: 'Forbidden',
      reason: 'GLOBAL_CLIENT_IDENTITY_LOCKED',
    });
    await update({ ...edit, email: 'KARLIS@example.test', notes: 'Mornings' });
    expect(await db.mirror('clients').get(row.id)).toMatchObject({ notes: 'Mornings', firstName: row.firstName });
  });
});

describe('birthday rule on the mirror (part 1 §5)', () => {
  const input = (birthday: string) => ({ id: newId(), salon: ctx.salonId, firstName: 'Ilze', gender: 'FEMALE', birthday });
  const create = (values: Record<string, unknown>, context = ctx) =>
    runCommand(db, client.createClient, { ctx: context, input: values as never }, { salonId: ctx.salonId, form: null });

  it('refuses a past birthday to an administrator who is not the owner, before anything is written', async () => {
    await seed();
    const admin = makeContext({ isOwner: false, role: 'ADMIN' });
    const past = input('1990-04-05');
    expect(await refusalOf(create(past, admin))).toMatchObject({ code: 'Forbidden', reason: 'BIRTHDAY_BEFORE_TODAY', field: 'birthday' });
    expect(await db.mirror('clients').get(past.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    await create(input(ctx.today), admin);
    await create(past, makeContext({ isOwner: true, role: 'ADMIN' }));
    expect(await db.outbox.count()).toBe(2);
  });
});

describe("the server's client rules on the mirror (src/domain/commands/clients.ts)", () => {
  const fields = { firstName: 'Ilze', gender: 'FEMALE' as const };
  const create = (values: Record<string, unknown>, context = ctx) =>
    runCommand(
      db,
      client.createClient,
      { ctx: context, input: { id: newId(), salon: ctx.salonId, ...fields, ...values } as never },
      { salonId: ctx.salonId },
    );
  const update = (values: Record<string, unknown>, context = ctx) =>
    runCommand(
      db,
      client.updateClient,
      { ctx: context, input: { salonId: ctx.salonId, ...fields, ...values } as never },
      { salonId: ctx.salonId },
    );
  const remove = (values: Record<string, unknown>, context = ctx) =>
    runCommand(db, client.deleteClient, { ctx: context, input: values as never }, { salonId: ctx.salonId });

  it('refuses an e-mail of another client (any case), and a phone and an e-mail of two different clients', async () => {
    db = makeDb();
    const a = makeClient({ phone: '+37126000011', email: 'Anna@Example.test' });
    const b = makeClient({ phone: '+37126000012', email: 'berta@example.test' });
    await db.mirror('clients').bulkPut([a, b]);
    expect(await refusalOf(create({ email: 'anna@example.test' }))).toMatchObject({
      code: 'AlreadyExists',
      reason: 'EMAIL_ALREADY_EXISTS',
      field: 'phone',
    });
    expect(await refusalOf(create({ phone: a.phone, email: b.email }))).toMatchObject({
      reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
    });
    expect(await refusalOf(update({ clientId: b.id, phone: b.phone, email: 'anna@example.test' }))).toMatchObject({
      reason: 'EMAIL_ALREADY_EXISTS',
    });
    await update({ clientId: a.id, phone: a.phone, email: 'anna@example.test', notes: 'own e-mail' });
    expect(await db.outbox.count()).toBe(1);
  });

  it("refuses a master and another salon with the server's reasons, on update and delete too", async () => {
    db = makeDb();
    const row = makeClient();
    await db.mirror('clients').put(row);
    const master = makeContext({ role: 'MASTER', isOwner: false });
    const other = 'f'.repeat(24);
    expect(await refusalOf(create({}, master))).toMatchObject({ code: 'Forbidden', reason: 'MASTER_CANNOT_EDIT_CLIENTS' });
    expect(await refusalOf(create({ salon: other }))).toMatchObject({ code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' });
    expect(await refusalOf(update({ clientId: row.id, salonId: other }))).toMatchObject({
      code: 'Forbidden',
      reason: 'NOT_THE_SESSION_SALON',
    });
    expect(await refusalOf(remove({ clientId: row.id, salonId: other }))).toMatchObject({
      code: 'Forbidden',
      reason: 'NOT_THE_SESSION_SALON',
    });
    expect(await refusalOf(remove({ clientId: row.id, salonId: ctx.salonId }, master))).toMatchObject({
      code: 'Forbidden',
      reason: 'MASTER_CANNOT_EDIT_CLIENTS',
    });
    expect(await db.mirror('clients').get(row.id)).toEqual(row);
    expect(await db.outbox.count()).toBe(0);
  });
});
