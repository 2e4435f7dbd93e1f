import { eq } from 'drizzle-orm';
import { appointments, clients, invoiceChanges, invoices, memberships, products } from '../../../server/db/schema';
import type { ServerInstance } from '../support/restartable-server';

/** What the checks read straight from the server's tables for one salon (deleted rows too). */
export async function serverState(live: Pick<ServerInstance, 'db'>, salonId: string) {
  const { db } = live;
  const ids = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));
  return {
    appointments: ids(await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.salonId, salonId))),
    clients: ids(await db.select({ id: clients.id }).from(clients).where(eq(clients.salonId, salonId))),
    invoices: ids(await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.salonId, salonId))),
    memberships: await db
      .select({ id: memberships.id, quantity: memberships.quantity, totalUses: memberships.totalUses })
      .from(memberships)
      .where(eq(memberships.salonId, salonId)),
    products: await db.select({ id: products.id, quantity: products.quantity }).from(products).where(eq(products.salonId, salonId)),
    /** The owner's invoice corrections (decision 039): what each edit or removal gave back or spent. */
    changes: await db.select().from(invoiceChanges).where(eq(invoiceChanges.salonId, salonId)),
  };
}
export type ServerState = Awaited<ReturnType<typeof serverState>>;
