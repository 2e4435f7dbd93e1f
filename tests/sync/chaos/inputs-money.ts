import { invoice, membership, sale } from '../../../src/db/commands';
import { hasUsesLeft } from '../../../src/domain/rules/invoice';
import { editPaymentTypes, isMembershipItem } from '../../../src/domain/rules/invoice-edit';
import { nextSerialNumber } from '../../../src/domain/schemas/membership';
import type { InvoiceRow, MembershipRow } from '../../../src/domain/entities';
import { choice, type Gen, type Maker, type Seen } from './catalog';

/**
 * Money commands: invoices of appointments (create, save a draft, pay: with a membership use and products
 * from stock), memberships (sold with few uses, so devices race for the last one) and sales of products
 * (stock of a few units, so devices race for the last ones).
 */

export const createInvoice: Maker = ({ rng, f }, seen) => {
  const invoiced = new Set(seen.invoices.map((i) => i.appointmentId));
  const open = seen.appointments.filter((a) => !invoiced.has(a.id));
  // Mostly appointments of a client with a membership: their invoices are the ones that race for its uses.
  const owning = new Set(seen.memberships.map((m) => m.clientId));
  const preferred = open.filter((a) => a.clientId && owning.has(a.clientId));
  const pool = preferred.length && rng.chance(0.9) ? preferred : open;
  if (!pool.length) return null;
  return choice(invoice.createInvoice, { id: rng.id(), salon: f.salonId, appointment: rng.pick(pool).id });
};

const clientOf = (seen: Seen, inv: InvoiceRow) => seen.appointments.find((a) => a.id === inv.appointmentId)?.clientId ?? null;
const membershipsOf = (seen: Seen, inv: InvoiceRow) => seen.memberships.filter((m) => m.clientId === clientOf(seen, inv));

/** The new lines of an unpaid invoice: its own, maybe a membership use, maybe products. */
function updateInput({ rng, f }: Gen, seen: Seen, inv: InvoiceRow, paid: boolean) {
  const items = inv.items.map((i) => ({
    id: i.id,
    type: i.type,
    entity: i.entityId,
    quantity: i.quantity,
    price: i.price,
    paymentType: i.paymentType,
    seller: i.sellerId ?? (f.masterIds[0] as string),
  }));
  let used: MembershipRow | null = null;
  const owned = membershipsOf(seen, inv);
  if (owned.length && rng.chance(0.75)) {
    const left = owned.filter(hasUsesLeft);
    used = left.length && rng.chance(0.9) ? rng.pick(left) : rng.pick(owned);
    const line = {
      id: rng.id(),
      type: 'SERVICE' as const,
      entity: used.serviceId,
      quantity: 1,
      price: used.pricePerUse,
      paymentType: 'MEMBERSHIP' as const,
      seller: rng.pick(f.masterIds),
    };
    // One use per invoice: a MEMBERSHIP line saved in the draft before turns CASH.
    for (const item of items) if (item.paymentType === 'MEMBERSHIP') item.paymentType = 'CASH';
    const service = items.findIndex((i) => i.type === 'SERVICE');
    if (service >= 0 && rng.chance(0.7)) items[service] = { ...line, id: (items[service] as { id: string }).id };
    else items.push(line);
  }
  if (seen.products.length && rng.chance(0.5)) {
    const p = rng.pick(seen.products);
    items.push({
      id: rng.id(),
      type: 'PRODUCT',
      entity: p.id,
      quantity: rng.between(1, 2),
      price: p.price,
      paymentType: rng.pick(['CASH', 'CC'] as const),
      seller: rng.pick(f.masterIds),
    });
  }
  if (!items.length)
    items.push({
      id: rng.id(),
      type: 'SERVICE',
      entity: rng.pick(f.serviceIds),
      quantity: 1,
      price: '20.00',
      paymentType: 'CASH',
      seller: rng.pick(f.masterIds),
    });
  return { invoiceId: inv.id, membership: used?.id ?? null, items, paid };
}

const onUnpaid =
  (paid: boolean): Maker =>
  (g, seen) => {
    const unpaid = seen.invoices.filter((i) => i.type === 'APPOINTMENT' && !i.paid);
    const racing = unpaid.filter((i) => membershipsOf(seen, i).length > 0);
    const pool = racing.length && g.rng.chance(0.9) ? racing : unpaid;
    return pool.length ? choice(invoice.updateInvoice, updateInput(g, seen, g.rng.pick(pool), paid)) : null;
  };
export const saveInvoice = onUnpaid(false);
export const payInvoice = onUnpaid(true);

export const addMembership: Maker = ({ rng, f }, seen) => {
  if (!seen.clients.length) return null;
  const quantity = rng.between(1, 3);
  const serialNumber = rng.chance(0.9) ? nextSerialNumber(seen.memberships) : rng.between(1, 5);
  return choice(membership.addMembership, {
    id: rng.id(),
    salon: f.salonId,
    client: rng.pick(seen.clients).id,
    service: rng.pick(f.serviceIds),
    serialNumber,
    quantity,
    price: `${quantity * 10}.00`,
    paymentType: rng.pick(['CASH', 'CC', 'GIFT'] as const),
    createdAt: new Date().toISOString(),
  });
};

export const deleteMembership: Maker = ({ rng }, seen) =>
  seen.memberships.length ? choice(membership.deleteMembership, { id: rng.pick(seen.memberships).id }) : null;

export const createSale: Maker = ({ rng, f }, seen) => {
  const inStock = seen.products.filter((p) => p.quantity > 0);
  const pool = inStock.length && rng.chance(0.9) ? inStock : seen.products;
  if (!pool.length) return null;
  const items = Array.from({ length: rng.chance(0.2) ? 2 : 1 }, () => {
    const p = rng.pick(pool);
    return {
      id: rng.id(),
      entity: p.id,
      quantity: rng.chance(0.7) ? 1 : 2,
      price: p.price,
      paymentType: rng.pick(['CASH', 'CC', 'GIFT'] as const),
    };
  });
  return choice(sale.createSale, { id: rng.id(), salon: f.salonId, administrator: f.owner.userId, items });
};

/**
 * The owner's corrections from the Report (decision 039): a line of a paid invoice gets another price and payment
 * type (mostly to and from MEMBERSHIP on the membership item, so the uses move back and forth while devices race
 * for them), or a paid invoice is removed (its stock and use come back).
 */
export const editInvoice: Maker = ({ rng }, seen) => {
  const paid = seen.invoices.filter((i) => i.paid && i.items.length > 0);
  if (!paid.length) return null;
  const inv = rng.pick(paid);
  const item = rng.pick(inv.items);
  const membership = seen.memberships.find((m) => m.id === inv.membershipId) ?? null;
  const types = editPaymentTypes(isMembershipItem(inv, item, membership));
  const paymentType =
    types.includes('MEMBERSHIP') && rng.chance(0.6) ? (item.paymentType === 'MEMBERSHIP' ? 'CASH' : 'MEMBERSHIP') : rng.pick(types);
  return choice(invoice.editInvoice, {
    invoiceId: inv.id,
    itemId: item.id,
    price: `${rng.between(0, 40)}.${rng.between(10, 99)}`,
    paymentType,
  });
};

export const deleteInvoice: Maker = ({ rng, f }, seen) => {
  const paid = seen.invoices.filter((i) => i.paid);
  return paid.length ? choice(invoice.deleteInvoice, { userId: f.owner.userId, invoiceId: rng.pick(paid).id }) : null;
};
