import { bigserial, boolean, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { rev, tstz } from './columns';

/** Invoices, their lines and the owner's edits of them (re-exported by server/db/schema.ts). */
export const invoices = pgTable('invoices', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  appointmentId: text('appointment_id'),
  type: text('type').notNull().default('APPOINTMENT'),
  administratorId: text('administrator_id'),
  paid: boolean('paid').notNull().default(false),
  paidAt: tstz('paid_at'),
  archived: boolean('archived').notNull().default(false),
  totalPrice: numeric('total_price', { precision: 12, scale: 2 }).notNull().default('0'),
  membershipId: text('membership_id'),
  /** A tip to one master, paid in cash or by card; 0 and nulls without (migration 0024, issue 59 item 5). */
  tip: numeric('tip', { precision: 12, scale: 2 }).notNull().default('0'),
  tipMasterId: text('tip_master_id'),
  tipPaymentType: text('tip_payment_type'),
  rev: rev(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
});

export const invoiceItems = pgTable('invoice_items', {
  id: text('id').primaryKey(),
  salonId: text('salon_id').notNull(),
  invoiceId: text('invoice_id').notNull(),
  type: text('type').notNull(),
  entityId: text('entity_id').notNull(),
  sellerId: text('seller_id'),
  sellerType: text('seller_type'),
  quantity: integer('quantity').notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  paymentType: text('payment_type').notNull(),
  /** PERCENT or AMOUNT, null without a discount (migration 0023, issue 59 item 5). */
  discountType: text('discount_type'),
  discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
  rev: rev(),
  deletedAt: tstz('deleted_at'),
});

/** The owner's edits and removals of invoices (migration 0005, decision 039): append-only. */
export const invoiceChanges = pgTable('invoice_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  salonId: text('salon_id').notNull(),
  invoiceId: text('invoice_id').notNull(),
  itemId: text('item_id'),
  userId: text('user_id').notNull(),
  action: text('action').notNull(),
  before: jsonb('before').notNull(),
  after: jsonb('after'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
