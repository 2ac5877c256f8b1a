import {
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';
import { ledgerTransactions } from '../ledger.tables';

/**
 * The entry number a transaction received when it was validated (numbered for the journal's
 * exports): sequential per journal and fiscal year, gap-free, never reused (`VE2026-000001`).
 * Written once by `validateLedgerThrough`, never changed (like the ledger itself).
 */
export const ledgerEntryNumbers = pgTable(
  'ledger_entry_numbers',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    transactionId: uuid('transaction_id').notNull(),
    journal: text('journal').notNull(),
    /** The fiscal year (the calendar year of the entry's date, SYSCOHADA's 1 January–31 December). */
    fiscalYear: integer('fiscal_year').notNull(),
    number: integer('number').notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.transactionId] }),
    foreignKey({
      columns: [table.organizationId, table.transactionId],
      foreignColumns: [ledgerTransactions.organizationId, ledgerTransactions.id],
      name: 'ledger_entry_numbers_transaction_fk',
    }),
    uniqueIndex('ledger_entry_numbers_sequence_key').on(
      table.organizationId,
      table.journal,
      table.fiscalYear,
      table.number,
    ),
  ],
);

/** The last number given per journal and fiscal year (the next one is +1). */
export const ledgerJournalCounters = pgTable(
  'ledger_journal_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    journal: text('journal').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.journal, table.fiscalYear] })],
);

export type LedgerEntryNumberRow = typeof ledgerEntryNumbers.$inferSelect;
