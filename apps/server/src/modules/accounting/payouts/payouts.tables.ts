import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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

/**
 * Where a payout (« virement ») to the school's bank account stands: `pending` (« En attente »,
 * created, not sent), `sending` (« En cours »: handed to the rail, its lines `in_payout`), `paid`
 * (« Payé »: the bank confirmed, lines `paid`) or `failed` (« Échoué »: lines back to `pending`).
 */
export const payoutStatusValues = ['pending', 'sending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatusValues)[number];

/**
 * One transfer of net amounts to the school's bank account: the `pending` settlement lines of a
 * period (their `payout_id` names it), their totals frozen at creation, the bank details as they
 * were then (account masked), the rail's transfer id once sent. `reference` is
 * `VIR-<year>-<6 digits>`, gap-free per school and year (`payout_counters`).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    reference: text('reference').notNull(),
    status: text('status', { enum: payoutStatusValues }).notNull(),
    /** `manual` or `sandbox` (env PAYOUT_RAIL when it was sent). */
    rail: text('rail'),
    /** The rail's or the bank's transfer id (null until sent). */
    transferId: text('transfer_id'),
    /** The school days the lines belong to (first and last line's day). */
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    providerFee: bigint('provider_fee', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
    paymentCount: integer('payment_count').notNull(),
    /** The bank details when the payout was created (never the full account number). */
    bankName: text('bank_name'),
    accountHolder: text('account_holder'),
    accountMasked: text('account_masked').notNull(),
    /** `schedule` (the job) or `manual` (« Créer un virement »). */
    origin: text('origin', { enum: ['schedule', 'manual'] }).notNull(),
    scheduledFor: date('scheduled_for').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The bank's value date (« date de valeur ») given with « Marquer payé ». */
    valueDate: date('value_date'),
    /** The bank's reference given with « Marquer payé » (may differ from the transfer id). */
    bankReference: text('bank_reference'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /** The member who created it; null for the schedule. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('payouts_reference_key').on(table.organizationId, table.reference),
    index('payouts_created_idx').on(table.organizationId, table.createdAt, table.id),
    index('payouts_status_idx').on(table.organizationId, table.status, table.createdAt),
    check('payouts_status_check', sql`${table.status} in ('pending', 'sending', 'paid', 'failed')`),
    check(
      'payouts_net_check',
      sql`${table.net} = ${table.gross} - ${table.commission} - ${table.providerFee}`,
    ),
  ],
);

/** The last payout number per school and year (locked until commit: gap-free). */
export const payoutCounters = pgTable(
  'payout_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.year] })],
);

export const payoutScheduleValues = ['daily', 'weekly'] as const;
export type PayoutSchedule = (typeof payoutScheduleValues)[number];

/**
 * A school's payout schedule: daily (yesterday's lines and older) or weekly on `weekday`
 * (1 = Monday … 7 = Sunday: the lines of the weeks before), above `minimum_xof`, unless paused.
 * No row = the defaults (weekly, Monday, 1 000 F, not paused).
 */
export const payoutSettings = pgTable(
  'payout_settings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .primaryKey()
      .references(() => organizations.id),
    schedule: text('schedule', { enum: payoutScheduleValues }).notNull(),
    weekday: integer('weekday').notNull(),
    minimumXof: bigint('minimum_xof', { mode: 'number' }).notNull(),
    paused: boolean('paused').notNull().default(false),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payout_settings_schedule_check', sql`${table.schedule} in ('daily', 'weekly')`),
    check('payout_settings_weekday_check', sql`${table.weekday} between 1 and 7`),
    check('payout_settings_minimum_check', sql`${table.minimumXof} >= 0`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayout = typeof payouts.$inferInsert;
export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;
