import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The test clock (TEST_CLOCK=enabled only: end-to-end journeys and demos): one row, how far the
 * application's « now » is from the real time. Read by `currentTime`; never used otherwise.
 */
export const testClock = pgTable(
  'test_clock',
  {
    id: integer('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('test_clock_one_row', sql`${table.id} = 1`)],
);
