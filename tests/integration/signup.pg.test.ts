import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { administrators, masters, salons, serviceGroups, services, users } from '../../server/db/schema';
import { captchaFor, signUp, signUpOwner, signupFields } from '../factories/accounts';
import { solveCaptcha } from '../helpers/captcha';
import { ok, refused, type Loose } from '../helpers/graphql';
import { SET_OWNER_AS_MASTER, SETUP_NEW_SALON, SIGNUP, VIEWER } from '../helpers/operations';
import { backends, useTestServer, type TestServer } from '../helpers/server';

/** Rows a sign-up creates, counted by the salon name and e-mail it used. */
async function created(t: TestServer, fields: { email: string; salonName: string }) {
  const userRows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, fields.email.toLowerCase()));
  const salonRows = await t.db
    .select({ id: salons.id })
    .from(salons)
    .where(sql`lower(${salons.name}) = lower(${fields.salonName})`);
  return { users: userRows.length, salons: salonRows.length };
}

async function salonSetup(t: TestServer, salonId: string) {
  return {
    groups: await t.db.select().from(serviceGroups).where(eq(serviceGroups.salonId, salonId)),
    services: await t.db.select().from(services).where(eq(services.salonId, salonId)),
    masters: await t.db
      .select()
      .from(masters)
      .where(and(eq(masters.salonId, salonId), isNull(masters.deletedAt))),
    admins: await t.db.select().from(administrators).where(eq(administrators.salonId, salonId)),
  };
}

