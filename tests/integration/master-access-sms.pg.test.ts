import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { masters, users } from '../../server/db/schema';
import { logIn, signUpOwner } from '../factories/accounts';
import { salonWithOwner, type SalonFixture } from '../factories/salon';
import { useFakeSms } from '../factories/sms';
import { ok, refused } from '../helpers/graphql';
import { CHANGE_PASSWORD_BY_TOKEN, LOGIN } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const ACCESS = 'masterId state email expiresAt sentTo';
const GET = `query G($salon: ID!, $master: ID!) { getMasterAccess(salon: $salon, master: $master) { ${ACCESS} } }`;
const INVITE = `mutation I($input: MasterAccessInput!) { inviteMaster(input: $input) { ${ACCESS} } }`;
const RESET = `mutation R($input: ResetPasswordInput!) { resetPassword(input: $input) { success } }`;

let seq = 0;
const fresh = () => `${Date.now()}${seq++}`;
const freshPhone = () => `+3712${fresh().slice(-7)}`;

/**
 * A master invited by SMS (issue 63 item 1, decision 084): the link goes to the master's phone; a master without an
 * e-mail chooses the address to sign in with on the welcome page, together with the first password.
 */
describe.each(backends(import.meta.url))('master access by SMS on %s', (backend) => {
  const sms = useFakeSms();
  const t = useTestServer(backend, { ...ROOMY_LIMITS, sms: sms.sms });
  const read = (f: SalonFixture, masterId: string) => t.gql(GET, { salon: f.salonId, master: masterId }, f.owner.token);
  const invite = (f: SalonFixture, masterId: string, lang = 'en') =>
    t.gql(INVITE, { input: { salonId: f.salonId, masterId, lang, channel: 'SMS' } }, f.owner.token);
  const unlinked = async (f: SalonFixture) =>
    (await t.db.select({ id: masters.id, userId: masters.userId }).from(masters).where(eq(masters.salonId, f.salonId)))
      .filter((m) => m.userId === null)
      .map((m) => m.id)
      .sort();
  const setContact = (masterId: string, contact: { email?: string | null; phone?: string | null }) =>
    t.db.update(masters).set(contact).where(eq(masters.id, masterId));
  /** The last SMS to `phone`: its text and the invitation link's token and query. */
  function sent(phone: string) {
    const message = sms
      .fake()
      .messages.filter((m) => m.to === phone)
      .at(-1);
    const match = /\/change-password\/([A-Za-z0-9_-]+)(\?\S*)$/.exec(message?.body ?? '');
    expect(match, `invitation link in: ${message?.body}`).not.toBeNull();
    return { body: message?.body ?? '', token: match?.[1] as string, query: match?.[2] as string };
  }

  it('a master with only a phone gets the link by SMS and chooses her e-mail with the first password', async () => {
    const f = await salonWithOwner(t, 0);
    const masterId = (await unlinked(f))[0] as string;
    const phone = freshPhone();
    await setContact(masterId, { email: null, phone });
    const invited = ok(await invite(f, masterId, 'lv')).inviteMaster;
    expect(invited).toMatchObject({ masterId, state: 'INVITED', email: null, sentTo: phone });
    const { body, token, query } = sent(phone);
    expect(query).toBe('?welcome=1&ask=email');
    // Nothing can be mailed before she chooses an address.
    refused(await t.gql(INVITE, { input: { salonId: f.salonId, masterId } }, f.owner.token), { reason: 'MASTER_HAS_NO_EMAIL' });
    expect(body).toMatch(/aicina jūs skatīt savus pierakstus salona panelī/);

    // The placeholder address names no one: no sign-in, no reset mail.
    const [account] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, (await t.db.select().from(masters).where(eq(masters.id, masterId)))[0]?.userId as string));
    expect(account?.email).toMatch(/@invite\.invalid$/);
    refused(await t.gql(LOGIN, { input: { username: account?.email, password: 'whatever-1' } }), { code: 'UserNotFound' });
    refused(await t.gql(RESET, { input: { email: account?.email } }), { code: 'NotExists' });

    // Without an address, or with one another account has, the link is refused and stays usable.
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'master-pass-1' } }), {
      reason: 'EMAIL_REQUIRED',
      field: 'email',
    });
    const taken = await signUpOwner(t);
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'master-pass-1', email: taken.email.toUpperCase() } }), {
      reason: 'EMAIL_ALREADY_EXISTS',
      field: 'email',
    });
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'master-pass-1', email: 'not-an-address' } }), {
      reason: 'VALIDATION_FAILED',
      field: 'email',
    });

    const email = `sms-master-${fresh()}@example.test`;
    const session = ok(
      await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'master-pass-1', email, lang: 'en' } }),
    ).changePasswordByToken;
    expect(session).toMatchObject({ role: 'MASTER', isOwner: false });
    expect(session.user.salon.id).toBe(f.salonId);
    const [chosen] = await t.db.select().from(users).where(eq(users.email, email));
    // The SMS proved the phone, not the address: a verification mail goes to it.
    expect(chosen?.emailVerified).toBe(false);
    expect(t.mail.last(email).links.some((l) => l.includes('/verify-email/'))).toBe(true);
    expect(ok(await read(f, masterId)).getMasterAccess).toMatchObject({ state: 'ACTIVE', email, sentTo: null });
    expect((await logIn(t, email, 'master-pass-1')).role).toBe('MASTER');
    refused(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'other-pass-2', email } }), { code: 'NotAllowed' });
  });

  it('a master with an e-mail and a phone gets the link by SMS for the account of her e-mail', async () => {
    const f = await salonWithOwner(t, 0);
    const masterId = (await unlinked(f))[0] as string;
    const phone = freshPhone();
    const email = `both-${fresh()}@example.test`;
    await setContact(masterId, { email, phone });
    expect(ok(await invite(f, masterId)).inviteMaster).toMatchObject({ state: 'INVITED', email, sentTo: phone });
    const { token, query, body } = sent(phone);
    expect(query).toBe('?welcome=1');
    expect(body).toMatch(/invites you to see your appointments/);
    expect(t.mail.to(email)).toHaveLength(0);
    // The address sent along is ignored: the account keeps its own.
    ok(await t.gql(CHANGE_PASSWORD_BY_TOKEN, { input: { token, password: 'master-pass-1', email: 'other@example.test' } }));
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account?.emailVerified).toBe(false);
    expect((await logIn(t, email, 'master-pass-1')).role).toBe('MASTER');
  });

  it('refuses a master without a phone on the phone field, and says when the SMS could not go', async () => {
    const f = await salonWithOwner(t, 0);
    const [first, second] = (await unlinked(f)) as [string, string];
    await setContact(first, { email: null, phone: null });
    refused(await invite(f, first), { reason: 'MASTER_HAS_NO_PHONE', field: 'phone' });
    const phone = freshPhone();
    await setContact(second, { email: null, phone });
    sms.fake().failNext(500);
    refused(await invite(f, second), { code: 'InternalError', reason: 'SMS_FAILED' });
    expect(t.logs.join('\n')).not.toContain(phone);
    // Sending again once the provider is back gives a new link; the older one was never delivered.
    expect(ok(await invite(f, second)).inviteMaster).toMatchObject({ state: 'INVITED', sentTo: phone });
    expect(sent(phone).query).toBe('?welcome=1&ask=email');
  });
});
