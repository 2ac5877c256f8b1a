import {
  incomingCreditMatchValues,
  incomingCreditSourceValues,
  incomingCreditStatusValues,
} from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';
import { guardians, students } from '../../students/students.tables';
import { paymentAttempts } from '../payments.tables';

/**
 * Money that reached the school without being asked for (« à affecter »): a merchant payment a
 * parent made from the wallet's own menu, a statement line, a bank transfer. One row per
 * (school, provider, provider's transaction id): a second notice of the same credit changes
 * nothing. `matched` and `assigned` credits name the succeeded payment they became; `to_assign`
 * money sits in 4712 until a member assigns it or returns it to the sender.
 */
export const incomingCredits = pgTable(
  'incoming_credits',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    source: text('source', { enum: incomingCreditSourceValues }).notNull(),
    /** The provider (wave, mtn…) or, for a bank statement, the bank's name as the statement gives it. */
    provider: text('provider').notNull(),
    /** The wallet or method the money came through (WAVE, MTN, BANK_TRANSFER…), when known. */
    wallet: text('wallet'),
    providerTxnId: text('provider_txn_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('XOF'),
    /** What the sender typed (the matricule, however spelt), as received. */
    reference: text('reference'),
    payerPhone: text('payer_phone'),
    payerName: text('payer_name'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: incomingCreditStatusValues }).notNull(),
    matchedBy: text('matched_by', { enum: incomingCreditMatchValues }),
    studentId: uuid('student_id'),
    guardianId: uuid('guardian_id'),
    paymentId: uuid('payment_id'),
    /** The ledger transaction that put waiting money in 4712 (reversed when it leaves). */
    suspenseTransactionId: uuid('suspense_transaction_id'),
    /**
     * The provider notification it came from (source `provider_notification`). No foreign key:
     * provider events are a platform queue kept on the coordinator when the schools are
     * distributed, and a distributed table cannot reference such a table (db-distribution).
     */
    eventId: uuid('event_id'),
    assignedBy: text('assigned_by'),
    assignedByUserId: uuid('assigned_by_user_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The school leads the key, so the table can be distributed by school (db-distribution).
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('incoming_credits_provider_txn_key').on(
      table.organizationId,
      table.provider,
      table.providerTxnId,
    ),
    uniqueIndex('incoming_credits_payment_key')
      .on(table.organizationId, table.paymentId)
      .where(sql`${table.paymentId} is not null`),
    index('incoming_credits_organization_status_received_idx').on(
      table.organizationId,
      table.status,
      table.receivedAt,
    ),
    index('incoming_credits_organization_received_idx').on(table.organizationId, table.receivedAt),
    foreignKey({
      columns: [table.organizationId, table.studentId],
      foreignColumns: [students.organizationId, students.id],
      name: 'incoming_credits_student_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.guardianId],
      foreignColumns: [guardians.organizationId, guardians.id],
      name: 'incoming_credits_guardian_fk',
    }),
    foreignKey({
      columns: [table.organizationId, table.paymentId],
      foreignColumns: [paymentAttempts.organizationId, paymentAttempts.id],
      name: 'incoming_credits_payment_fk',
    }),
    check('incoming_credits_amount_check', sql`${table.amount} > 0`),
    check(
      'incoming_credits_status_check',
      sql`${table.status} in ('matched', 'to_assign', 'assigned', 'returned')`,
    ),
    check(
      'incoming_credits_payment_check',
      sql`(${table.status} in ('matched', 'assigned')) = (${table.paymentId} is not null)`,
    ),
  ],
);

/**
 * A school's merchant account at a provider (Wave's merchant id, a short code…): how a payment a
 * customer started from the wallet's menu finds its school. A code belongs to one school.
 */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: uuid('id').notNull().primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    provider: text('provider').notNull(),
    merchantCode: text('merchant_code').notNull(),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Across schools: the notification names the code only.
    uniqueIndex('merchant_accounts_provider_code_key').on(table.provider, table.merchantCode),
    index('merchant_accounts_organization_idx').on(table.organizationId),
  ],
);

export type IncomingCreditRow = typeof incomingCredits.$inferSelect;
export type MerchantAccountRow = typeof merchantAccounts.$inferSelect;
