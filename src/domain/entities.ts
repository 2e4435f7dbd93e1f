/**
 * Row shapes of the synced entities (DESIGN.md §5): what `pull` sends in `data` and what the IndexedDB
 * mirror stores, one table per entity. Wall times are salon time 'YYYY-MM-DD HH:mm'; money is a decimal
 * string with two places ('12.50'); instants are ISO strings.
 */
import type { SalonSettings } from './rules/salon-defaults';
import type { MessageLanguage } from './rules/client-messages';
import type { DiscountType, TipPaymentType } from './rules/money';

export type NameVariants = { en?: string; lv?: string; ru?: string };

export interface SalonRow {
  id: string;
  name: string;
  address: string;
  administratorId: string;
  settings: SalonSettings;
  timeZone: string;
}
/**
 * A master's own rate for one of her service groups (issue 59 item 4, "per service group where the salon wants"):
 * her services of that group earn this percentage ('12.50') in place of her service rate.
 */
export interface GroupCommission {
  groupId: string;
  rate: string;
}

export interface MasterRow {
  id: string;
  salonId: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  status: 'ACTIVE' | 'INACTIVE';
  type: 'LOCAL' | 'GLOBAL';
  serviceGroupIds: string[];
  /**
   * Percent of her services' and products' sales she earns ('12.50'), null when none (issue 59 item 4). Masters'
   * own devices get null: commissions are the administrators' (server/sync/pull.ts).
   */
  serviceCommission?: string | null;
  productCommission?: string | null;
  /** Her rates for some service groups, in place of serviceCommission for their services; [] for masters' devices. */
  groupCommissions?: GroupCommission[];
}
export interface AdministratorRow {
  id: string;
  salonId: string;
  userId: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string;
}
export interface CabinetRow {
  id: string;
  salonId: string;
  nameVariants: NameVariants;
  serviceGroupIds: string[];
}
export interface ServiceGroupRow {
  id: string;
  salonId: string;
  nameVariants: NameVariants;
  type: 'HAIRDRESSER' | 'COSMETOLOGIST' | 'MANICURE' | 'OTHER' | null;
  position: number;
}
export interface ServiceRow {
  id: string;
  salonId: string;
  groupId: string;
  nameVariants: NameVariants;
  duration: number;
  price: string;
  color: string;
}
export interface WorkingTimeRow {
  id: string;
  salonId: string;
  masterId: string | null;
  cabinetId: string | null;
  startAt: string;
  endAt: string;
}
export interface ClientRow {
  id: string;
  salonId: string;
  type: 'LOCAL' | 'GLOBAL';
  email: string | null;
  firstName: string;
  lastName: string;
  /** Null for a master when the salon hides client phones (part 2 §2). */
  phone: string | null;
  notes: string;
  /** 'YYYY-MM-DD' */
  birthday: string | null;
  gender: 'MALE' | 'FEMALE' | null;
  blockedAt: string | null;
  blockedBy: { id: string; firstName: string; lastName: string } | null;
  /**
   * The language of the client's messages, null for the salon's; and whether the client gets messages at all.
   * Absent in a row pulled before they existed: read them with clientMessagePrefs.
   */
  language?: MessageLanguage | null;
  messageConsent?: boolean;
  /**
   * The client's default masters (setDefaultMasters): ids of masters of the salon, in the order chosen. A
   * master deleted later stays listed; readers show only masters still in the mirror. Always empty for a
   * MASTER viewer, who does not see a client's Masters section (part 1 §6).
   */
  defaultMasterIds: string[];
}
export type AuthorRole = 'ADMIN' | 'MASTER' | 'CLIENT';
import type { AppointmentOutcome } from './rules/outcomes';
export type { AppointmentOutcome } from './rules/outcomes';
export interface AppointmentRow {
  id: string;
  salonId: string;
  masterId: string | null;
  cabinetId: string | null;
  clientId: string | null;
  serviceId: string;
  authorId: string | null;
  authorRole: AuthorRole;
  startAt: string;
  endAt: string;
  duration: number;
  notes: string;
  groupId: string | null;
  archived: boolean;
  /** Null for a visit as booked; absent in rows pulled before it existed (decision 079). */
  outcome?: AppointmentOutcome | null;
  membershipId: string | null;
  createdAt: string;
}
export type PaymentType = 'CASH' | 'CC' | 'GIFT' | 'MEMBERSHIP';
export interface InvoiceItemRow {
  id: string;
  type: 'SERVICE' | 'PRODUCT';
  entityId: string;
  sellerId: string | null;
  sellerType: 'MASTER' | 'CABINET' | 'ADMINISTRATOR' | null;
  quantity: number;
  price: string;
  paymentType: PaymentType;
  /** The line's discount (issue 59 item 5); absent on rows made before discounts: none. */
  discountType?: DiscountType | null;
  /** The percent or the amount off, '0.00' without a discount. */
  discount?: string;
}
export interface InvoiceRow {
  id: string;
  salonId: string;
  appointmentId: string | null;
  type: 'APPOINTMENT' | 'CART';
  administratorId: string | null;
  paid: boolean;
  archived: boolean;
  totalPrice: string;
  membershipId: string | null;
  /** The tip to a master (issue 59 item 5), '0.00' without; absent on rows made before tips. */
  tip?: string;
  tipMasterId?: string | null;
  tipPaymentType?: TipPaymentType | null;
  items: InvoiceItemRow[];
  createdAt: string;
}
export interface MembershipRow {
  id: string;
  salonId: string;
  clientId: string;
  serviceId: string;
  authorId: string | null;
  serialNumber: number;
  quantity: number;
  price: string;
  pricePerUse: string;
  totalUses: number;
  /** How the client paid for it; null on one sold before the payment type was recorded (decision 071). */
  paymentType: MembershipPaymentType | null;
  createdAt: string;
}
/** A membership is paid like a sale: cash, card or gift card (part 1 §3 'Membership bought item'). */
export type MembershipPaymentType = Exclude<PaymentType, 'MEMBERSHIP'>;
export interface ManufacturerRow {
  id: string;
  salonId: string;
  name: string;
}
export interface ProductRow {
  id: string;
  salonId: string;
  manufacturerId: string | null;
  name: string;
  code: string;
  quantity: number;
  price: string;
  supplierPrice: string | null;
  type: 'SALE' | 'INTERNAL';
}

