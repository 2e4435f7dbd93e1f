import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { authTokens, masters, users } from '../../server/db/schema';
import { bumpRev } from '../../server/db/rev';
import { addUser, logIn } from '../factories/accounts';
import { addStaff, salonWithOwner, setSettings, type SalonFixture } from '../factories/salon';
import { ok, refused } from '../helpers/graphql';
import { CHANGE_PASSWORD_BY_TOKEN, LOGIN, VIEWER } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const ACCESS = 'masterId state email expiresAt';
const GET = `query G($salon: ID!, $master: ID!) { getMasterAccess(salon: $salon, master: $master) { ${ACCESS} } }`;
const INVITE = `mutation I($input: MasterAccessInput!) { inviteMaster(input: $input) { ${ACCESS} } }`;
const REVOKE = `mutation R($input: MasterAccessInput!) { revokeMasterAccess(input: $input) { ${ACCESS} } }`;

let seq = 0;
const freshEmail = () => `invited-${Date.now()}-${seq++}@example.test`;

describe.each(backends(import.meta.url))('master access on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const read = (f: SalonFixture, masterId: string, token = f.owner.token) => t.gql(GET, { salon: f.salonId, master: masterId }, token);
  const invite = (f: SalonFixture, masterId: string, token = f.owner.token, lang = 'en') =>
    t.gql(INVITE, { input: { salonId: f.salonId, masterId, lang } }, token);
  const revoke = (f: SalonFixture, masterId: string, token = f.owner.token) =>
    t.gql(REVOKE, { input: { salonId: f.salonId, masterId } }, token);
  /** The salon's masters without an account (sign-up links one of the four to the owner). */
  const unlinked = async (f: SalonFixture) =>
    (await t.db.select({ id: masters.id, userId: masters.userId }).from(masters).where(eq(masters.salonId, f.salonId)))
      .filter((m) => m.userId === null)
      .map((m) => m.id)
      .sort();
  const setEmail = (masterId: string, email: string | null) => t.db.update(masters).set({ email }).where(eq(masters.id, masterId));

  /** The invitation link mailed to `email`: its token. */
  function mailedToken(email: string): string {
    const mail = t.mail.last(email);
    const link = mail.links.find((l) => l.includes('/change-password/')) ?? '';
    const match = /\/change-password\/([A-Za-z0-9_-]+)\?welcome=1$/.exec(link);
    expect(match, `invitation link in: ${mail.text}`).not.toBeNull();
    return match?.[1] as string;
  }

  it('invites a master by e-mail: the link sets the password and the master signs in to the salon', async () => {
    const f = await salonWithOwner(t, 0);
    const masterId = (await unlinked(f))[0] as string;
    const email = freshEmail();
    await setEmail(masterId, email);
    expect(ok(await read(f, masterId)).getMasterAccess).toMatchObject({ state: 'NONE', email, expiresAt: null });

    const invited = ok(await invite(f, masterId)).inviteMaster;
    expect(invited).toMatchObject({ masterId, state: 'INVITED', email });
    const days = (Date.parse(invited.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = t.mail.last(email);
    expect(mail.subject).toMatch(/invites you to the salon panel$/);

    // No password yet: signing in is refused as a wrong password, even with the dummy hash's own password.
    refused(await t.gql(LOGIN, { input: { username: email, password: 'not-a-real-password-0' } }), {
      code: 'InvalidPassword',
      field: 'password',
    });

    const token = mailedToken(email);
    const session = ok(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'master-pass-1' } })).changePasswordByToken;
    expect(session).toMatchObject({ role: 'MASTER', isOwner: false });
    expect(session.user.salon.id).toBe(f.salonId);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account?.emailVerified).toBe(true);
    expect(ok(await read(f, masterId)).getMasterAccess).toMatchObject({ state: 'ACTIVE', email, expiresAt: null });
    expect((await logIn(t, email, 'master-pass-1')).role).toBe('MASTER');

    // Single use: the link does not work twice.
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'other-pass-2' } }), {
      code: 'NotAllowed',
    });
    // A master who signs in cannot be invited again.
    refused(await invite(f, masterId), { reason: 'MASTER_HAS_ACCESS' });
  });

  it('sending again ends the older link; an expired invitation reads EXPIRED and can be sent again', async () => {
    const f = await salonWithOwner(t, 0);
    const masterId = (await unlinked(f))[1] as string;
    const email = freshEmail();
    await setEmail(masterId, email);
    ok(await invite(f, masterId));
    const first = mailedToken(email);
    ok(await invite(f, masterId, f.owner.token, 'lv'));
    const second = mailedToken(email);
    expect(second).not.toBe(first);
    expect(t.mail.last(email).subject).toMatch(/aicina jūs salona panelī$/);
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: first, password: 'master-pass-1' } }), {
      code: 'NotAllowed',
    });

    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, account?.id as string));
    expect(ok(await read(f, masterId)).getMasterAccess).toMatchObject({ state: 'EXPIRED' });
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: second, password: 'master-pass-1' } }), {
      code: 'NotAllowed',
    });
    expect(ok(await invite(f, masterId)).inviteMaster.state).toBe('INVITED');
  });

  it('revoking ends the access and the pending link; the master keeps its row', async () => {
    const f = await salonWithOwner(t, 0);
    const masterId = (await unlinked(f))[2] as string;
    const email = freshEmail();
    await setEmail(masterId, email);
    ok(await invite(f, masterId));
    const token = mailedToken(email);
    const session = ok(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'master-pass-1' } })).changePasswordByToken;
    expect(ok(await t.gql(VIEWER, {}, session.token)).viewer).toMatchObject({ role: 'MASTER' });

    expect(ok(await revoke(f, masterId)).revokeMasterAccess).toMatchObject({ state: 'NONE', email });
    expect(ok(await t.gql(VIEWER, {}, session.token)).viewer).toBeNull();
    const [row] = await t.db.select().from(masters).where(eq(masters.id, masterId));
    expect(row).toMatchObject({ userId: null, type: 'LOCAL', email });
    expect(row?.deletedAt).toBeNull();
    refused(await revoke(f, masterId), { reason: 'MASTER_HAS_NO_ACCESS' });

    // Invited again, the pending link is revoked with the access.
    ok(await invite(f, masterId));
    expect(ok(await read(f, masterId)).getMasterAccess.state).toBe('ACTIVE');
    ok(await revoke(f, masterId));
    await setEmail(masterId, freshEmail());
    const pendingEmail = (await t.db.select().from(masters).where(eq(masters.id, masterId)))[0]?.email as string;
    ok(await invite(f, masterId));
    const pending = mailedToken(pendingEmail);
    ok(await revoke(f, masterId));
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token: pending, password: 'master-pass-1' } }), {
      code: 'NotAllowed',
    });
  });

  it('links an account that has the e-mail already and mails it a sign-in link', async () => {
    const f = await salonWithOwner(t, 0);
    const masterId = (await unlinked(f))[0] as string;
    const person = await addUser(t, { password: 'own-pass-1' });
    await setEmail(masterId, person.email);
    expect(ok(await invite(f, masterId)).inviteMaster).toMatchObject({ state: 'ACTIVE', email: person.email });
    const mail = t.mail.last(person.email);
    expect(mail.subject).toMatch(/has added you as a master$/);
    expect(mail.links.some((l) => l.includes('/change-password/'))).toBe(false);
    expect((await logIn(t, person.email, 'own-pass-1')).role).toBe('MASTER');
  });

  it('refuses what may not be invited, changing nothing', async () => {
    const f = await salonWithOwner(t, 0);
    const [first, second, third] = (await unlinked(f)) as [string, string, string];
    // No e-mail: refused on the e-mail field.
    await setEmail(first, null);
    refused(await invite(f, first), { reason: 'MASTER_HAS_NO_EMAIL', field: 'email' });
    // By SMS on a server that has no SMS provider (master-access-sms.pg.test.ts has one).
    await t.db.update(masters).set({ phone: '+37120000001' }).where(eq(masters.id, first));
    refused(await t.gql(INVITE, { input: { salonId: f.salonId, masterId: first, channel: 'SMS' } }, f.owner.token), {
      reason: 'SMS_NOT_CONFIGURED',
    });
    // A supplier's or a sysadmin's account cannot become a master.
    const supplier = await addUser(t, { isSupplier: true });
    await setEmail(second, supplier.email);
    refused(await invite(f, second), { reason: 'ACCOUNT_CANNOT_BE_MASTER', field: 'email' });
    // An administrator of the salon already signs in here.
    await setEmail(third, f.owner.email);
    refused(await invite(f, third), { reason: 'ACCOUNT_ALREADY_IN_SALON', field: 'email' });
    // A salon whose masters may not sign in.
    const email = freshEmail();
    await setEmail(first, email);
    await setSettings(t, f.salonId, { masterPanelLogin: false });
    refused(await invite(f, first), { reason: 'MASTER_LOGIN_NOT_ALLOWED' });
    await setSettings(t, f.salonId, { masterPanelLogin: true });
    // Unknown and another salon's masters.
    refused(await invite(f, newId()), { reason: 'ID_DOES_NOT_EXISTS' });
    const other = await salonWithOwner(t, 0);
    refused(await invite(f, other.masterIds[0] as string), { reason: 'ID_DOES_NOT_EXISTS' });
    refused(await read(f, other.masterIds[0] as string), { code: 'NotExists' });
    refused(await t.gql(INVITE, { input: { salonId: other.salonId, masterId: other.masterIds[0] } }, f.owner.token), {
      reason: 'NOT_THE_SESSION_SALON',
    });
    expect(t.mail.to(email)).toHaveLength(0);
    const rows = await t.db.select({ userId: masters.userId }).from(masters).where(eq(masters.salonId, f.salonId));
    expect(rows.filter((r) => r.userId !== null && r.userId !== f.owner.userId)).toHaveLength(0);
  });

  it('is for administrators: a master may neither read nor invite', async () => {
    const f = await salonWithOwner(t, 0);
    const master = await addStaff(t, f.salonId, 'MASTER');
    const target = (await unlinked(f))[0] as string;
    await setEmail(target, freshEmail());
    refused(await read(f, target, master.token), { code: 'Forbidden' });
    refused(await invite(f, target, master.token), { code: 'Forbidden' });
    refused(await revoke(f, master.masterId as string, master.token), { code: 'Forbidden' });
    const admin = await addStaff(t, f.salonId, 'ADMIN');
    expect(ok(await invite(f, target, admin.token)).inviteMaster.state).toBe('INVITED');
    // A revoked row is written with a new rev, so mirrors get it.
    const before = (await t.db.select().from(masters).where(eq(masters.id, target)))[0]?.rev as number;
    await t.db.transaction((tx) => bumpRev(tx, f.salonId));
    ok(await revoke(f, target, admin.token));
    const after = (await t.db.select().from(masters).where(eq(masters.id, target)))[0]?.rev as number;
    expect(after).toBeGreaterThan(before);
  });
});
