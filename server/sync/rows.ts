import { normalizeDecimal } from '../../src/domain/rules/money';
import { basisToDecimal, decimalToBasis } from '../../src/domain/rules/commissions';
import type * as E from '../../src/domain/entities';
import type {
  administrators,
  appointments,
  cabinets,
  cashUps,
  clients,
  invoiceItems,
  invoices,
  manufacturers,
  masters,
  memberships,
  products,
  salons,
  serviceGroups,
  services,
  users,
  workingTimes,
} from '../db/schema';

/**
 * Database rows → the row shapes of src/domain/entities.ts, exactly: what pull sends, what the
 * mirror stores and what mutations answer (plus `rev`). Wall times 'YYYY-MM-DD HH:mm', money '12.50',
 * instants ISO.
 */
type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** 'YYYY-MM-DD HH:mm:ss' (or with a T) → 'YYYY-MM-DD HH:mm'. */
export const wallTime = (value: string): string => value.replace('T', ' ').slice(0, 16);

/** numeric(12,2) as the database returns it, normalised to two places (exactly, src/domain/rules/money.ts). */
export const money = (value: string): string => (/^-?\d+\.\d{2}$/.test(value) ? value : normalizeDecimal(value));
const moneyOrNull = (value: string | null) => (value === null ? null : money(value));
/** A numeric(5,2) percentage as rows carry it ('12.50'). */
const percentOrNull = (value: string | null) => (value === null ? null : basisToDecimal(decimalToBasis(value)));
const iso = (value: Date): string => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export type PersonRef = { id: string; firstName: string; lastName: string };

export function salonRow(s: Row<typeof salons>): E.SalonRow {
  return {
    id: s.id,
    name: s.name,
    address: s.address,
    administratorId: s.administratorId,
    settings: s.settings as E.SalonRow['settings'],
    timeZone: s.timeZone,
  };
}

/** Masters' pulls leave the commissions out (server/sync/pull.ts): they are the administrators'. */
export function masterRow(m: Row<typeof masters>, scope: { hideCommissions?: boolean } = {}): E.MasterRow {
  return {
    id: m.id,
    salonId: m.salonId,
    userId: m.userId,
    firstName: m.firstName,
    lastName: m.lastName,
    phone: m.phone,
    email: m.email,
    gender: m.gender as E.MasterRow['gender'],
    status: m.status as E.MasterRow['status'],
    type: m.type as E.MasterRow['type'],
    serviceGroupIds: m.serviceGroupIds,
    serviceCommission: scope.hideCommissions ? null : percentOrNull(m.serviceCommission),
    productCommission: scope.hideCommissions ? null : percentOrNull(m.productCommission),
    groupCommissions: scope.hideCommissions ? [] : m.groupCommissions.map((g) => ({ groupId: g.groupId, rate: g.rate })),
  };
}

export function administratorRow(
  a: Row<typeof administrators>,
  u: Pick<Row<typeof users>, 'firstName' | 'lastName' | 'phone' | 'email'>,
): E.AdministratorRow {
  return { id: a.id, salonId: a.salonId, userId: a.userId, firstName: u.firstName, lastName: u.lastName, phone: u.phone, email: u.email };
}

export function cabinetRow(c: Row<typeof cabinets>): E.CabinetRow {
  return { id: c.id, salonId: c.salonId, nameVariants: c.nameVariants, serviceGroupIds: c.serviceGroupIds };
}

export function serviceGroupRow(g: Row<typeof serviceGroups>): E.ServiceGroupRow {
  return { id: g.id, salonId: g.salonId, nameVariants: g.nameVariants, type: g.type as E.ServiceGroupRow['type'], position: g.position };
}

export function serviceRow(s: Row<typeof services>): E.ServiceRow {
  return {
    id: s.id,
    salonId: s.salonId,
    groupId: s.groupId,
    nameVariants: s.nameVariants,
    duration: s.duration,
    price: money(s.price),
    color: s.color,
  };
}

export function workingTimeRow(w: Row<typeof workingTimes>): E.WorkingTimeRow {
  return {
    id: w.id,
    salonId: w.salonId,
    masterId: w.masterId,
    cabinetId: w.cabinetId,
    startAt: wallTime(w.startAt),
    endAt: wallTime(w.endAt),
  };
}

/** What a viewer may not see of a client (DESIGN.md §5.7). */
export interface ClientScope {
  /** A master of a salon that hides client phones never receives them. */
  hidePhone?: boolean;
  /** Masters do not see a client's Masters section (part 1 §6), so they get no default masters. */
  hideDefaultMasters?: boolean;
}

