import { and, desc, eq, isNull } from 'drizzle-orm';
import { checkInviteMaster, checkRevokeMasterAccess } from '../../../src/domain/commands/staff';
import { newId } from '../../../src/domain/ids';
import {
  INVITATION_TTL_MS,
  isPlaceholderEmail,
  masterAccessState,
  placeholderEmail,
  type MasterAccessState,
} from '../../../src/domain/rules/master-access';
import type { SalonSettings } from '../../../src/domain/rules/salon-defaults';
import type { MasterAccessInput } from '../../../src/domain/schemas/master';
import type { App } from '../../app';
import { accessChanged } from '../../auth/access-change';
import type { UserRow } from '../../auth/sessions';
import { newToken } from '../../auth/tokens';
import type { Db, Tx } from '../../db/client';
import { administrators, authTokens, masters, salons, users } from '../../db/schema';
import { errorSummary } from '../../error-summary';
import { AppError } from '../../graphql/errors';
import type { Writer } from '../../sync/command';
import { masterAddedMail, masterAddedSms, masterInvitationMail, masterInvitationSms } from '../../mail/templates';
import { actorOf, check } from '../appointments/service';

/**
 * A master's access to the panel (issue 63, src/domain/rules/master-access.ts). Inviting links the master to an
 * account: the one with the master's e-mail, else a new one without a password, whose invitation link (a week,
 * single use, a new one ends the older ones) opens the change-password page. Revoking unlinks it. Both are
 * online commands: they change who may sign in, so they are never queued.
 */
type MasterDbRow = typeof masters.$inferSelect;
type Reader = Db | Tx;

export interface MasterAccessView {
  masterId: string;
  state: MasterAccessState;
  /** The address the master signs in with (the account's), or the master's e-mail when there is no account. */
  email: string | null;
  /** When the invitation link stops working (INVITED, EXPIRED). */
  expiresAt: string | null;
  /** Where the newest invitation went: an e-mail, or a phone for an SMS (INVITED, EXPIRED). */
  sentTo: string | null;
}

/** A password set is what makes an invited account usable; an invited one has none ('' never verifies). */
const passwordSet = (user: Pick<UserRow, 'passwordHash'>) => user.passwordHash !== '';

async function liveMaster(db: Reader, salonId: string, id: string): Promise<MasterDbRow | null> {
  const [row] = await db
    .select()
    .from(masters)
    .where(and(eq(masters.id, id), eq(masters.salonId, salonId), isNull(masters.deletedAt)));
  return row ?? null;
}

async function userById(db: Reader, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The account's newest unused invitation: when it ends and where it went (the row keeps the e-mail or phone). */
async function newestInvitation(db: Reader, userId: string): Promise<{ end: Date; sentTo: string } | null> {
  const [row] = await db
    .select({ end: authTokens.expiresAt, sentTo: authTokens.email })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'invite'), isNull(authTokens.usedAt)))
    .orderBy(desc(authTokens.expiresAt))
    .limit(1);
  return row ?? null;
}

async function accessView(db: Reader, master: MasterDbRow): Promise<MasterAccessView> {
  const user = master.userId ? await userById(db, master.userId) : null;
  if (!user) return { masterId: master.id, state: 'NONE', email: master.email, expiresAt: null, sentTo: null };
  const invitation = passwordSet(user) ? null : await newestInvitation(db, user.id);
  const state = masterAccessState(
    { account: { passwordSet: passwordSet(user) }, invitationExpiresAt: invitation?.end.getTime() ?? null },
    Date.now(),
  );
  return {
    masterId: master.id,
    state,
    // An SMS invitation's account has no address until the master chooses one.
    email: isPlaceholderEmail(user.email) ? null : user.email,
    expiresAt: invitation?.end.toISOString() ?? null,
    sentTo: invitation?.sentTo ?? null,
  };
}

/** getMasterAccess: the master of the viewer's salon, or the spec's 'This master does not exist'. */
export async function readMasterAccess(db: Reader, salonId: string, masterId: string): Promise<MasterAccessView> {
  const master = await liveMaster(db, salonId, masterId);
  if (!master) throw new AppError('NotExists', 'This master does not exist', { reason: 'ID_DOES_NOT_EXISTS' });
  return accessView(db, master);
}

/** The account with `email` as the invitation would link it: may it be a master here, does it sign in here already. */
async function accountFacts(w: Writer, email: string) {
  const [user] = await w.tx.select().from(users).where(eq(users.email, email));
  if (!user) return { user: null, facts: null };
  const [admin] = await w.tx
    .select({ id: administrators.id })
    .from(administrators)
    .where(and(eq(administrators.salonId, w.salonId), eq(administrators.userId, user.id), isNull(administrators.deletedAt)));
  const [master] = await w.tx
    .select({ id: masters.id })
    .from(masters)
    .where(and(eq(masters.salonId, w.salonId), eq(masters.userId, user.id), isNull(masters.deletedAt)));
  const facts = { invitable: !user.isSysadmin && !user.isSupplier, inSalon: Boolean(admin ?? master) };
  return { user, facts };
}

export type Invitation = {
  user: UserRow;
  salonName: string;
  token: string | null;
  /** The master's phone, for an SMS invitation. */
  phone: string | null;
};