/** A freshly solved captcha payload, edited by `edit` after solving. */
async function tamper(t: TestServer, edit: (payload: Loose) => void): Promise<string> {
  const payload = JSON.parse(Buffer.from(await captchaFor(t), 'base64').toString('utf8'));
  edit(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe.each(backends(import.meta.url))('signupAdministrator on %s', (backend) => {
  const t = useTestServer(backend, { seedDemo: true, rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });

  it('creates an owner with a fully set-up salon and mails a verification link', async () => {
    const { result, fields } = await signUp(t, { email: 'New.Owner@Example.TEST', phone: '+371 2612 3456', promoCode: 'SPRING-2025' });
    const payload = ok(result).signupAdministrator;
    expect(payload).toMatchObject({ role: 'ADMIN', isOwner: true, user: { firstName: fields.firstName, lastName: fields.lastName } });
    expect(payload.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(payload.salon).toMatchObject({ name: fields.salonName, address: fields.salonAddress, administrator: { id: payload.user.id } });
    expect(payload.salon.subscription.trialEndsAt).toBeGreaterThan(Date.now());
    expect(payload.user.salon.id).toBe(payload.salon.id);

    const viewer = ok(await t.gql(VIEWER, {}, payload.token)).viewer;
    expect(viewer).toMatchObject({
      email: 'new.owner@example.test',
      phone: '+37126123456',
      role: 'ADMIN',
      isOwner: true,
      emailVerified: false,
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, payload.user.id));
    expect(user?.promoCode).toBe('SPRING-2025');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const setup = await salonSetup(t, payload.salon.id);
    expect(setup.groups).toHaveLength(1);
    expect(setup.groups[0]?.type).toBe('OTHER');
    const byDuration = [...setup.services].sort((a, b) => a.duration - b.duration);
    expect(byDuration.map((s) => [s.duration, s.color])).toEqual([
      [30, '#e53935'],
      [60, '#43a047'],
      [120, '#1e88e5'],
    ]);
    expect(setup.services.every((s) => s.groupId === setup.groups[0]?.id)).toBe(true);
    expect(setup.masters).toHaveLength(4);
    const ownerMasters = setup.masters.filter((m) => m.userId === payload.user.id);
    expect(ownerMasters).toHaveLength(1);
    expect(ownerMasters[0]).toMatchObject({ firstName: fields.firstName, email: 'new.owner@example.test' });
    expect(setup.masters.filter((m) => m.userId === null)).toHaveLength(3);
    expect(setup.admins.map((a) => a.userId)).toEqual([payload.user.id]);

    const mail = t.mail.last('new.owner@example.test');
    expect(mail.subject).toBe('Confirm your e-mail');
    expect(mail.links.some((l) => l.startsWith(`${t.running.url}/verify-email/`))).toBe(true);
  });

  it('setupNewSalon and setOwnerAsMaster called afterwards change nothing', async () => {
    const owner = await signUpOwner(t);
    const before = await salonSetup(t, owner.salonId);
    const ownerMaster = before.masters.find((m) => m.userId === owner.userId);
    expect(ownerMaster).toBeDefined();

    const setupInput = { input: { salon: owner.salonId, lang: 'en' } };
    expect(ok(await t.gql(SETUP_NEW_SALON, setupInput, owner.token)).setupNewSalon.salonId).toBe(owner.salonId);
    expect(ok(await t.gql(SETUP_NEW_SALON, setupInput, owner.token)).setupNewSalon.salonId).toBe(owner.salonId);
    const masterInput = { input: { salon: owner.salonId, user: owner.userId } };
    expect(ok(await t.gql(SET_OWNER_AS_MASTER, masterInput, owner.token)).setOwnerAsMaster.masterId).toBe(ownerMaster?.id);
    expect(ok(await t.gql(SET_OWNER_AS_MASTER, masterInput, owner.token)).setOwnerAsMaster.masterId).toBe(ownerMaster?.id);

    const after = await salonSetup(t, owner.salonId);
    expect(after.groups.map((g) => g.id)).toEqual(before.groups.map((g) => g.id));
    expect(after.services.map((s) => s.id).sort()).toEqual(before.services.map((s) => s.id).sort());
    expect(after.masters.map((m) => m.id).sort()).toEqual(before.masters.map((m) => m.id).sort());
  });

  describe('captcha', () => {
    it('refuses an empty captcha with the form message', async () => {
      const { result, fields } = await signUp(t, { captcha: '' });
      refused(result, { code: 'IllegalArgument', field: 'captcha', messageId: 'access.signup.solveCaptcha' });
      expect(await created(t, fields)).toEqual({ users: 0, salons: 0 });
    });

    it.each([
      ['garbage', async () => 'not-a-captcha'],
      ['base64 of something else', async () => Buffer.from('{"hello":"world"}').toString('base64')],
      [
        'a wrong derived key',
        (t: TestServer) =>
          tamper(t, (p) => {
            const key: string = p.solution.derivedKey;
            p.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
          }),
      ],
      [
        'a challenge with changed parameters',
        (t: TestServer) =>
          tamper(t, (p) => {
            p.challenge.parameters.expiresAt += 3600;
          }),
      ],
      [
        'a challenge signed with another secret',
        async () => {
          const foreign = await createChallenge({
            algorithm: 'PBKDF2/SHA-256',
            cost: 1,
            counter: 10,
            deriveKey,
            hmacSignatureSecret: 'not-the-server-secret',
          });
          return solveCaptcha(JSON.stringify(foreign));
        },
      ],
    ])('refuses %s (NotAllowed / CAPTCHA_FAILED) and creates nothing', async (_name, makeCaptcha) => {
      const { result, fields } = await signUp(t, { captcha: await makeCaptcha(t) });
      refused(result, { code: 'NotAllowed', reason: 'CAPTCHA_FAILED' });
      expect(await created(t, fields)).toEqual({ users: 0, salons: 0 });
      expect(t.mail.to(fields.email)).toHaveLength(0);
    });

    it('accepts a solved captcha once only', async () => {
      const captcha = await captchaFor(t);
      ok((await signUp(t, { captcha })).result);
      const again = await signUp(t, { captcha });
      refused(again.result, { code: 'NotAllowed', reason: 'CAPTCHA_FAILED' });
      expect(await created(t, again.fields)).toEqual({ users: 0, salons: 0 });
    });
  });

  describe('validation and conflicts', () => {
    it('refuses a promo code of 20 characters and creates nothing; 19 are fine', async () => {
      const { result, fields } = await signUp(t, { promoCode: 'P'.repeat(20) });
      refused(result, { code: 'IllegalArgument', field: 'promoCode', messageId: 'access.signup.invalidPromoCode' });
      expect(await created(t, fields)).toEqual({ users: 0, salons: 0 });
      ok((await signUp(t, { promoCode: 'P'.repeat(19) })).result);
    });

    it.each([
      ['salonName', ' ', 'access.signup.enterSalonName'],
      ['salonAddress', '', 'access.signup.enterSalonAddress'],
      ['firstName', '', 'access.signup.enterFirstName'],
      ['email', '', 'access.signup.enterEmail'],
      ['password', '', 'access.signup.enterPassword'],
      ['phone', '37120000000', 'validation.phone.countryCode'],
    ])('refuses %s=%j with %s', async (field, value, messageId) => {
      const { result } = await signUp(t, { [field]: value });
      refused(result, { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field, messageId });
    });

    it('refuses an e-mail already registered, in any case, on the email field', async () => {
      const first = await signUpOwner(t);
      const { result, fields } = await signUp(t, { email: first.email.toUpperCase() });
      refused(result, { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email' });
      expect((await created(t, fields)).salons).toBe(0);
      refused((await signUp(t, { email: 'owner@demo.test' })).result, { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS' });
    });

    it('refuses a salon name already taken, in any case, on the salonName field, and keeps no user', async () => {
      const first = await signUpOwner(t);
      for (const salonName of [first.fields.salonName.toUpperCase(), 'demo SALON']) {
        const { result, fields } = await signUp(t, { salonName });
        refused(result, { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'salonName' });
        expect((await created(t, fields)).users).toBe(0);
      }
    });

    it('lets exactly one of two simultaneous sign-ups with the same salon name through', async () => {
      const salonName = signupFields().salonName;
      const captchas = [await captchaFor(t), await captchaFor(t)];
      const results = await Promise.all(
        captchas.map((captcha, i) =>
          t.gql(SIGNUP, { input: { ...signupFields({ salonName: i ? salonName.toLowerCase() : salonName }), captcha } }),
        ),
      );
      expect(results.filter((r) => !r.errors)).toHaveLength(1);
      refused(results.find((r) => r.errors) ?? results[0]!, { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'salonName' });
      expect((await created(t, { email: 'none', salonName })).salons).toBe(1);
    });

    it('lets exactly one of two simultaneous sign-ups with the same e-mail through', async () => {
      const email = signupFields().email;
      const captchas = [await captchaFor(t), await captchaFor(t)];
      const results = await Promise.all(captchas.map((captcha) => t.gql(SIGNUP, { input: { ...signupFields({ email }), captcha } })));
      expect(results.filter((r) => !r.errors)).toHaveLength(1);
      refused(results.find((r) => r.errors) ?? results[0]!, { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email' });
      expect((await created(t, { email, salonName: 'none' })).users).toBe(1);
    });
  });
});

describe.each(backends(import.meta.url))('signupAdministrator with the mail server down on %s', (backend) => {
  const t = useTestServer(backend, { rateLimits: { loginFailures: 10, perAddress: 1000, windowSeconds: 60 } });

  it('does not leave a half-finished account behind: either signed in, or nothing kept and a retry works', async () => {
    await t.mail.close();
    const captcha = await captchaFor(t);
    const fields = signupFields();
    const first = await t.gql(SIGNUP, { input: { ...fields, captcha } });
    if (first.errors) {
      expect(await created(t, fields), 'the refused sign-up kept its user and salon').toEqual({ users: 0, salons: 0 });
      ok(await t.gql(SIGNUP, { input: { ...fields, captcha: await captchaFor(t) } }));
    } else {
      expect(first.data.signupAdministrator.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    }
  });
});
