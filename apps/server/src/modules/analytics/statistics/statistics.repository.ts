import type { AgeingBucket } from '@ecolage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { splitRange, type DayRange } from './statistics-period';

/**
 * The rollups' reads of « Statistiques » (`collection_facts`, `collection_months_by_programme`,
 * `collection_months_by_age`, `collection_months`, `receivable_days`: rollups/rollups.tables.ts),
 * each an index scan led by the school.
 */

/** The screen's filters as the rollups' columns. */
export interface RollupFilters {
  programmeId?: string | undefined;
  /** Birth years kept (both ends included), from the age range and the period's year. */
  birthYears?: { from: number; to: number } | null;
  source?: string | undefined;
  provider?: string | undefined;
}

/**
 * The filters that apply to a table: programme and age everywhere; source and provider only to
 * money received (`money`), never to what is due — an invoice is not paid through a source.
 */
function filterSql(filters: RollupFilters, money: boolean): SQL {
  const parts: SQL[] = [];
  if (filters.programmeId) parts.push(sql`and programme_id = ${filters.programmeId}`);
  if (filters.birthYears) {
    parts.push(sql`and birth_year between ${filters.birthYears.from} and ${filters.birthYears.to}`);
  }
  if (money && filters.source) parts.push(sql`and source = ${filters.source}`);
  if (money && filters.provider) parts.push(sql`and provider = ${filters.provider}`);
  return sql.join(parts, sql` `);
}

/** Money received in one month, for one programme, through one channel. */
export interface MoneyCell {
  /** The month's first day. */
  month: string;
  programmeId: string | null;
  channel: string;
  amount: number;
  payments: number;
  /** Σ amount of the slices paid against a due date, and Σ amount × days late. */
  laggedAmount: number;
  lagWeighted: number;
  slices: number;
}

/**
 * The smallest months rollup that has every filtered column: without an age filter, the months by
 * programme (a few rows a month); with one, the months by age (programme × birth year × channel),
 * or, when a source or provider is filtered too, `collection_months` (every dimension).
 */
function monthsTable(filters: RollupFilters): string {
  if (!filters.birthYears) return 'collection_months_by_programme';
  if (filters.source || filters.provider) return 'collection_months';
  return 'collection_months_by_age';
}

/**
 * Money received over `range` under the filters, per month, programme and channel: the whole
 * months from the smallest months rollup that fits the filters (`monthsTable`), a partial month's
 * days from `collection_facts` (added, or taken off the whole month: `splitRange`), so « Année à ce jour » compares exactly the same days a year
 * apart.
 */
export async function moneyCells(
  db: DbOrTx,
  organizationId: string,
  range: DayRange,
  filters: RollupFilters,
): Promise<MoneyCell[]> {
  const split = splitRange(range);
  const where = filterSql(filters, true);
  const branches: SQL[] = [];
  if (split.months) {
    const months = sql.raw(monthsTable(filters));
    branches.push(sql`
      select month, programme_id, channel, sum(amount) as amount, sum(payments) as payments,
        sum(lagged_amount) as lagged_amount, sum(lag_weighted) as lag_weighted,
        sum(slices) as slices
      from ${months}
      where organization_id = ${organizationId}
        and month >= ${split.months.from}::date and month < ${split.months.until}::date ${where}
      group by month, programme_id, channel`);
  }
  const dayBranch = (days: DayRange, sign: SQL) => sql`
      select date_trunc('month', day)::date as month, programme_id, channel,
        ${sign} * sum(amount) as amount, ${sign} * sum(payments) as payments,
        ${sign} * coalesce(sum(amount) filter (where lag_days is not null), 0) as lagged_amount,
        ${sign} * coalesce(sum(amount * lag_days), 0) as lag_weighted,
        ${sign} * count(*) as slices
      from collection_facts
      where organization_id = ${organizationId}
        and day between ${days.from}::date and ${days.to}::date ${where}
      group by 1, programme_id, channel`;
  for (const days of split.add) branches.push(dayBranch(days, sql.raw('1')));
  for (const days of split.subtract) branches.push(dayBranch(days, sql.raw('-1')));
  const { rows } = await db.execute<{
    month: string;
    programme_id: string | null;
    channel: string;
    amount: string;
    payments: string;
    lagged_amount: string;
    lag_weighted: string;
    slices: string;
  }>(sql`
    select to_char(month, 'YYYY-MM-DD') as month, programme_id, channel,
      sum(amount)::text as amount, sum(payments)::text as payments,
      sum(lagged_amount)::text as lagged_amount, sum(lag_weighted)::text as lag_weighted,
      sum(slices)::text as slices
    from (${sql.join(branches, sql` union all `)}) as cells
    group by month, programme_id, channel`);
  return rows.map((row) => ({
    month: row.month,
    programmeId: row.programme_id,
    channel: row.channel,
    amount: Number(row.amount),
    payments: Number(row.payments),
    laggedAmount: Number(row.lagged_amount),
    lagWeighted: Number(row.lag_weighted),
    slices: Number(row.slices),
  }));
}

