import type { ProviderValue, WalletValue } from '@ecolage/contracts';
import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { providerFeeRates, type ProviderFeeRateRow } from '../operator.tables';

export async function insertProviderFeeRate(
  db: DbOrTx,
  values: Pick<
    ProviderFeeRateRow,
    'provider' | 'wallet' | 'percentBp' | 'fixedXof' | 'effectiveFrom' | 'note' | 'createdBy'
  >,
): Promise<ProviderFeeRateRow> {
  const [row] = await db.insert(providerFeeRates).values(values).returning();
  if (!row) throw new Error('provider fee rate not inserted');
  return row;
}

/** Every rate ever entered, by provider, wallet (provider-wide first), newest first. */
export function listProviderFeeRates(db: DbOrTx): Promise<ProviderFeeRateRow[]> {
  return db
    .select()
    .from(providerFeeRates)
    .orderBy(
      asc(providerFeeRates.provider),
      sql`${providerFeeRates.wallet} asc nulls first`,
      desc(providerFeeRates.effectiveFrom),
    );
}

/**
 * The rate of a payment made with `wallet` through `provider` at `at`: the newest rate of that
 * wallet from on or before `at`, else the newest provider-wide one; undefined when none applies
 * (the provider's rate was never entered).
 */
export async function findProviderFeeRateAt(
  db: DbOrTx,
  provider: ProviderValue,
  wallet: WalletValue | null,
  at: Date,
): Promise<ProviderFeeRateRow | undefined> {
  const [row] = await db
    .select()
    .from(providerFeeRates)
    .where(
      and(
        eq(providerFeeRates.provider, provider),
        wallet
          ? or(eq(providerFeeRates.wallet, wallet), isNull(providerFeeRates.wallet))
          : isNull(providerFeeRates.wallet),
        lte(providerFeeRates.effectiveFrom, at),
      ),
    )
    // The wallet's own rate before the provider-wide one, then the newest.
    .orderBy(sql`${providerFeeRates.wallet} asc nulls last`, desc(providerFeeRates.effectiveFrom))
    .limit(1);
  return row;
}