export function clientRow(c: Row<typeof clients>, blockedBy: PersonRef | null, scope: ClientScope = {}): E.ClientRow {
  return {
    id: c.id,
    salonId: c.salonId,
    type: c.type as E.ClientRow['type'],
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phone: scope.hidePhone ? null : c.phone,
    notes: c.notes,
    birthday: c.birthday,
    gender: c.gender as E.ClientRow['gender'],
    blockedAt: isoOrNull(c.blockedAt),
    blockedBy: c.blockedAt ? blockedBy : null,
    language: c.language ?? null,
    messageConsent: c.messageConsent,
    defaultMasterIds: scope.hideDefaultMasters ? [] : c.defaultMasterIds,
  };
}

export function appointmentRow(a: Row<typeof appointments>): E.AppointmentRow {
  return {
    id: a.id,
    salonId: a.salonId,
    masterId: a.masterId,
    cabinetId: a.cabinetId,
    clientId: a.clientId,
    serviceId: a.serviceId,
    authorId: a.authorId,
    authorRole: a.authorRole as E.AuthorRole,
    startAt: wallTime(a.startAt),
    endAt: wallTime(a.endAt),
    duration: a.duration,
    notes: a.notes,
    groupId: a.groupId,
    archived: a.archived,
    outcome: a.outcome ?? null,
    membershipId: a.membershipId,
    createdAt: iso(a.createdAt),
  };
}

export function invoiceItemRow(i: Row<typeof invoiceItems>): E.InvoiceItemRow {
  return {
    id: i.id,
    type: i.type as E.InvoiceItemRow['type'],
    entityId: i.entityId,
    sellerId: i.sellerId,
    sellerType: i.sellerType as E.InvoiceItemRow['sellerType'],
    quantity: i.quantity,
    price: money(i.price),
    paymentType: i.paymentType as E.PaymentType,
    discountType: (i.discountType as E.InvoiceItemRow['discountType']) ?? null,
    discount: money(i.discount),
  };
}

/** Items are embedded: a change of an item must bump its invoice's rev. */
export function invoiceRow(i: Row<typeof invoices>, items: Row<typeof invoiceItems>[]): E.InvoiceRow {
  return {
    id: i.id,
    salonId: i.salonId,
    appointmentId: i.appointmentId,
    type: i.type as E.InvoiceRow['type'],
    administratorId: i.administratorId,
    paid: i.paid,
    archived: i.archived,
    totalPrice: money(i.totalPrice),
    membershipId: i.membershipId,
    tip: money(i.tip),
    tipMasterId: i.tipMasterId,
    tipPaymentType: (i.tipPaymentType as E.InvoiceRow['tipPaymentType']) ?? null,
    items: items.map(invoiceItemRow),
    createdAt: iso(i.createdAt),
  };
}

export function cashUpRow(c: Row<typeof cashUps>): E.CashUpRow {
  return {
    id: c.id,
    salonId: c.salonId,
    date: c.date,
    expectedCash: money(c.expectedCash),
    countedCash: money(c.countedCash),
    note: c.note,
    closedBy: c.closedBy,
    closedAt: iso(c.closedAt),
  };
}

export function membershipRow(m: Row<typeof memberships>): E.MembershipRow {
  return {
    id: m.id,
    salonId: m.salonId,
    clientId: m.clientId,
    serviceId: m.serviceId,
    authorId: m.authorId,
    serialNumber: m.serialNumber,
    quantity: m.quantity,
    price: money(m.price),
    pricePerUse: money(m.pricePerUse),
    totalUses: m.totalUses,
    paymentType: m.paymentType as E.MembershipPaymentType | null,
    createdAt: iso(m.createdAt),
  };
}

export function manufacturerRow(m: Row<typeof manufacturers>): E.ManufacturerRow {
  return { id: m.id, salonId: m.salonId, name: m.name };
}

/** Masters' pulls leave the supplier price out (server/sync/pull-sources.ts). */
export function productRow(p: Row<typeof products>, scope: { hideSupplierPrice?: boolean } = {}): E.ProductRow {
  return {
    id: p.id,
    salonId: p.salonId,
    manufacturerId: p.manufacturerId,
    name: p.name,
    code: p.code,
    quantity: p.quantity,
    price: money(p.price),
    supplierPrice: scope.hideSupplierPrice ? null : moneyOrNull(p.supplierPrice),
    type: p.type as E.ProductRow['type'],
  };
}
