import { date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';

/**
 * A closure of the school's books: nothing may be posted dated on or before `closed_through`
 * (a trigger on `ledger_transactions` refuses it, migration `ledger_period_closures`). Closures
 * only move forward; the latest is the one in force.
 */
export const ledgerPeriodClosures = pgTable(
  'ledger_period_closures',
  {
    id: uuid('id').notNull().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    closedThrough: date('closed_through').notNull(),
    /** Who closed it (a member's user id) and their name as the audit shows it. */
    closedBy: uuid('closed_by'),
    closedByLabel: text('closed_by_label').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index('ledger_period_closures_through_idx').on(table.organizationId, table.closedThrough),
  ],
);

export type LedgerPeriodClosureRow = typeof ledgerPeriodClosures.$inferSelect;
