import type { ServerErrorShape } from '../errors';
import type { MasterAccessState } from '../rules/master-access';
import type { MasterAccessInput } from '../schemas/master';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';
import { checkRemoval, othersThan, setupWriter, someUnknown, when, type Other } from './setup';

/**
 * The rules of the master commands (Staff, part 2 §2-§8) as pure checks, run by the local commands against
 * the mirror (src/db/commands/staff.ts) and by the server inside its transaction
 * (server/modules/staff/service.ts). Each returns the first refusal, in the server's order, or null.
 */
export interface MasterIdentity {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  gender: string;
}

/** The account the Staff lookup found (part 2 §4 EXISTS), as a master is made from it. */
export interface MasterAccount {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  gender: string | null;
}

/** The account still has the phone or the e-mail the form was filled with. */
const accountMatches = (account: MasterAccount, input: { phone: string | null; email: string | null }): boolean =>
  (account.phone !== null && account.phone === input.phone) || (account.email !== null && account.email.toLowerCase() === input.email);

/**
 * The identity of a master made from a found account: the account's; what the account lacks (a blank name,
 * no phone or gender) comes from the form.
 */
export const masterIdentity = (account: MasterAccount, input: MasterIdentity): MasterIdentity => ({
  firstName: account.firstName.trim() || input.firstName,
  lastName: account.lastName.trim() || input.lastName,
  phone: account.phone ?? input.phone,
  email: account.email?.toLowerCase() ?? input.email,
  gender: account.gender ?? input.gender,
});

type Contact = Other & { phone: string | null; email: string | null };

export interface MasterReads {
  /** The chosen service groups that are live groups of the salon. */
  knownGroups: readonly string[];
  /** The salon's live masters' phones and e-mails (the master itself may be among them). */
  masters: readonly Contact[];
}

/**
 * The salon's master with the phone or the e-mail, if any. New master's lookup says she is already on staff
 * before Create would be refused (part 2 §4); the rule is the one the refusals below apply.
 */
export function masterWithContact<T extends { phone: string | null; email: string | null; userId?: string | null }>(
  identity: { phone: string | null; email: string | null; userId?: string | null },
  masters: readonly T[],
): T | undefined {
  const email = identity.email?.toLowerCase() ?? null;
  return masters.find(
    (m) =>
      (identity.phone !== null && m.phone === identity.phone) ||
      (email !== null && (m.email ?? '').toLowerCase() === email) ||
      (identity.userId != null && m.userId === identity.userId),
  );
}

/**
 * No other master of the salon has the phone, then the e-mail (part 2 §8). The phone of one master and the
 * e-mail of another is the spec's two-users refusal, as for clients.
 */
function contactTaken(identity: { phone: string | null; email: string | null }, others: readonly Contact[]): ServerErrorShape | null {
  const { phone } = identity;
  const email = identity.email?.toLowerCase() ?? null;
  const byPhone = phone !== null ? others.find((m) => m.phone === phone) : undefined;
  const byEmail = email !== null ? others.find((m) => (m.email ?? '').toLowerCase() === email) : undefined;
  return (
    when(Boolean(byPhone && byEmail && byPhone.id !== byEmail.id), 'masterTwoDifferent') ??
    when(Boolean(byPhone), 'masterPhoneTaken') ??
    when(Boolean(byEmail), 'masterEmailTaken')
  );
}

const unknownGroups = (input: { serviceGroups: readonly string[] }, reads: MasterReads) =>
  when(someUnknown(input.serviceGroups, reads.knownGroups), 'masterUnknownServiceGroup');

/**
 * addMaster: the writer and the session's salon, a new id (on the server ids are global: any salon's, deleted
 * ones too; the mirror knows this salon's live rows), the groups; made from a found account (`userId`), that
 * account must still be findable with the form's phone or e-mail; then the phone and e-mail the master will
 * have are free. `account` is the user `userId` names, null when there is none (or no `userId`).
 */
