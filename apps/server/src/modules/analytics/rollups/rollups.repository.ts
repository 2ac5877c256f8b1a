import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentSlicesSelect, receivableDaysSelect } from './payment-slices.reads';
import { statisticsRefreshState } from './rollups.tables';

const FACT_COLUMNS = sql.raw(`organization_id, attempt_id, slice, day, programme_id, level_id,
  birth_year, source, provider, channel, amount, payments, lag_days`);
const RECEIVABLE_COLUMNS = sql.raw(`organization_id, due_on, programme_id, level_id, birth_year,
  invoices, open_invoices, total, paid, open`);

/**
 * Replaces these payments' slices: one delete and one insert (the months follow by the triggers
 * of migrations 0045, 0049 and 0052). Returns the slices written.
 */
export async function replacePaymentFacts(
  db: DbOrTx,
  organizationId: string,
  attemptIds: readonly string[],
  channels: ReadonlyMap<string, string>,
): Promise<number> {
  if (attemptIds.length === 0) return 0;
  await db.execute(sql`delete from collection_facts where organization_id = ${organizationId}
    and attempt_id = any(${sql.param([...attemptIds])}::uuid[])`);
  const inserted = await db.execute(sql`insert into collection_facts (${FACT_COLUMNS})
    ${paymentSlicesSelect(organizationId, attemptIds, channels)}`);
  return inserted.rowCount ?? 0;
}

/** Every slice of the school goes (a full rebuild starts from nothing). */
export async function clearPaymentFacts(db: DbOrTx, organizationId: string): Promise<void> {
  await db.execute(sql`delete from collection_facts where organization_id = ${organizationId}`);
}

/**
 * While on (this transaction only), the statement triggers on `collection_facts` leave the months
 * alone (migration 0049): a school's first build inserts its slices, then `rebuildSchoolMonths`.
 * Only under the school's lock, and always switched off again before anything else writes facts.
 */
export async function deferCollectionMonths(db: DbOrTx, deferred: boolean): Promise<void> {
  await db.execute(
    sql`select set_config('ecolage.collection_months_deferred', ${deferred ? 'on' : 'off'}, true)`,
  );
}

const MONTH_SUMS = sql.raw(`count(*), sum(amount), sum(payments),
  coalesce(sum(amount) filter (where lag_days is not null), 0), coalesce(sum(amount * lag_days), 0)`);

/**
 * The school's months summed again from its slices at once (`collection_facts` GROUP BY), the
 * coarser months (by programme, by age) from the finer.
 */
export async function rebuildSchoolMonths(db: DbOrTx, organizationId: string): Promise<void> {
  await db.execute(sql`delete from collection_months where organization_id = ${organizationId}`);
  await db.execute(
    sql`delete from collection_months_by_programme where organization_id = ${organizationId}`,
  );
  await db.execute(
    sql`delete from collection_months_by_age where organization_id = ${organizationId}`,
  );
  await db.execute(sql`insert into collection_months (organization_id, month, programme_id,
      birth_year, source, provider, channel, slices, amount, payments, lagged_amount, lag_weighted)
    select organization_id, date_trunc('month', day)::date, programme_id, birth_year, source,
      provider, channel, ${MONTH_SUMS}
    from collection_facts where organization_id = ${organizationId}
    group by 1, 2, 3, 4, 5, 6, 7`);
  await db.execute(sql`insert into collection_months_by_programme (organization_id, month,
      programme_id, source, provider, channel, slices, amount, payments, lagged_amount, lag_weighted)
    select organization_id, month, programme_id, source, provider, channel, sum(slices),
      sum(amount), sum(payments), sum(lagged_amount), sum(lag_weighted)
    from collection_months where organization_id = ${organizationId}
    group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`insert into collection_months_by_age (organization_id, month, programme_id,
      birth_year, channel, slices, amount, payments, lagged_amount, lag_weighted)
    select organization_id, month, programme_id, birth_year, channel, sum(slices), sum(amount),
      sum(payments), sum(lagged_amount), sum(lag_weighted)
    from collection_months where organization_id = ${organizationId}
    group by 1, 2, 3, 4, 5`);
}

/** Replaces the receivable rows of these due days (or all of the school's). */
export async function replaceReceivableDays(
  db: DbOrTx,
  organizationId: string,
  dueDays: readonly string[] | 'all',
): Promise<void> {
  if (dueDays !== 'all' && dueDays.length === 0) return;
  const onDays =
    dueDays === 'all' ? sql`` : sql`and due_on = any(${sql.param([...dueDays])}::date[])`;
  await db.execute(
    sql`delete from receivable_days where organization_id = ${organizationId} ${onDays}`,
  );
  await db.execute(sql`insert into receivable_days (${RECEIVABLE_COLUMNS})
    ${receivableDaysSelect(organizationId, dueDays)}`);
}

/**
 * Holds the school's statistics until the transaction ends: two refreshes (or a refresh and a
 * payment's handler) never rebuild the same rows at once.
 */
export async function lockSchoolStatistics(db: DbOrTx, organizationId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`statistics:${organizationId}`}, 0))`,
  );
}

/** One more rebuild of the school's slices or receivable rows (the forecast's memo key). */
export async function bumpStatisticsVersion(db: DbOrTx, organizationId: string): Promise<void> {
  await db.execute(sql`insert into statistics_refresh_state (organization_id, version)
    values (${organizationId}, 1)
    on conflict (organization_id) do update set version = statistics_refresh_state.version + 1`);
}

export interface RefreshWatermarks {
  paymentsThrough: Date | null;
  invoicesThrough: Date | null;
}

export async function findWatermarks(
  db: DbOrTx,
  organizationId: string,
): Promise<RefreshWatermarks | undefined> {
  const [row] = await db
    .select({
      paymentsThrough: statisticsRefreshState.paymentsThrough,
      invoicesThrough: statisticsRefreshState.invoicesThrough,
    })
    .from(statisticsRefreshState)
    .where(eq(statisticsRefreshState.organizationId, organizationId));
  return row;
}

/**
 * Moves the school's watermarks to `through` (never back) and notes the refresh. `through` is
 * read from the database's clock, as the `updated_at` it is compared with.
 */
export async function saveWatermarks(
  db: DbOrTx,
  organizationId: string,
  through: Date,
  refreshedAt: Date,
): Promise<void> {
  await db.execute(sql`insert into statistics_refresh_state
      (organization_id, payments_through, invoices_through, refreshed_at)
    values (${organizationId}, ${through.toISOString()}::timestamptz,
      ${through.toISOString()}::timestamptz, ${refreshedAt.toISOString()}::timestamptz)
    on conflict (organization_id) do update set
      payments_through = greatest(statistics_refresh_state.payments_through, excluded.payments_through),
      invoices_through = greatest(statistics_refresh_state.invoices_through, excluded.invoices_through),
      refreshed_at = excluded.refreshed_at`);
}

/**
 * The instant changes are read up to: the transaction's start less a minute, so that a change
 * whose transaction began before and committed after this one is read again next time.
 */
export async function safeWatermark(db: DbOrTx): Promise<Date> {
  const result = await db.execute<{ ms: string }>(
    sql`select floor(extract(epoch from now() - interval '1 minute') * 1000)::bigint as ms`,
  );
  return new Date(Number(result.rows[0]!.ms));
}
