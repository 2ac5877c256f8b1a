import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request budgets every API process shares (platform/http/rate-limit.ts): one row per budget
 * (a route's, or a named limiter's) and caller (an address, a payment link…), counting the tries
 * of its current window. The caller is kept as a SHA-256, never in clear (addresses are personal
 * data, links are secrets). Not a school's: a budget guards the platform's doors, before anyone
 * knows which school is asked. Expired windows are deleted hourly (`platform.rate-budgets-prune`).
 */
export const rateBudgets = pgTable(
  'rate_budgets',
  {
    /** The route (`POST /api/auth/login`) or the limiter it counts for. */
    scope: text('scope').notNull(),
    /** SHA-256 (hex) of the rate limiter's key: the caller's address, or the route's own key. */
    keyHash: text('key_hash').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.keyHash] }),
    index('rate_budgets_window_ends_at_idx').on(table.windowEndsAt),
  ],
);
