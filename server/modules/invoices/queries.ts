import { and, asc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { idSchema } from '../../../src/domain/schemas/salon';
import { appointments, invoiceItems, invoices, memberships } from '../../db/schema';
import { requireViewerOfSalon, type Context } from '../../graphql/context';
import { parseInput } from '../../graphql/errors';
import { notExists } from '../../graphql/refusals';
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
