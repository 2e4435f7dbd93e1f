import { refuse } from '../../domain/command-refusal';
import { createClientSchema, deleteClientSchema, updateClientSchema, type CreateClientInput, type DeleteClientInput, type UpdateClientInput } from '../../domain/schemas/client';
import type { ClientRow } from '../../domain/sync/entities';
import type { WithContext } from './appointments';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Client commands (part 1 §4, §5). Refused later by the server (a phone taken on another device, say),
 * the change is undone and the client form reopens from the conflicts list with the spec's message.
 */
const notExists = () => refuse({ code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS', field: null, messageId: 'client.notExists' });
const mayWrite = (ctx: CommandContext) => ctx.role === 'ADMIN' || ctx.role === 'SYSADMIN';

async function assertPhoneFree(tx: CommandTx, ctx: CommandContext, phone: string | null, selfId: string) {
  if (!phone) return;
  const taken = await tx.table('clients').where('phone').equals(phone).filter((c) => c.salonId === ctx.salonId && c.id !== selfId).first();
  if (taken) refuse({ code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone', messageId: 'client.phoneExists' });
}

/** Blocking sets the block time and blocker; keeping a block keeps both; unblocking clears both (part 1 §4). */
function blockFields(blocked: boolean, ctx: CommandContext, current?: ClientRow): Pick<ClientRow, 'blockedAt' | 'blockedBy'> {
  if (!blocked) return { blockedAt: null, blockedBy: null };
  if (current?.blockedAt) return { blockedAt: current.blockedAt, blockedBy: current.blockedBy };
  return { blockedAt: ctx.now, blockedBy: { id: ctx.userId, ...ctx.userName } };
}

export const createClient = defineCommand<WithContext<CreateClientInput>>({
  name: 'client.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createClientSchema, args.input);
    if (!mayWrite(args.ctx) || input.salon !== args.ctx.salonId) refuse({ code: 'Forbidden', reason: 'FORBIDDEN', field: null, messageId: 'error.forbidden' });
    if (await tx.get('clients', input.id)) refuse({ code: 'AlreadyExists', reason: 'ID_ALREADY_EXISTS', field: null, messageId: 'error.default' });
    await assertPhoneFree(tx, args.ctx, input.phone, input.id);
  },
  async apply(tx, args) {
    const input = parseOrRefuse(createClientSchema, args.input);
    await tx.put('clients', {
      id: input.id,
      salonId: input.salon,
      type: 'LOCAL',
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      notes: input.notes,
      birthday: input.birthday,
      gender: input.gender,
      ...blockFields(input.blocked, args.ctx),
    });
  },
});

export const updateClient = defineCommand<WithContext<UpdateClientInput>>({
  name: 'client.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateClientSchema, args.input);
    if (!mayWrite(args.ctx)) refuse({ code: 'Forbidden', reason: 'FORBIDDEN', field: null, messageId: 'error.forbidden' });
    const current = await tx.get('clients', input.clientId);
    if (!current || current.salonId !== args.ctx.salonId) return notExists();
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
    if (!mayWrite(args.ctx)) refuse({ code: 'Forbidden', reason: 'FORBIDDEN', field: null, messageId: 'error.forbidden' });
    const current = await tx.get('clients', input.clientId);
    if (!current || current.salonId !== args.ctx.salonId) notExists();
  },
  async apply(tx, args) {
    await tx.delete('clients', args.input.clientId);
  },
});
