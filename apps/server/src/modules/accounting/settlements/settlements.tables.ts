import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';
import { payouts } from '../payouts/payouts.tables';

/** Where a settlement line stands with respect to the payouts to the school's bank account. */
export const settlementStatusValues = [
  /** Collected through a provider, not yet in a payout (« En attente »). */
  'pending',
  /** In a payout that was sent and not yet confirmed (« En cours »). */
  'in_payout',
  /** In a payout confirmed paid (« Payé »). */
  'paid',
  /** Taken at the cash desk: the school already holds the money (« Encaissé à la caisse »). */
  'at_desk',
] as const;
export type SettlementStatus = (typeof settlementStatusValues)[number];

/**
 * One line of what the school is owed for a payment (the « Comptabilité » table), computed once
 * when the payment succeeds (or is refunded) and never recomputed: gross, the platform's
 * commission under the school's plan terms in force that day (`planTermsAt`), the provider's fee
 * under the rate in force (`providerFeeRateAt`), net = gross − commission − fee. A refund is a
 * line of its own (kind `refund`, negative amounts) that the next payout deducts. Cash-desk
 * payments carry no fee nor commission (status `at_desk`, never paid out).
 */
export const paymentSettlements = pgTable(
  'payment_settlements',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    paymentId: uuid('payment_id').notNull(),
    /** The refund's id for a `refund` line; null for a payment. */
    refundId: uuid('refund_id'),
    /** `desk` or the provider (paygate, fedapay, mtn, orange, wave). */
    provider: text('provider').notNull(),
    /** The wallet or desk method (YAS_TG, MOOV_TG, CASH…). */
    wallet: text('wallet').notNull(),
    /** When the money moved, and the school's day it belongs to. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    /** The first student the payment paid for, and what the table shows (« Awa Mensah +1 »). */
    studentId: uuid('student_id'),
    studentLabel: text('student_label').notNull(),
    /** Folded for search and sort (platform/search-text). */
    studentSortKey: text('student_sort_key').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    providerFee: bigint('provider_fee', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    /** The terms applied, for the record: commission rate (bp), the provider's percent and fixed. */
    commissionRateBp: integer('commission_rate_bp').notNull(),
    feePercentBp: integer('fee_percent_bp').notNull(),
    feeFixedXof: integer('fee_fixed_xof').notNull(),
    /**
     * No fee rate was entered for the provider and wallet when the payment was settled: the fee
     * was counted 0 and is unknown, not free (decisions/0019) — shown so that Finance can check it.
     */
    feeRateMissing: boolean('fee_rate_missing').notNull().default(false),
    status: text('status', { enum: settlementStatusValues }).notNull(),
    payoutId: uuid('payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    // One line per payment, one per refund: the handler that writes it may run twice.
    uniqueIndex('payment_settlements_payment_key')
      .on(table.organizationId, table.paymentId)
      .where(sql`${table.kind} = 'payment'`),
    uniqueIndex('payment_settlements_refund_key')
      .on(table.organizationId, table.refundId)
      .where(sql`${table.kind} = 'refund'`),
    index('payment_settlements_occurred_idx').on(table.organizationId, table.occurredAt, table.id),
    index('payment_settlements_payout_idx').on(table.organizationId, table.payoutId),
    index('payment_settlements_status_idx').on(
      table.organizationId,
      table.status,
      table.occurredAt,
    ),
    check(
      'payment_settlements_net_check',
      sql`${table.net} = ${table.gross} - ${table.commission} - ${table.providerFee}`,
    ),
    check(
      'payment_settlements_status_check',
      sql`${table.status} in ('pending', 'in_payout', 'paid', 'at_desk')`,
    ),
    check('payment_settlements_kind_check', sql`${table.kind} in ('payment', 'refund')`),
    foreignKey({
      name: 'payment_settlements_payout_fk',
      columns: [table.organizationId, table.payoutId],
      foreignColumns: [payouts.organizationId, payouts.id],
    }),
  ],
);

/**
 * A school's cumulative gross collected online (payments minus nothing: refunds do not give the
 * fee-free volume back), locked FOR UPDATE by each settlement so that two payments settled at
 * once cannot both take Découverte's fee-free part.
 */
export const settlementVolumes = pgTable('settlement_volumes', {
  organizationId: uuid('organization_id')
    .notNull()
    .primaryKey()
    .references(() => organizations.id),
  onlineGross: bigint('online_gross', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentSettlementRow = typeof paymentSettlements.$inferSelect;
export type NewPaymentSettlement = typeof paymentSettlements.$inferInsert;