/** Entity name (as in `pull`) → row type. The mirror has one table per entity, named the same. */
export interface EntityRows {
  salons: SalonRow;
  masters: MasterRow;
  administrators: AdministratorRow;
  cabinets: CabinetRow;
  serviceGroups: ServiceGroupRow;
  services: ServiceRow;
  workingTimes: WorkingTimeRow;
  clients: ClientRow;
  appointments: AppointmentRow;
  invoices: InvoiceRow;
  memberships: MembershipRow;
  manufacturers: ManufacturerRow;
  products: ProductRow;
  cashUps: CashUpRow;
}
/** A closed till (issue 59 item 3): one per salon day. */
export interface CashUpRow {
  id: string;
  salonId: string;
  /** The salon day, YYYY-MM-DD. */
  date: string;
  /** The day's cash payments when it was closed, and what was counted: decimals ('412.50'). */
  expectedCash: string;
  countedCash: string;
  note: string;
  /** The user who closed it, and when (ISO). */
  closedBy: string;
  closedAt: string;
}
export type EntityName = keyof EntityRows;
export const ENTITY_NAMES: readonly EntityName[] = [
  'salons',
  'masters',
  'administrators',
  'cabinets',
  'serviceGroups',
  'services',
  'workingTimes',
  'clients',
  'appointments',
  'invoices',
  'memberships',
  'manufacturers',
  'products',
  'cashUps',
];

/**
 * One change of a pull page: a row to put, or a tombstone (`data` null). The page's order and cursor say where it
 * stands; the change's own rev is not needed by the mirror, so the app does not ask for it.
 */
export interface Change<E extends EntityName = EntityName> {
  entity: E;
  id: string;
  /** The row, or null when it was deleted. */
  data: EntityRows[E] | null;
}