/** What fell due for one programme and level, and what of it is paid and open now. */
export interface DueCell {
  programmeId: string | null;
  levelId: string | null;
  invoices: number;
  total: number;
  paid: number;
  /** Open balance of what fell due before `today`. */
  overdue: number;
}

/**
 * Invoices due from `range.from` to `range.to` (never after today: the collection rate is of
 * what has fallen due), per programme and level, with what is paid and open now. Source and
 * provider do not apply (what is due has no source).
 */
export async function dueCells(
  db: DbOrTx,
  organizationId: string,
  range: DayRange,
  today: string,
  filters: RollupFilters,
): Promise<DueCell[]> {
  const to = range.to < today ? range.to : today;
  const { rows } = await db.execute<{
    programme_id: string | null;
    level_id: string | null;
    invoices: string;
    total: string;
    paid: string;
    overdue: string;
  }>(sql`
    select programme_id, level_id, sum(invoices)::text as invoices, sum(total)::text as total,
      sum(paid)::text as paid,
      (coalesce(sum(open) filter (where due_on < ${today}::date), 0))::text as overdue
    from receivable_days
    where organization_id = ${organizationId}
      and due_on between ${range.from}::date and ${to}::date ${filterSql(filters, false)}
    group by programme_id, level_id`);
  return rows.map((row) => ({
    programmeId: row.programme_id,
    levelId: row.level_id,
    invoices: Number(row.invoices),
    total: Number(row.total),
    paid: Number(row.paid),
    overdue: Number(row.overdue),
  }));
}

/**
 * Open balances today by days past due: not yet due (due today or later), 1–30 days, 31–60,
 * 61–90, over 90. Every due day of the school (an open balance is open whatever the period).
 */
export async function ageingBuckets(
  db: DbOrTx,
  organizationId: string,
  today: string,
  filters: RollupFilters,
): Promise<Map<AgeingBucket, { amount: number; invoices: number }>> {
  const { rows } = await db.execute<{ bucket: AgeingBucket; amount: string; invoices: string }>(
    sql`
    select case
        when due_on >= ${today}::date then 'not_due'
        when ${today}::date - due_on <= 30 then 'days_0_30'
        when ${today}::date - due_on <= 60 then 'days_31_60'
        when ${today}::date - due_on <= 90 then 'days_61_90'
        else 'over_90'
      end as bucket,
      sum(open)::text as amount, sum(open_invoices)::text as invoices
    from receivable_days
    where organization_id = ${organizationId} and open_invoices > 0 ${filterSql(filters, false)}
    group by 1`,
  );
  return new Map(
    rows.map((row) => [row.bucket, { amount: Number(row.amount), invoices: Number(row.invoices) }]),
  );
}

/**
 * The calendar years the school has money received or invoices due in, from its rollups: one
 * index probe per year (the first month or due day of each year), not a scan of the rows.
 */
export async function rollupYears(db: DbOrTx, organizationId: string): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    with recursive month_years(first) as (
      select min(month) from collection_months_by_programme
      where organization_id = ${organizationId}
      union all
      select (select min(month) from collection_months_by_programme
              where organization_id = ${organizationId}
                and month >= (date_trunc('year', first) + interval '1 year')::date)
      from month_years where first is not null
    ), due_years(first) as (
      select min(due_on) from receivable_days where organization_id = ${organizationId}
      union all
      select (select min(due_on) from receivable_days
              where organization_id = ${organizationId}
                and due_on >= (date_trunc('year', first) + interval '1 year')::date)
      from due_years where first is not null
    )
    select distinct extract(year from first)::int as year
    from (select first from month_years union all select first from due_years) as years
    where first is not null`);
  return rows.map((row) => Number(row.year));
}
