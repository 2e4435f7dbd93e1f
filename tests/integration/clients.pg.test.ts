import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '../../server/db/schema';
import { addStaff, clientInput, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_CLIENT, DELETE_CLIENT, UPDATE_CLIENT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

describe.each(backends(import.meta.url))('clients on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const create = (input: Loose, token: string) => t.gql(CREATE_CLIENT, { input }, token);
  const update = (input: Loose, token: string) => t.gql(UPDATE_CLIENT, { input }, token);
  const remove = (salonId: string, clientId: string, token: string) => t.gql(DELETE_CLIENT, { input: { salonId, clientId } }, token);
  /** updateClient input from a createClient input. */
  const edit = (c: Loose, overrides: Loose = {}) => {
    const { id, salon, ...fields } = c;
    return { salonId: salon, clientId: id, ...fields, ...overrides };
  };
  const rowOf = async (id: string) => (await t.db.select().from(clients).where(eq(clients.id, id)))[0];

  describe('createClient', () => {
    it('creates a LOCAL client with the phone stripped and the e-mail lower-cased', async () => {
      const f = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId, {
        phone: '+371 2612 3450',
        email: ' Ilze@Example.TEST ',
        birthday: '1990-04-05',
        notes: 'Allergic',
      });
      expect(ok(await create(input, f.owner.token)).createClient).toMatchObject({
        id: input.id,
        salonId: f.salonId,
        type: 'LOCAL',
        firstName: 'Ilze',
        lastName: 'Kalna',
        gender: 'FEMALE',
        phone: '+37126123450',
        email: 'ilze@example.test',
        birthday: '1990-04-05',
        notes: 'Allergic',
        blockedAt: null,
        blockedBy: null,
      });
    });

    it('blocks at creation: now and the current user', async () => {
      const f = await salonWithOwner(t, 0);
      const c = ok(await create(clientInput(f.salonId, { blocked: true }), f.owner.token)).createClient;
      expect(Date.now() - Date.parse(c.blockedAt)).toBeLessThan(60_000);
      expect(c.blockedBy).toEqual({ id: f.owner.userId, firstName: f.owner.fields.firstName, lastName: f.owner.fields.lastName });
    });

    it('refuses a phone or e-mail of another live client, on the phone field', async () => {
      const f = await salonWithOwner(t, 0);
      const first = clientInput(f.salonId, { email: 'first@example.test' });
      const second = clientInput(f.salonId, { email: 'second@example.test' });
      ok(await create(first, f.owner.token));
      ok(await create(second, f.owner.token));
      refused(await create(clientInput(f.salonId, { phone: first.phone }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'PHONE_ALREADY_EXISTS',
        field: 'phone',
        messageId: 'client.phoneExists',
      });
      refused(await create(clientInput(f.salonId, { email: 'FIRST@example.test' }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'EMAIL_ALREADY_EXISTS',
        field: 'phone',
        messageId: 'client.emailExists',
      });
      refused(await create(clientInput(f.salonId, { phone: first.phone, email: second.email }), f.owner.token), {
        code: 'Forbidden',
        reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
        messageId: 'client.twoDifferentUsers',
      });
      // Another salon may have a client with the same phone.
      const other = await salonWithOwner(t, 0);
      ok(await create(clientInput(other.salonId, { phone: first.phone }), other.owner.token));
    });

    it('refuses an id already used', async () => {
      const f = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId);
      ok(await create(input, f.owner.token));
      refused(await create({ ...clientInput(f.salonId), id: input.id }, f.owner.token), {
        code: 'AlreadyExists',
        reason: 'ID_ALREADY_EXISTS',
      });
    });

    it.each([
      ['firstName', { firstName: ' ' }, 'client.enterFirstName'],
      ['gender', { gender: 'OTHER' }, 'client.selectGender'],
      ['phone', { phone: '26123456' }, 'validation.phone.countryCode'],
      ['phone', { phone: '+3712' }, 'validation.phone.invalid'],
      ['phone', { phone: '+' }, 'validation.phone.invalid'],
      ['phone', { phone: '++--' }, 'validation.phone.invalid'],
      ['phone', { phone: '()' }, 'validation.phone.countryCode'],
      ['birthday', { birthday: '1990-13-40' }, 'validation.date.invalid'],
    ])('validates %s (%o)', async (field, overrides, messageId) => {
      const f = await salonWithOwner(t, 0);
      refused(await create(clientInput(f.salonId, overrides), f.owner.token), {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field,
        messageId,
      });
    });

    it('refuses a master and another salon (Forbidden)', async () => {
      const f = await salonWithOwner(t, 0);
      const master = await addStaff(t, f.salonId, 'MASTER');
      const other = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId);
      refused(await create(input, master.token), { code: 'Forbidden' });
      refused(await create(input, other.owner.token), { code: 'Forbidden' });
      expect(await rowOf(input.id)).toBeUndefined();
    });
  });

  describe('updateClient', () => {
    it('saves the fields and keeps an existing block with its date and blocker', async () => {
      const f = await salonWithOwner(t, 0);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const input = clientInput(f.salonId, { blocked: true });
      const created = ok(await create(input, f.owner.token)).createClient;
      const updated = ok(await update(edit(input, { firstName: 'Inese', gender: 'FEMALE', notes: 'VIP' }), admin.token)).updateClient;
      expect(updated).toMatchObject({ firstName: 'Inese', notes: 'VIP', blockedAt: created.blockedAt, blockedBy: { id: f.owner.userId } });
      expect(updated.rev).toBeGreaterThan(created.rev);
      const unblocked = ok(await update(edit(input, { blocked: false }), admin.token)).updateClient;
      expect(unblocked).toMatchObject({ blockedAt: null, blockedBy: null });
      const reblocked = ok(await update(edit(input, { blocked: true }), admin.token)).updateClient;
      expect(reblocked.blockedBy).toMatchObject({ id: admin.userId });
    });

    it("refuses a missing or deleted client (NotExists) and another client's phone", async () => {
      const f = await salonWithOwner(t, 0);
      const a = clientInput(f.salonId);
      const b = clientInput(f.salonId);
      ok(await create(a, f.owner.token));
      ok(await create(b, f.owner.token));
      refused(await update(edit(a, { phone: b.phone }), f.owner.token), {
        code: 'AlreadyExists',
        reason: 'PHONE_ALREADY_EXISTS',
        field: 'phone',
      });
      ok(await update(edit(a, { phone: a.phone }), f.owner.token));
      refused(await update(edit(a, { clientId: 'f'.repeat(24) }), f.owner.token), {
        code: 'NotExists',
        reason: 'ID_DOES_NOT_EXISTS',
        messageId: 'client.notExists',
      });
      ok(await remove(f.salonId, a.id, f.owner.token));
      refused(await update(edit(a), f.owner.token), { code: 'NotExists' });
    });

    it("keeps a GLOBAL client's identity but lets notes, block and birthday change", async () => {
      const f = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId);
      ok(await create(input, f.owner.token));
      await t.db.update(clients).set({ type: 'GLOBAL' }).where(eq(clients.id, input.id));
      refused(await update(edit(input, { firstName: 'Other' }), f.owner.token), {
        code: 'Forbidden',
        reason: 'GLOBAL_CLIENT_IDENTITY_LOCKED',
      });
      expect(
        ok(await update(edit(input, { notes: 'Prefers mornings', birthday: '1985-01-02', blocked: true }), f.owner.token)).updateClient,
      ).toMatchObject({
        type: 'GLOBAL',
        firstName: 'Ilze',
        notes: 'Prefers mornings',
        birthday: '1985-01-02',
      });
    });

    it('refuses a master and another salon', async () => {
      const f = await salonWithOwner(t, 0);
      const master = await addStaff(t, f.salonId, 'MASTER');
      const other = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId);
      ok(await create(input, f.owner.token));
      refused(await update(edit(input, { notes: 'x' }), master.token), { code: 'Forbidden' });
      refused(await update(edit(input, { notes: 'x' }), other.owner.token), { code: 'Forbidden' });
      refused(await update(edit(input, { salonId: other.salonId, notes: 'x' }), other.owner.token), { code: 'NotExists' });
      expect((await rowOf(input.id))?.notes).toBe('');
    });
  });

  describe('birthday rule (part 1 §5: owner any date, others today or later)', () => {
    it('lets the owner set a past birthday and refuses it to another administrator, on the birthday field, changing nothing', async () => {
      const f = await salonWithOwner(t, 0);
      const admin = await addStaff(t, f.salonId, 'ADMIN');
      const past = clientInput(f.salonId, { birthday: '1990-04-05' });
      ok(await create(past, f.owner.token));
      const other = clientInput(f.salonId, { birthday: '1991-06-07' });
      refused(await create(other, admin.token), {
        code: 'Forbidden',
        reason: 'BIRTHDAY_BEFORE_TODAY',
        field: 'birthday',
        messageId: 'client.birthdayFromToday',
      });
      expect(await rowOf(other.id)).toBeUndefined();
      // An unchanged past birthday does not stop an administrator from saving other fields.
      ok(await update(edit(past, { notes: 'Prefers mornings' }), admin.token));
      refused(await update(edit(past, { birthday: '1990-04-06' }), admin.token), {
        code: 'Forbidden',
        reason: 'BIRTHDAY_BEFORE_TODAY',
        field: 'birthday',
      });
      expect((await rowOf(past.id))?.birthday).toBe('1990-04-05');
      ok(await update(edit(past, { birthday: '2099-01-01' }), admin.token));
    });
  });

  describe('deleteClient', () => {
    it('soft-deletes, frees the phone and answers NotExists after', async () => {
      const f = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId);
      ok(await create(input, f.owner.token));
      expect(ok(await remove(f.salonId, input.id, f.owner.token)).deleteClient).toEqual({ clientId: input.id });
      expect((await rowOf(input.id))?.deletedAt).toBeInstanceOf(Date);
      refused(await remove(f.salonId, input.id, f.owner.token), { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' });
      ok(await create(clientInput(f.salonId, { phone: input.phone }), f.owner.token));
    });

    it("refuses a master and another salon's owner", async () => {
      const f = await salonWithOwner(t, 0);
      const master = await addStaff(t, f.salonId, 'MASTER');
      const other = await salonWithOwner(t, 0);
      const input = clientInput(f.salonId);
      ok(await create(input, f.owner.token));
      refused(await remove(f.salonId, input.id, master.token), { code: 'Forbidden' });
      refused(await remove(f.salonId, input.id, other.owner.token), { code: 'Forbidden' });
      refused(await remove(other.salonId, input.id, other.owner.token), { code: 'NotExists' });
      expect((await rowOf(input.id))?.deletedAt).toBeNull();
    });
  });
});
