import {
  reconciliationKindValues,
  reconciliationResolutionValues,
  reconciliationStatusValues,
  statementLineOutcomeValues,
  statementSourceValues,
} from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
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

/**
 * A provider's (or the bank's) statement file as imported: its period, its content hash (the same
 * file twice is refused), its totals and what matching found. Its lines are kept apart.
 */
export const providerStatements = pgTable(
  'provider_statements',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    source: text('source', { enum: statementSourceValues }).notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes. */
    contentHash: text('content_hash').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    lineCount: integer('line_count').notNull(),
    creditTotal: bigint('credit_total', { mode: 'number' }).notNull(),
    debitTotal: bigint('debit_total', { mode: 'number' }).notNull(),
    feeTotal: bigint('fee_total', { mode: 'number' }).notNull(),
    matchedCount: integer('matched_count').notNull().default(0),
    differenceCount: integer('difference_count').notNull().default(0),
    incomingCreditCount: integer('incoming_credit_count').notNull().default(0),
    importedBy: uuid('imported_by'),
    importedByLabel: text('imported_by_label'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('provider_statements_hash_key').on(
      table.organizationId,
      table.source,
      table.contentHash,
    ),
    index('provider_statements_imported_idx').on(table.organizationId, table.importedAt),
  ],
);

/**
 * One line of a statement, in our words: the provider's transaction id, our reference as the
 * provider echoes it, when, how much (always positive, with its direction), the fee, and what
 * matching found (`outcome`, the payment or payout it is). A provider's transaction id is unique
 * per school and source: the same transaction in a second statement is refused, never matched twice.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    organizationId: uuid('organization_id').notNull(),
    statementId: uuid('statement_id').notNull(),
    /** Line number in the file (the header is line 1). */
    lineNo: integer('line_no').notNull(),
    source: text('source', { enum: statementSourceValues }).notNull(),
    providerTxnId: text('provider_txn_id'),
    ourReference: text('our_reference'),
    /** Our reference read as a payment attempt's id, when it is one. */
    attemptRef: uuid('attempt_ref'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** payment, refund, payout, transfer, other: the provider's own word kept in `raw`. */
    type: text('type').notNull(),
    counterparty: text('counterparty'),
    raw: text('raw').notNull(),
    outcome: text('outcome', { enum: statementLineOutcomeValues }),
    paymentId: uuid('payment_id'),
    payoutId: uuid('payout_id'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.statementId, table.lineNo] }),
    foreignKey({
      columns: [table.organizationId, table.statementId],
      foreignColumns: [providerStatements.organizationId, providerStatements.id],
      name: 'statement_lines_statement_fk',
    }),
    uniqueIndex('statement_lines_txn_key')
      .on(table.organizationId, table.source, table.providerTxnId)
      .where(sql`${table.providerTxnId} is not null`),
    index('statement_lines_payment_idx')
      .on(table.organizationId, table.paymentId)
      .where(sql`${table.paymentId} is not null`),
    index('statement_lines_day_idx').on(table.organizationId, table.day),
  ],
);

/**
 * The mismatch queue: one difference found by matching, open until someone resolves it with a
 * note (and, for a fee accepted, an adjustment posting). A payment is « here only » once.
 */
export const reconciliationItems = pgTable(
  'reconciliation_items',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    statementId: uuid('statement_id'),
    source: text('source', { enum: statementSourceValues }).notNull(),
    kind: text('kind', { enum: reconciliationKindValues }).notNull(),
    status: text('status', { enum: reconciliationStatusValues }).notNull().default('open'),
    lineNo: integer('line_no'),
    paymentId: uuid('payment_id'),
    /** The payment's wallet (the account a fee adjustment credits). */
    wallet: text('wallet'),
    reference: text('reference'),
    providerTxnId: text('provider_txn_id'),
    day: date('day'),
    statementAmount: bigint('statement_amount', { mode: 'number' }),
    ourAmount: bigint('our_amount', { mode: 'number' }),
    statementFee: bigint('statement_fee', { mode: 'number' }),
    ourFee: bigint('our_fee', { mode: 'number' }),
    resolution: text('resolution', { enum: reconciliationResolutionValues }),
    note: text('note'),
    resolvedBy: uuid('resolved_by'),
    resolvedByLabel: text('resolved_by_label'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ledgerTransactionId: uuid('ledger_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.statementId],
      foreignColumns: [providerStatements.organizationId, providerStatements.id],
      name: 'reconciliation_items_statement_fk',
    }),
    uniqueIndex('reconciliation_items_here_only_key')
      .on(table.organizationId, table.paymentId)
      .where(sql`${table.kind} = 'here_only'`),
    index('reconciliation_items_queue_idx').on(
      table.organizationId,
      table.status,
      table.kind,
      table.createdAt,
    ),
    index('reconciliation_items_statement_idx').on(table.organizationId, table.statementId),
  ],
);

export type ProviderStatementRow = typeof providerStatements.$inferSelect;
export type ReconciliationItemRow = typeof reconciliationItems.$inferSelect;