/** The invitation's writes: the account linked (made when none has the e-mail), a fresh link when it has no password. */
export async function invite(w: Writer, input: MasterAccessInput, smsConfigured: boolean): Promise<Invitation> {
  const rev = await w.rev();
  const [salon] = await w.tx.select({ name: salons.name, settings: salons.settings }).from(salons).where(eq(salons.id, w.salonId));
  const master = await liveMaster(w.tx, w.salonId, input.masterId);
  const linked = master?.userId ? await userById(w.tx, master.userId) : null;
  const state = master ? (await accessView(w.tx, master)).state : 'NONE';
  const email = master?.email?.toLowerCase() ?? null;
  const found = !linked && email ? await accountFacts(w, email) : { user: null, facts: null };
  check(
    checkInviteMaster(input, actorOf(w), {
      master,
      mailTo: linked ? (isPlaceholderEmail(linked.email) ? null : linked.email) : email,
      smsConfigured,
      masterPanelLogin: Boolean((salon?.settings as SalonSettings | undefined)?.masterPanelLogin),
      state,
      account: found.facts,
    }),
  );
  const row = master as MasterDbRow;
  let user = linked ?? found.user;
  if (!user) {
    const id = newId();
    const [made] = await w.tx
      .insert(users)
      .values({
        id,
        // By SMS without an e-mail: a placeholder the master replaces with the first password (decision 084).
        email: email ?? placeholderEmail(id),
        passwordHash: '',
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        gender: row.gender,
      })
      .returning();
    user = made as UserRow;
  }
  if (row.userId !== user.id) {
    await w.tx.update(masters).set({ userId: user.id, rev }).where(eq(masters.id, row.id));
  }
  const phone = input.channel === 'SMS' ? row.phone : null;
  if (passwordSet(user)) return { user, salonName: salon?.name ?? '', token: null, phone };
  // A new link ends the older ones: only the last mail works.
  await w.tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, 'invite'), isNull(authTokens.usedAt)));
  const { token, hash } = newToken();
  await w.tx
    .insert(authTokens)
    // The row keeps where the link went: a link sent by SMS proves the phone, not the account's e-mail.
    .values({
      tokenHash: hash,
      userId: user.id,
      kind: 'invite',
      email: phone ?? user.email,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
  return { user, salonName: salon?.name ?? '', token, phone };
}

/**
 * The invitation's mail or SMS, sent once its writes committed. A mail server or SMS provider that is down leaves
 * the master invited without a message: the refusal says so, and sending again makes a new link.
 */
export async function sendInvitation(app: App, input: MasterAccessInput, invitation: Invitation) {
  if (invitation.phone) return smsInvitation(app, input, invitation, invitation.phone);
  const { user, salonName, token } = invitation;
  const mail = token
    ? masterInvitationMail(input.lang, user.email, `${app.publicUrl}/change-password/${token}?welcome=1`, user.firstName, salonName)
    : masterAddedMail(input.lang, user.email, `${app.publicUrl}/`, user.firstName, salonName);
  try {
    await app.mailer.send(mail);
  } catch (error) {
    app.log(`[mail] invitation mail failed: ${errorSummary(error)}`);
    throw new AppError('InternalError', 'The invitation could not be mailed', { reason: 'MAIL_FAILED' });
  }
}

/** The SMS of an invitation (decision 084): the link asks for an e-mail when the account has none yet. */
async function smsInvitation(app: App, input: MasterAccessInput, { user, salonName, token }: Invitation, phone: string) {
  const ask = isPlaceholderEmail(user.email) ? '&ask=email' : '';
  const body = token
    ? masterInvitationSms(input.lang, `${app.publicUrl}/change-password/${token}?welcome=1${ask}`, salonName)
    : masterAddedSms(input.lang, `${app.publicUrl}/`, salonName);
  try {
    if (!app.sms) throw new Error('SMS is not configured');
    await app.sms.send({ to: phone, body, statusCallback: null });
  } catch (error) {
    app.log(`[sms] invitation SMS failed: ${errorSummary(error)}`);
    throw new AppError('InternalError', 'The invitation could not be sent by SMS', { reason: 'SMS_FAILED' });
  }
}

/** revokeMasterAccess: the master keeps its row and appointments; its account no longer signs in to this salon. */
export async function revokeAccess(w: Writer, input: MasterAccessInput): Promise<void> {
  const rev = await w.rev();
  const master = await liveMaster(w.tx, w.salonId, input.masterId);
  const state = master ? (await accessView(w.tx, master)).state : 'NONE';
  check(checkRevokeMasterAccess(input, actorOf(w), { exists: Boolean(master), state }));
  const { userId } = master as MasterDbRow & { userId: string };
  await w.tx.update(masters).set({ userId: null, type: 'LOCAL', rev }).where(eq(masters.id, input.masterId));
  // An invitation not yet taken stops working too.
  if (state !== 'ACTIVE') {
    await w.tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'invite'), isNull(authTokens.usedAt)));
  }
  // Its open sockets in this salon close on commit; its next request finds no access.
  w.emit(accessChanged({ users: [userId], salon: w.salonId }));
}
