import type { MessageTemplates } from '../../src/domain/rules/message-templates';
import type { OnlineBookingSettings } from '../../src/domain/rules/online-booking';
import type { GroupCommission } from '../../src/domain/rules/commissions';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type {
  Channel,
  ClientMessageSettings,
  ClientMessageStatus,
  MessageKind,
  MessageLanguage,
} from '../../src/domain/rules/client-messages';

import { bytea, rev, tstz, wall } from './columns';

export * from './schema-invoices';

export interface SalonSettings {
  schedule: { startAt: number; endAt: number; step: number; format: 'HH:mm' | 'hh:mm a' };
  enableArchive: boolean;
  hideClientPhone: boolean;
  masterPanelLogin: boolean;
  reportByType: boolean;
  /** Absent in salons made before it: on (src/domain/rules/salon-defaults.ts). */
  mastersEditOthers?: boolean;
  /** What the salon tells its clients (issue 57); absent: nothing is sent (clientMessagesOf). */
  clientMessages?: ClientMessageSettings;
  /** The salon's own texts of its client messages (decision 080); absent: the defaults. */
  clientMessageTemplates?: MessageTemplates;
  /** The salon's online booking page (issue 61); absent: off. */
  onlineBooking?: OnlineBookingSettings;
}
export type NameVariants = { en?: string; lv?: string; ru?: string };

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone'),
  gender: text('gender'),
  emailVerified: boolean('email_verified').notNull().default(false),
  isSysadmin: boolean('is_sysadmin').notNull().default(false),
  isSupplier: boolean('is_supplier').notNull().default(false),
  promoCode: text('promo_code'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A supplier (part 2 §3): its identity is its account's; `deletedAt` ends it. */
export const suppliers = pgTable('suppliers', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

/** One salon-and-manufacturer row of a supplier's Connections tab, in the order the sysadmin gave them. */
export const supplierConnections = pgTable(
  'supplier_connections',
  {
    supplierId: text('supplier_id').notNull(),
    salonId: text('salon_id').notNull(),
    manufacturerId: text('manufacturer_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.manufacturerId] })],
);

/** Uploaded files (seminar banners), kept in the database so every instance serves them (decision 046). */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A supplier's seminar (part 2 §3): starts at a Riga wall time, lasts `duration` minutes. */
export const seminars = pgTable('seminars', {
  id: text('id').primaryKey(),
  supplierId: text('supplier_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').notNull(),
  startAt: wall('start_at').notNull(),
  duration: integer('duration').notNull(),
  placeCount: integer('place_count').notNull(),
  bannerId: text('banner_id'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

/** A master signed up for a seminar, from his salon. */
export const seminarVisitors = pgTable(
  'seminar_visitors',
  {
    seminarId: text('seminar_id').notNull(),
    masterId: text('master_id').notNull(),
    salonId: text('salon_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seminarId, t.masterId] })],
);

export const salons = pgTable('salons', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  administratorId: text('administrator_id').notNull(),
  settings: jsonb('settings').$type<SalonSettings>().notNull(),
  /** The salon's change counter (bumped by every write, DESIGN.md §4). */
  rev: rev(),
  /** Rev of the salon's own row, as pull sends it. */
  rowRev: bigint('row_rev', { mode: 'number' }).notNull().default(0),
  timeZone: text('time_zone').notNull().default('Europe/Riga'),
  trialEndsAt: tstz('trial_ends_at').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

/** Which Stripe customer and subscription are the salon's, and the state last read (decision 047). */
export const salonSubscriptions = pgTable('salon_subscriptions', {
  salonId: text('salon_id').primaryKey(),
  customerId: text('customer_id').notNull(),
  subscriptionId: text('subscription_id'),
  priceId: text('price_id'),
  status: text('status'),
  companyName: text('company_name'),
  companyReg: text('company_reg'),
  companyAddress: text('company_address'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  /** A card dialog's submit is calling Stripe until then (decision 083); null: none is. */
  changingUntil: tstz('changing_until'),
});

/** Stripe webhook events already handled: a second delivery of one is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
});

export const administrators = pgTable('administrators', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  userId: text('user_id').notNull(),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

export const masters = pgTable('masters', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  userId: text('user_id'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone'),
  email: text('email'),
  gender: text('gender'),
  status: text('status').notNull().default('ACTIVE'),
  type: text('type').notNull().default('LOCAL'),
  serviceGroupIds: jsonb('service_group_ids').$type<string[]>().notNull().default([]),
  /** Percent of her services' and products' sales she earns (migration 0021); null is none. */
  serviceCommission: numeric('service_commission', { precision: 5, scale: 2 }),
  productCommission: numeric('product_commission', { precision: 5, scale: 2 }),
  /** Her rates for some service groups (migration 0025), in place of serviceCommission for their services. */
  groupCommissions: jsonb('group_commissions').$type<GroupCommission[]>().notNull().default([]),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

export const serviceGroups = pgTable('service_groups', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  nameVariants: jsonb('name_variants').$type<NameVariants>().notNull(),
  type: text('type'),
  position: integer('position').notNull().default(0),
  rev: rev(),
  deletedAt: tstz('deleted_at'),
});

export const services = pgTable('services', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  groupId: text('group_id').notNull(),
  nameVariants: jsonb('name_variants').$type<NameVariants>().notNull(),
  duration: integer('duration').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  color: text('color').notNull(),
  rev: rev(),
  deletedAt: tstz('deleted_at'),
});

export const cabinets = pgTable('cabinets', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  nameVariants: jsonb('name_variants').$type<NameVariants>().notNull(),
  serviceGroupIds: jsonb('service_group_ids').$type<string[]>().notNull().default([]),
  rev: rev(),
  deletedAt: tstz('deleted_at'),
});

export const workingTimes = pgTable('working_times', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  masterId: text('master_id'),
  cabinetId: text('cabinet_id'),
  startAt: wall('start_at').notNull(),
  endAt: wall('end_at').notNull(),
  rev: rev(),
  deletedAt: tstz('deleted_at'),
});

export const clients = pgTable('clients', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  type: text('type').notNull().default('LOCAL'),
  userId: text('user_id'),
  email: text('email'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone'),
  notes: text('notes').notNull().default(''),
  birthday: date('birthday', { mode: 'string' }),
  gender: text('gender'),
  blockedAt: tstz('blocked_at'),
  blockedBy: text('blocked_by'),
  /** The language of the client's messages; null: the salon's (migration 0014). */
  language: text('language').$type<MessageLanguage>(),
  /** Whether the client gets the salon's messages (unsubscribe, SMS STOP, the client dialog). */
  messageConsent: boolean('message_consent').notNull().default(true),
  /** Masters of the salon the client prefers (setDefaultMasters); migration 0003. */
  defaultMasterIds: jsonb('default_master_ids').$type<string[]>().notNull().default([]),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

export const appointments = pgTable('appointments', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  masterId: text('master_id'),
  cabinetId: text('cabinet_id'),
  clientId: text('client_id'),
  serviceId: text('service_id').notNull(),
  authorId: text('author_id'),
  authorRole: text('author_role').notNull(),
  startAt: wall('start_at').notNull(),
  endAt: wall('end_at').notNull(),
  duration: integer('duration').notNull(),
  notes: text('notes').notNull().default(''),
  groupId: text('group_id'),
  archived: boolean('archived').notNull().default(false),
  archivedAt: tstz('archived_at'),
  /** NO_SHOW or LATE_CANCEL (decision 079); migration 0015. */
  outcome: text('outcome').$type<'NO_SHOW' | 'LATE_CANCEL'>(),
  membershipId: text('membership_id'),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  userId: text('user_id').notNull(),
  salonId: text('salon_id'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
  revokedAt: tstz('revoked_at'),
});

export const authTokens = pgTable('auth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  kind: text('kind').notNull(),
  email: text('email').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const manufacturers = pgTable('manufacturers', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  name: text('name').notNull(),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

/** Closing the till (issue 59 item 3, migration 0022): one live cash-up per salon day. */
export const cashUps = pgTable('cash_ups', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  expectedCash: numeric('expected_cash', { precision: 12, scale: 2 }).notNull(),
  countedCash: numeric('counted_cash', { precision: 12, scale: 2 }).notNull(),
  note: text('note').notNull().default(''),
  closedBy: text('closed_by').notNull(),
  closedAt: tstz('closed_at').notNull().defaultNow(),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  manufacturerId: text('manufacturer_id'),
  name: text('name').notNull(),
  code: text('code').notNull().default(''),
  quantity: integer('quantity').notNull().default(0),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  supplierPrice: numeric('supplier_price', { precision: 12, scale: 2 }),
  type: text('type').notNull().default('SALE'),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

export const memberships = pgTable('memberships', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  clientId: text('client_id').notNull(),
  serviceId: text('service_id').notNull(),
  authorId: text('author_id'),
  serialNumber: integer('serial_number').notNull(),
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  pricePerUse: numeric('price_per_use', { precision: 12, scale: 2 }).notNull(),
  totalUses: integer('total_uses').notNull().default(0),
  /** CASH, CC or GIFT; null on one sold before it was recorded (decision 071). */
  paymentType: text('payment_type'),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

/** Exactly-once commands (DESIGN.md §5.2): the last seq applied per browser profile. */
export const syncClients = pgTable('sync_clients', {
  clientId: text('client_id').primaryKey(),
  userId: text('user_id').notNull(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  updatedAt: tstz('updated_at'),
});

export type StoredResult = { ok: true; value: unknown } | { ok: false; error: { message: string; extensions: Record<string, unknown> } };

export const syncResults = pgTable(
  'sync_results',
  {
    clientId: text('client_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    result: jsonb('result').$type<StoredResult>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.seq] })],
);

/** Throttling counters shared by every instance, in rate-limiter-flexible's Drizzle layout (0004_throttles.sql). */
/** Secrets made once and shared by every instance (0011_server_secrets.sql): the device cookies' signing key. */
/** A message to a salon's client (issue 57, migration 0012): what, by which channel, when, and how it went. */
export const clientMessages = pgTable('client_messages', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  appointmentId: text('appointment_id').notNull(),
  clientId: text('client_id'),
  kind: text('kind').$type<MessageKind>().notNull(),
  channel: text('channel').$type<Channel>().notNull(),
  dueAt: tstz('due_at').notNull(),
  status: text('status').$type<ClientMessageStatus>().notNull().default('SCHEDULED'),
  reason: text('reason'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  sentAt: tstz('sent_at'),
  /** The SMS provider's id of a sent SMS, by which its delivery report finds the row. */
  providerId: text('provider_id'),
  deliveredAt: tstz('delivered_at'),
});

/** A master's private calendar feed (decision 087): its address is the id, signed; a new id ends the old address. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: text('id').primaryKey(),
  masterId: text('master_id').notNull().unique(),
  salonId: text('salon_id').notNull(),
  userId: text('user_id').notNull(),
  lang: text('lang').$type<'en' | 'lv' | 'ru'>().notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: tstz('expire'),
});

/** ALTCHA solutions already accepted, until their challenge expires. */
export const usedCaptchas = pgTable('used_captchas', {
  id: text('id').primaryKey(),
  expiresAt: tstz('expires_at').notNull(),
});

/** One-time codes of the booking page (issue 61, migration 0019): kept as an HMAC, for 10 minutes, once. */
export const bookingCodes = pgTable('booking_codes', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  email: text('email').notNull(),
  /** The phone a code sent by SMS went to (migration 0020); null for a code by e-mail. */
  phone: text('phone'),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A booking made on the booking page (issue 61): its appointments and the client who manages it by link. */
export const onlineBookings = pgTable('online_bookings', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  clientId: text('client_id').notNull(),
  appointmentIds: jsonb('appointment_ids').$type<string[]>().notNull(),
  email: text('email').notNull(),
  lang: text('lang').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  cancelledAt: tstz('cancelled_at'),
});
