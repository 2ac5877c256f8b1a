import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';
import { paymentAttempts } from '../payments/payments.tables';
import type { ReceiptContent } from './receipt-content';

/**
 * One receipt per succeeded payment (unique per payment), numbered `REC-YYYY-NNNNNN` without gaps
 * per school and year. `content` freezes what the paper says at issue (school, payer, students,
 * lines, amount, balance), so the PDF is rendered identically on every download; only the refund
 * state is read live. `verification_code` is the unguessable key of the public page
 * `/verifier/<code>`.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    paymentId: uuid('payment_id').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    verificationCode: text('verification_code').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Refunds succeeded on the payment (kept here by payments' refund service). */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    content: jsonb('content').$type<ReceiptContent>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** When the payer was sent the link (SMS / e-mail); null until then. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    // The school leads the key, so the table can be distributed by school (db-distribution).
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.paymentId],
      foreignColumns: [paymentAttempts.organizationId, paymentAttempts.id],
      name: 'receipts_payment_fk',
    }),
    uniqueIndex('receipts_organization_payment_key').on(table.organizationId, table.paymentId),
    uniqueIndex('receipts_organization_number_key').on(table.organizationId, table.number),
    // The public page finds a receipt by its code alone, across schools. Not unique: a unique
    // index could not span the schools once distributed; 144 random bits keep codes distinct.
    index('receipts_verification_code_idx').on(table.verificationCode),
    index('receipts_organization_issued_idx').on(table.organizationId, table.issuedAt),
    check('receipts_amount_check', sql`${table.amount} > 0`),
  ],
);

/** The last receipt number given per school and year: the row lock makes numbering gap-free. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.year] })],
);

export type ReceiptRow = typeof receipts.$inferSelect;
