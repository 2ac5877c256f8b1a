import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
 * A cashier's session at the desk (« caisse »): opened with a float, closed by counting the cash.
 * `expected_cash` and `difference` are frozen at closing (counted − expected, negative when cash
 * is missing). One open session per cashier.
 */
export const cashSessions = pgTable(
  'cash_sessions',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    cashierUserId: uuid('cashier_user_id').notNull(),
    cashierName: text('cashier_name').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    openingFloat: bigint('opening_float', { mode: 'number' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    expectedCash: bigint('expected_cash', { mode: 'number' }),
    countedCash: bigint('counted_cash', { mode: 'number' }),
    difference: bigint('difference', { mode: 'number' }),
    closingComment: text('closing_comment'),
  },
  (table) => [
    // The school leads the key, so the table can be distributed by school (db-distribution).
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex('cash_sessions_one_open_key')
      .on(table.organizationId, table.cashierUserId)
      .where(sql`${table.status} = 'open'`),
    index('cash_sessions_organization_opened_idx').on(table.organizationId, table.openedAt),
    check('cash_sessions_float_check', sql`${table.openingFloat} >= 0`),
    check(
      'cash_sessions_counted_check',
      sql`${table.countedCash} is null or ${table.countedCash} >= 0`,
    ),
    check('cash_sessions_status_check', sql`${table.status} in ('open', 'closed')`),
  ],
);

export type CashSessionRow = typeof cashSessions.$inferSelect;
