import type * as v from 'valibot';
import {
  checkCreateClient,
  checkDeleteClient,
  checkSetDefaultMasters,
  checkUpdateClient,
  type Holders,
} from '../../domain/commands/clients';
import { createClientSchema, deleteClientSchema, setDefaultMastersSchema, updateClientSchema } from '../../domain/schemas/client';
import type { ClientRow } from '../../domain/entities';
import { CommandRefusal } from '../../domain/command-refusal';
import type { CreateClientInput } from '../../domain/schemas/client';
import { actorOf, check } from './shared-check';
import type { CommandTx } from './command-tx';
import { defineCommand, type CommandBatch, type CommandContext } from './registry';
import { parseOrRefuse } from './validate';

/**
 * Client commands (part 1 §4, §5). Their rules are the shared checks of src/domain/commands/clients.ts, fed
 * from the mirror. Refused later by the server (a phone taken on another device, say), the change is undone
 * and the client form reopens from the conflicts list with the spec's message.
 */

/**
 * The salon's other clients in the mirror with this phone and e-mail (e-mails match without case), by their indexes.
 * The mirror holds live clients only, as the server's rule counts them.
 */
async function holdersOf(tx: CommandTx, ctx: CommandContext, phone: string | null, email: string | null, selfId: string): Promise<Holders> {
  const other = (c: ClientRow) => c.salonId === ctx.salonId && c.id !== selfId;
  const [byPhone, byEmail] = await Promise.all([
    phone ? tx.table('clients').where('phone').equals(phone).filter(other).first() : undefined,
    email ? tx.table('clients').where('email').equalsIgnoreCase(email).filter(other).first() : undefined,
  ]);
  return { byPhone: byPhone?.id ?? null, byEmail: byEmail?.id ?? null };
}

/** Blocking sets the block time and blocker; keeping a block keeps both; unblocking clears both (part 1 §4). */
function blockFields(blocked: boolean, ctx: CommandContext, current?: ClientRow): Pick<ClientRow, 'blockedAt' | 'blockedBy'> {
  if (!blocked) return { blockedAt: null, blockedBy: null };
  if (current?.blockedAt) return { blockedAt: current.blockedAt, blockedBy: current.blockedBy };
  return { blockedAt: ctx.now, blockedBy: { id: ctx.userId, ...ctx.userName } };
}

/** A live client of the session's salon in the mirror, or null. */
async function clientOf(tx: CommandTx, ctx: CommandContext, id: string): Promise<ClientRow | null> {
  const row = await tx.get('clients', id);
  return row && row.salonId === ctx.salonId ? row : null;
}

/** The row client.create writes. */
function createdRow(input: v.InferOutput<typeof createClientSchema>, ctx: CommandContext): ClientRow {
  return {
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
    ...blockFields(input.blocked, ctx),
    language: input.language ?? null,
    messageConsent: input.messageConsent ?? true,
    defaultMasterIds: [],
  };
}

export const createClient = defineCommand({
  name: 'client.create',
  async validate(tx, args) {
    const input = parseOrRefuse(createClientSchema, args.input);
    // The found account of a GLOBAL client is not in the mirror (account undefined): the server checks it, and
    // its identity, prefilled on the form, is the form's here. Ids taken in other salons only the server sees.
    const [taken, holders] = await Promise.all([tx.get('clients', input.id), holdersOf(tx, args.ctx, input.phone, input.email, input.id)]);
    check(checkCreateClient(input, actorOf(args.ctx), { idTaken: Boolean(taken), today: args.ctx.today, holders }));
  },
  async apply(tx, args) {
    await tx.put('clients', createdRow(parseOrRefuse(createClientSchema, args.input), args.ctx));
  },
});

export const updateClient = defineCommand({
  name: 'client.update',
  async validate(tx, args) {
    const input = parseOrRefuse(updateClientSchema, args.input);
    const [current, holders] = await Promise.all([
      clientOf(tx, args.ctx, input.clientId),
      holdersOf(tx, args.ctx, input.phone, input.email, input.clientId),
    ]);
    check(checkUpdateClient(input, actorOf(args.ctx), { current, today: args.ctx.today, holders }));
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
      // Absent: unchanged (an older device's change keeps a client's unsubscribe).
      ...(input.language === undefined ? {} : { language: input.language }),
      ...(input.messageConsent === undefined ? {} : { messageConsent: input.messageConsent }),
    });
  },
});

export const deleteClient = defineCommand({
  name: 'client.delete',
  async validate(tx, args) {
    const input = parseOrRefuse(deleteClientSchema, args.input);
    check(checkDeleteClient(input, actorOf(args.ctx), { exists: Boolean(await clientOf(tx, args.ctx, input.clientId)) }));
  },
  async apply(tx, args) {
    await tx.delete('clients', args.input.clientId);
  },
});

/**
 * Sets a client's default masters (part 1 §7), replacing the list. Every id must be a master of the salon
 * in the mirror (deleted masters are gone from it). Refused later by the server (the client deleted on
 * another device, say), the list goes back to the server's and the form reopens with the spec's message.
 */
export const setDefaultMasters = defineCommand({
  name: 'client.setDefaultMasters',
  async validate(tx, args) {
    const input = parseOrRefuse(setDefaultMastersSchema, args.input);
    const [current, masters] = await Promise.all([
      clientOf(tx, args.ctx, input.client),
      Promise.all(input.masters.map((id) => tx.get('masters', id))),
    ]);
    const liveMasters = new Set(masters.filter((m) => m?.salonId === args.ctx.salonId).map((m) => m?.id as string));
    check(checkSetDefaultMasters(input, actorOf(args.ctx), { clientExists: Boolean(current), liveMasters }));
  },
  async apply(tx, args) {
    const input = parseOrRefuse(setDefaultMastersSchema, args.input);
    const current = await tx.get('clients', input.client);
    if (!current) return;
    await tx.put('clients', { ...current, defaultMasterIds: input.masters });
  },
});

/**
 * Many client.create at once, for an import (issue 58, decision 089): each input checked by createClient's own rule
 * (schema and checkCreateClient), with the salon's phone and e-mail holders the caller knows (it reads the salon's
 * clients once and keeps them up to date), then every row written with one bulk call and each queued as its own
 * client.create. Returns each input's refusal, or null for one created.
 */
export async function createClients(
  batch: CommandBatch,
  ctx: CommandContext,
  inputs: readonly CreateClientInput[],
  holders: (input: { id: string; phone: string | null; email: string | null }) => Holders,
): Promise<(CommandRefusal | null)[]> {
  const actor = actorOf(ctx);
  const rows: ClientRow[] = [];
  const refusals = inputs.map((raw, i) => {
    try {
      const input = parseOrRefuse(createClientSchema, raw);
      check(checkCreateClient(input, actor, { idTaken: false, today: ctx.today, holders: holders(input) }));
      rows[i] = createdRow(input, ctx);
      return null;
    } catch (error) {
      if (error instanceof CommandRefusal) return error;
      throw error;
    }
  });
  const created = rows.filter(Boolean);
  await batch.putRows('clients', created);
  inputs.forEach((input, i) => {
    const row = rows[i];
    if (row) batch.queue('client.create', { ctx, input }, [`clients:${row.id}`]);
  });
  return refusals;
}
