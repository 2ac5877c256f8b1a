import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables';

/**
 * One accounting fact of a school: a balanced set of entries (debits = credits), immutable once
 * written (a correction is a new, reversing transaction). The idempotency key makes posting the
 * same fact twice a no-op (`payment:<attempt id>:succeeded`).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Journal code (SYSCOHADA practice): VE sales, OD miscellaneous, CA1 cash desk, MM1 wallet… */
    journal: text('journal').notNull(),
    /** The school day the fact belongs to. */
    entryDate: date('entry_date').notNull(),
    label: text('label').notNull(),
    /** The piece it comes from: invoice or receipt number, provider reference. */
    pieceRef: text('piece_ref'),
    /** What caused it, for the payment timeline: `payment`, `refund`, `cash_session`… */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    /** When it reverses another transaction. */
    reversesId: uuid('reverses_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('ledger_transactions_idempotency_key').on(
      table.organizationId,
      table.idempotencyKey,
    ),
    index('ledger_transactions_organization_date_idx').on(table.organizationId, table.entryDate),
    index('ledger_transactions_source_idx').on(table.organizationId, table.sourceId),
  ],
);

/** One line of a transaction: an account (SYSCOHADA number), an optional third party, a side. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    transactionId: uuid('transaction_id').notNull(),
    /** `4111`, `5521`, `571`… */
    account: text('account').notNull(),
    /** Third party (compte de tiers): the student's matricule on 411/419, else null. */
    auxiliary: text('auxiliary'),
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.transactionId],
      foreignColumns: [ledgerTransactions.organizationId, ledgerTransactions.id],
      name: 'ledger_entries_transaction_fk',
    }),
    index('ledger_entries_transaction_idx').on(table.organizationId, table.transactionId),
    index('ledger_entries_account_idx').on(table.organizationId, table.account, table.auxiliary),
    check(
      'ledger_entries_one_side_check',
      sql`${table.debit} >= 0 and ${table.credit} >= 0 and (${table.debit} = 0) <> (${table.credit} = 0)`,
    ),
  ],
);

export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
