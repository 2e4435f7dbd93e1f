import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';
import { isAdministrator } from '../roles';
import { canSetBirthday } from '../rules/permissions';
import type { Actor } from './appointments';
import type { CommandValues } from './inputs';

/**
 * The rules of the client commands (part 1 §4, §5, §7, §8) as pure checks, run by the local command against
 * the mirror (src/db/commands/clients.ts) and by the server inside its transaction
 * (server/modules/clients/service.ts). Each side reads what a check needs and hands it over; the check returns
 * the first refusal, from the one table (src/domain/refusals.ts), or null. The order is the server's.
 */

/** Masters only read clients (docs/decisions/009); a command runs in the session's salon. */
function writerRefusal(actor: Actor, salonId: string): ServerErrorShape | null {
  if (!isAdministrator(actor)) return refusal('masterCannotEditClients');
  if (salonId !== actor.salonId) return refusal('notSessionSalon');
  return null;
}

/** What makes a client who he is: a GLOBAL client's comes from his own account. */
export interface ClientIdentity {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  gender: string | null;
}

/** The user account a GLOBAL client is made from (the phone lookup found it, part 1 §4 'EXISTS'). */
export interface ClientAccount {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  gender: string | null;
}

/**
 * A GLOBAL client's identity from the account: it must still have the form's phone or e-mail (it may have
 * changed since the lookup, or the id may be made up), else null. What the account lacks (a blank name, no
 * phone, no gender) comes from the form.
 */
export function accountIdentity<I extends ClientIdentity>(input: I, account: ClientAccount): ClientIdentity | null {
  const email = account.email.toLowerCase();
  const samePhone = account.phone !== null && account.phone === input.phone;
  if (!samePhone && email !== input.email) return null;
  return {
    firstName: account.firstName.trim() || input.firstName,
    lastName: account.lastName.trim() || input.lastName,
    phone: account.phone ?? input.phone,
    email,
    gender: account.gender ?? input.gender,
  };
}

/**
 * The identity a new client gets: the account's when the form names one and this side knows it (else the
 * form's, which was prefilled from the lookup). Whose phone and e-mail the uniqueness rule looks for.
 */
export const newClientIdentity = (input: CommandValues<'client.create'>, account: ClientAccount | null | undefined): ClientIdentity =>
  (input.userId && account ? accountIdentity(input, account) : null) ?? input;

/** A GLOBAL client's identity is read-only: only notes, blocked and birthday change (as the server says). */
export const identityKey = (c: ClientIdentity): string =>
  JSON.stringify([c.firstName, c.lastName, c.phone, c.email?.toLowerCase() ?? null, c.gender]);

/**
 * The live clients of the salon, other than the one written, that already have the identity's phone and
 * e-mail (null: none, or the identity has none). A phone and an e-mail belong to one client per salon (the
 * unique indexes of migration 0002 agree).
 */
export interface Holders {
  byPhone: string | null;
  byEmail: string | null;
}

function uniquenessRefusal({ byPhone, byEmail }: Holders): ServerErrorShape | null {
  if (byPhone && byEmail && byPhone !== byEmail) return refusal('twoDifferentClients');
  if (byPhone) return refusal('clientPhoneTaken');
  if (byEmail) return refusal('clientEmailTaken');
  return null;
}

/** 'Birthday: owner can pick any date; others only today or later' (part 1 §5), in the salon's date. */
const birthdayRefusal = (actor: Actor, birthday: string | null, previous: string | null, today: string): ServerErrorShape | null =>
  canSetBirthday(actor, birthday, previous, today) ? null : refusal('birthdayBeforeToday');

/**
 * createClient: an administrator in the session's salon; a fresh id; the birthday; a found account that still
 * has the form's phone or e-mail; then the identity's phone and e-mail free in the salon.
 * `account` is the findable account `input.userId` names (null: none); undefined where the side cannot know
 * it (the mirror has no user accounts: the server decides). `idTaken` is global on the server (any salon, deleted
 * rows too); locally the mirror's clients only.
 */
export function checkCreateClient(
  input: CommandValues<'client.create'>,
  actor: Actor,
  reads: { idTaken: boolean; today: string; account?: ClientAccount | null; holders: Holders },
): ServerErrorShape | null {
  const writer = writerRefusal(actor, input.salon);
  if (writer) return writer;
  if (reads.idTaken) return refusal('idTaken');
  const birthday = birthdayRefusal(actor, input.birthday, null, reads.today);
  if (birthday) return birthday;
  if (input.userId && reads.account !== undefined && (!reads.account || !accountIdentity(input, reads.account)))
    return refusal('foundUserMismatch');
  return uniquenessRefusal(reads.holders);
}

/** A client as an update sees it: a live one of the salon, or null. */
export interface CurrentClient extends ClientIdentity {
  type: string;
  birthday: string | null;
}

/**
 * updateClient: an administrator in the session's salon; the client exists; a GLOBAL one keeps his identity;
 * the birthday (an unchanged one is kept whoever saves); the phone and e-mail free in the salon.
 */
export function checkUpdateClient(
  input: CommandValues<'client.update'>,
  actor: Actor,
  reads: { current: CurrentClient | null; today: string; holders: Holders },
): ServerErrorShape | null {
  const writer = writerRefusal(actor, input.salonId);
  if (writer) return writer;
  const { current } = reads;
  if (!current) return refusal('clientNotExists');
  if (current.type === 'GLOBAL' && identityKey(current) !== identityKey(input)) return refusal('globalClientLocked');
  const birthday = birthdayRefusal(actor, input.birthday, current.birthday, reads.today);
  if (birthday) return birthday;
  return uniquenessRefusal(reads.holders);
}

/** deleteClient: an administrator in the session's salon; the client exists (a live one of the salon). */
export function checkDeleteClient(
  input: CommandValues<'client.delete'>,
  actor: Actor,
  reads: { exists: boolean },
): ServerErrorShape | null {
  return writerRefusal(actor, input.salonId) ?? (reads.exists ? null : refusal('clientNotExists'));
}

/**
 * setDefaultMasters (part 1 §7, §8 'Default masters'): an administrator in the session's salon; the client exists
 * ('This client does not exist', CLIENT_NOT_EXISTS); every id is a live master of the salon. `liveMasters`: the
 * ids among `input.masters` that are (the schema gives each id once).
 */
export function checkSetDefaultMasters(
  input: CommandValues<'client.setDefaultMasters'>,
  actor: Actor,
  reads: { clientExists: boolean; liveMasters: ReadonlySet<string> },
): ServerErrorShape | null {
  const writer = writerRefusal(actor, input.salon);
  if (writer) return writer;
  if (!reads.clientExists) return refusal('defaultMastersClientNotExists');
  if (input.masters.some((id) => !reads.liveMasters.has(id))) return refusal('unknownDefaultMaster');
  return null;
}
