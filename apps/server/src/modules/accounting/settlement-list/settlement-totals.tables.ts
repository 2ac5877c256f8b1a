import { bigint, date, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../../organizations/organizations.tables';

/**
 * The « Comptabilité » list's totals, rolled up: one row per school, day, provider, wallet,
 * status and payout with the count and sums of its `payment_settlements` lines. Kept right by
 * statement triggers on `payment_settlements` (migration 0042_settlement_list_totals_triggers_indexes: insert,
 * update, delete, truncate), so whoever writes the lines keeps it right without knowing of it;
 * the totals of a period, provider, status or payout are a sum over a few thousand rows instead
 * of over every line. Rows whose count falls to zero are removed.
 */
export const settlementDayTotals = pgTable(
  'settlement_day_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    day: date('day').notNull(),
    provider: text('provider').notNull(),
    wallet: text('wallet').notNull(),
    status: text('status').notNull(),
    /** Null for the lines in no payout (pending, at the desk). */
    payoutId: uuid('payout_id'),
    lineCount: bigint('line_count', { mode: 'number' }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    providerFee: bigint('provider_fee', { mode: 'number' }).notNull(),
    net: bigint('net', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('settlement_day_totals_key')
      .on(
        table.organizationId,
        table.day,
        table.provider,
        table.wallet,
        table.status,
        table.payoutId,
      )
      .nullsNotDistinct(),
    index('settlement_day_totals_payout_idx').on(table.organizationId, table.payoutId),
  ],
);

export type SettlementDayTotalsRow = typeof settlementDayTotals.$inferSelect;
