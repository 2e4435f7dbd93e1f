import { refuse } from '../../domain/command-refusal';
import { refusal } from '../../domain/refusals';
import { birthdayBeforeTodayShape } from '../../domain/rules/client-refusals';
import { canSetBirthday } from '../../domain/rules/permissions';
import {
  createClientSchema, deleteClientSchema, setDefaultMastersSchema, updateClientSchema,
  type CreateClientInput, type DeleteClientInput, type SetDefaultMastersInput, type UpdateClientInput,
} from '../../domain/schemas/client';
import type { ClientRow } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';
import { isAdministrator } from '../../domain/roles';

/**
 * Client commands (part 1 §4, §5). Refused later by the server (a phone taken on another device, say),
 * the change is undone and the client form reopens from the conflicts list with the spec's message.
 */
const notExists = () => refuse(refusal('clientNotExists'));
const forbidden = () => refuse(refusal('forbidden'));

async function assertPhoneFree(tx: CommandTx, ctx: CommandContext, phone: string | null, selfId: string) {
  if (!phone) return;
  const taken = await tx.table('clients').where('phone').equals(phone).filter((c) => c.salonId === ctx.salonId && c.id !== selfId).first();
  if (taken) refuse(refusal('clientPhoneTaken'));
}

/** Blocking sets the block time and blocker; keeping a block keeps both; unblocking clears both (part 1 §4). */
function blockFields(blocked: boolean, ctx: CommandContext, current?: ClientRow): Pick<ClientRow, 'blockedAt' | 'blockedBy'> {
  if (!blocked) return { blockedAt: null, blockedBy: null };
  if (current?.blockedAt) return { blockedAt: current.blockedAt, blockedBy: current.blockedBy };
  return { blockedAt: ctx.now, blockedBy: { id: ctx.userId, ...ctx.userName } };
}

/** A GLOBAL client's identity comes from his own account: only notes, blocked and birthday change (as the server says). */
type Identity = Pick<ClientRow, 'firstName' | 'lastName' | 'phone' | 'email' | 'gender'>;
const identityOf = (c: Identity) => JSON.stringify([c.firstName, c.lastName, c.phone, c.email?.toLowerCase() ?? null, c.gender]);

/** Only the owner (or sysadmin) sets a birthday before today (part 1 §5); the server checks the same. */
function assertBirthday(ctx: CommandContext, birthday: string | null, previous: string | null) {
  if (!canSetBirthday(ctx, birthday, previous, ctx.today)) refuse(birthdayBeforeTodayShape());
}

export const createClient = defineCommand<WithContext<CreateClientInput>>({
  name: 'client.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createClientSchema, args.input);
    if (!isAdministrator(args.ctx) || input.salon !== args.ctx.salonId) forbidden();
    if (await tx.get('clients', input.id)) refuse(refusal('idTaken'));
    assertBirthday(args.ctx, input.birthday, null);
    await assertPhoneFree(tx, args.ctx, input.phone, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createClientSchema, args.input);
    await tx.put('clients', {
      id: input.id,
      salonId: input.salon,
      // Made from a found user (part 1 §4 EXISTS): the server takes the identity from that account and the
      // pull brings it here; the form was prefilled from it, so the two rarely differ.
      type: input.userId ? 'GLOBAL' : 'LOCAL',
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      notes: input.notes,
      birthday: input.birthday,
      gender: input.gender,
      ...blockFields(input.blocked, args.ctx),
      defaultMasterIds: [],
    });
  },
});

export const updateClient = defineCommand<WithContext<UpdateClientInput>>({
  name: 'client.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateClientSchema, args.input);
    if (!isAdministrator(args.ctx)) forbidden();
    const current = await tx.get('clients', input.clientId);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
    if (current.type === 'GLOBAL' && identityOf(current) !== identityOf(input)) {
      refuse(refusal('globalClientLocked'));
    }
    assertBirthday(args.ctx, input.birthday, current.birthday);
    await assertPhoneFree(tx, args.ctx, input.phone, input.clientId);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(updateClientSchema, args.input);
    const current = await tx.get('clients', input.clientId);
    if (!current) return;
    await tx.put('clients', {
      ...current,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      notes: input.notes,
      birthday: input.birthday,
      gender: input.gender,
      ...blockFields(input.blocked, args.ctx, current),
    });
  },
});

export const deleteClient = defineCommand<WithContext<DeleteClientInput>>({
  name: 'client.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteClientSchema, args.input);
    if (!isAdministrator(args.ctx)) forbidden();
    const current = await tx.get('clients', input.clientId);
    if (!current || current.salonId !== args.ctx.salonId) notExists();
  },
  async apply(tx, args) {
    await tx.delete('clients', args.input.clientId);
  },
});

/** The spec's own reason for default masters (part 1 §8): 'This client does not exist'. */
const defaultsClientNotExists = () =>
  refuse(refusal('defaultMastersClientNotExists'));

/**
 * Sets a client's default masters (part 1 §7), replacing the list. Every id must be a master of the salon
 * in the mirror (deleted masters are gone from it). Refused later by the server (the client deleted on
 * another device, say), the list goes back to the server's and the form reopens with the spec's message.
 */
export const setDefaultMasters = defineCommand<WithContext<SetDefaultMastersInput>>({
  name: 'client.setDefaultMasters',
  async validate(tx, args) {
    const input = parseOrRefuse(setDefaultMastersSchema, args.input);
    if (!isAdministrator(args.ctx) || input.salon !== args.ctx.salonId) forbidden();
    const current = await tx.get('clients', input.client);
    if (!current || current.salonId !== args.ctx.salonId) defaultsClientNotExists();
    for (const id of input.masters) {
      const master = await tx.get('masters', id);
      if (!master || master.salonId !== args.ctx.salonId) {
        refuse(refusal('unknownDefaultMaster'));
      }
    }
  },
  async apply(tx, args) {
    const input = parseOrRefuse(setDefaultMastersSchema, args.input);
    const current = await tx.get('clients', input.client);
    if (!current) return;
    await tx.put('clients', { ...current, defaultMasterIds: input.masters });
  },
});
