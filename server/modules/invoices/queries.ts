import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { idSchema } from '../../../src/domain/schemas/salon';
import { isOwnerOrSysadmin } from '../../../src/domain/roles';
import { appointments, invoiceChanges, invoiceItems, invoices, memberships, users } from '../../db/schema';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { notExists, refused } from '../../graphql/refusals';
import { membershipRow } from '../../sync/rows';
import { invoiceView } from './service';

const getInvoiceSchema = v.object({
  appointment: idSchema,
  salon: idSchema,
  client: v.optional(v.nullable(idSchema), null),
  lang: v.optional(v.unknown()),
});

/**
 * getInvoice (part 1 §7): the appointment's invoice (null when none yet) plus the client's live memberships, for
 * other clients of the API (the panel reads its mirror). Any viewer of the salon, masters included (they may see
 * the invoice, part 1 §6); another salon's appointment does not exist.
 */
export async function getInvoice(ctx: Context, args: unknown) {
  const input = parseInput(getInvoiceSchema, args);
  const viewer = await requireViewerOfSalon(ctx, input.salon);
  const { db } = ctx.app.database;
  const salonId = viewer.salon.id;
  const [appointment] = await db
    .select({ id: appointments.id, clientId: appointments.clientId })
    .from(appointments)
    .where(and(eq(appointments.id, input.appointment), eq(appointments.salonId, salonId), isNull(appointments.deletedAt)));
  if (!appointment) throw notExists('appointment');
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.appointmentId, appointment.id), eq(invoices.salonId, salonId), isNull(invoices.deletedAt)));
  const items = invoice
    ? await db
        .select()
        .from(invoiceItems)
        .where(and(eq(invoiceItems.invoiceId, invoice.id), eq(invoiceItems.salonId, salonId), isNull(invoiceItems.deletedAt)))
        .orderBy(asc(invoiceItems.id))
    : [];
  const clientId = input.client ?? appointment.clientId;
  const owned = clientId
    ? await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.salonId, salonId), eq(memberships.clientId, clientId), isNull(memberships.deletedAt)))
        .orderBy(asc(memberships.serialNumber))
    : [];
  return { invoice: invoice ? invoiceView(invoice, items) : null, memberships: owned.map((m) => ({ ...membershipRow(m), rev: m.rev })) };
}

const getInvoiceChangesSchema = v.object({ salon: idSchema, invoiceId: idSchema });

/**
 * getInvoiceChanges (decision 039): the owner's edits of one invoice of the salon, newest first, with who made
 * them, for the Edit invoice dialog's history. The trace is the owner's: anyone else is refused, as for the edits.
 */
export async function getInvoiceChanges(ctx: Context, args: unknown) {
  const input = parseInput(getInvoiceChangesSchema, args);
  const viewer = await requireViewerOfSalon(ctx, input.salon);
  if (!isOwnerOrSysadmin(viewer)) throw refused('invoiceEditForbidden');
  const rows = await ctx.app.database.db
    .select({ change: invoiceChanges, firstName: users.firstName, lastName: users.lastName })
    .from(invoiceChanges)
    .leftJoin(users, eq(users.id, invoiceChanges.userId))
    .where(
      and(eq(invoiceChanges.salonId, viewer.salon.id), eq(invoiceChanges.invoiceId, input.invoiceId), eq(invoiceChanges.action, 'EDIT')),
    )
    .orderBy(desc(invoiceChanges.id));
  return rows.map(({ change, firstName, lastName }) => ({
    id: String(change.id),
    itemId: change.itemId,
    action: change.action,
    userName: [firstName, lastName].filter(Boolean).join(' '),
    createdAt: change.createdAt.toISOString(),
    before: change.before,
    after: change.after,
  }));
}