export function checkCreateMaster(
  input: CommandValues<'master.create'>,
  actor: Actor,
  reads: MasterReads & { idTaken: boolean; account: MasterAccount | null },
): ServerErrorShape | null {
  const { account } = reads;
  return (
    setupWriter(actor, input.salon) ??
    when(reads.idTaken, 'idTaken') ??
    unknownGroups(input, reads) ??
    when(input.userId !== null && (!account || !accountMatches(account, input)), 'foundUserMismatch') ??
    contactTaken(input.userId && account ? masterIdentity(account, input) : input, reads.masters)
  );
}

/**
 * updateMaster: the writer and the session's salon, the master exists, the groups; a LOCAL master's phone and
 * e-mail are free (a GLOBAL one keeps the account's identity, part 2 §4).
 */
export function checkUpdateMaster(
  input: CommandValues<'master.update'>,
  actor: Actor,
  reads: MasterReads & { current: { type: string } | null },
): ServerErrorShape | null {
  const { current } = reads;
  return (
    setupWriter(actor, input.salonId) ??
    when(!current, 'masterNotExists') ??
    unknownGroups(input, reads) ??
    (current?.type === 'GLOBAL' ? null : contactTaken(input, othersThan(reads.masters, input.masterId)))
  );
}

/** deleteMaster: the writer and the session's salon, the master exists. */
export const checkDeleteMaster = (
  input: CommandValues<'master.delete'>,
  actor: Actor,
  reads: { exists: boolean },
): ServerErrorShape | null => checkRemoval(actor, reads.exists, 'masterNotExists', input.salonId);

/** What inviting a master reads (issue 63). */
export interface InviteReads {
  master: { email: string | null; phone: string | null; userId: string | null } | null;
  /**
   * Where an invitation mail would go: the linked account's address, or the master's e-mail when none is linked;
   * null when there is none (an SMS invitation's account before the master chose one, decision 084).
   */
  mailTo: string | null;
  /** Whether this server sends SMS (an SMS invitation needs it). */
  smsConfigured: boolean;
  /** The salon's 'allow masters to log into the administrator panel'. */
  masterPanelLogin: boolean;
  state: MasterAccessState;
  /**
   * The account the invitation would link when the master has none yet: the one with the master's e-mail.
   * `invitable`: not a sysadmin's or a supplier's; `inSalon`: it already signs in to this salon (an
   * administrator, or linked to another master).
   */
  account: { invitable: boolean; inSalon: boolean } | null;
}

/**
 * inviteMaster (and sending again): the writer and the session's salon, the master exists, masters may sign
 * in to the salon, the master cannot yet; a master with no account needs an e-mail, and the account with that
 * e-mail, if any, must be able to become this salon's master.
 */
export function checkInviteMaster(input: MasterAccessInput, actor: Actor, reads: InviteReads): ServerErrorShape | null {
  const { master, account } = reads;
  const linking = master !== null && master.userId === null;
  return (
    setupWriter(actor, input.salonId) ??
    when(!master, 'masterNotExists') ??
    when(!reads.masterPanelLogin, 'masterLoginOff') ??
    when(reads.state === 'ACTIVE', 'masterHasAccess') ??
    when(input.channel === 'EMAIL' && !reads.mailTo, 'masterNoEmail') ??
    when(input.channel === 'SMS' && !master?.phone, 'masterNoPhone') ??
    when(input.channel === 'SMS' && !reads.smsConfigured, 'smsNotConfigured') ??
    when(linking && account !== null && !account.invitable, 'masterAccountNotInvitable') ??
    when(linking && account !== null && account.inSalon, 'masterAccountInSalon')
  );
}

/** revokeMasterAccess: the writer and the session's salon, the master exists and has an account. */
export const checkRevokeMasterAccess = (
  input: MasterAccessInput,
  actor: Actor,
  reads: { exists: boolean; state: MasterAccessState },
): ServerErrorShape | null =>
  setupWriter(actor, input.salonId) ?? when(!reads.exists, 'masterNotExists') ?? when(reads.state === 'NONE', 'masterHasNoAccess');
