import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables';

/**
 * The payment providers' merchant fees, from a date (platform-level: the same for every school).
 * Appended, never updated: a change is a new row from its day, so the fee of a payment is computed
 * with the rate in force when it was made (`providerFeeRateAt`). `wallet` null means every wallet
 * of the provider; a wallet's own row wins over it. Defaults come from the migration
 * (docs/decisions/0019-platform-operator.md says where each figure comes from).
 */
export const providerFeeRates = pgTable(
  'provider_fee_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', {
      enum: ['paygate', 'fedapay', 'mtn', 'orange', 'wave'],
    }).notNull(),
    wallet: text('wallet', { enum: ['YAS_TG', 'MOOV_TG', 'MTN', 'ORANGE', 'WAVE', 'CARD'] }),
    /** Percentage of the amount in basis points (250 = 2,5 %). */
    percentBp: integer('percent_bp').notNull(),
    /** Fixed francs per payment. */
    fixedXof: integer('fixed_xof').notNull().default(0),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** Where the figure comes from (published page, contract…). */
    note: text('note'),
    /** The operator who entered it; null for the migration's defaults. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves « the rate in force at D »: the newest row from on or before D.
    index('provider_fee_rates_lookup_idx').on(table.provider, table.wallet, table.effectiveFrom),
    // One rate per provider, wallet (or all) and instant.
    unique('provider_fee_rates_key')
      .on(table.provider, table.wallet, table.effectiveFrom)
      .nullsNotDistinct(),
    check('provider_fee_rates_percent_check', sql`${table.percentBp} between 0 and 10000`),
    check('provider_fee_rates_fixed_check', sql`${table.fixedXof} >= 0`),
    check(
      'provider_fee_rates_provider_check',
      sql`${table.provider} in ('paygate', 'fedapay', 'mtn', 'orange', 'wave')`,
    ),
  ],
);

export type ProviderFeeRateRow = typeof providerFeeRates.$inferSelect;
