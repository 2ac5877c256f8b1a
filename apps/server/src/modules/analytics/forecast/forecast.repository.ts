import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { collectionFacts, receivableDays, statisticsRefreshState } from '../rollups/rollups.tables';
import type { DueDay, OpenDueDay, PaidCell } from './forecast-model';

// Days as whole numbers since 1970-01-01: lags become subtractions, rows stay small.
const epoch = sql`date '1970-01-01'`;

/**
 * What the invoices received, per due day and payment day, summed in SQL: the invoice slices of
 * `collection_facts` (their due day is the payment's day less its lag). One school, or every
 * school pooled for the platform's curve (an aggregate: no school's figures leave it).
 */
export async function paidCells(db: DbOrTx, organizationId: string | null): Promise<PaidCell[]> {
  const due = sql`(${collectionFacts.day} - ${collectionFacts.lagDays})`;
  const rows = await db
    .select({
      due: sql<number>`(${due} - ${epoch})`,
      day: sql<number>`(${collectionFacts.day} - ${epoch})`,
      amount: sql<string>`sum(${collectionFacts.amount})`,
    })
    .from(collectionFacts)
    .where(
      and(
        isNotNull(collectionFacts.lagDays),
        organizationId === null ? undefined : eq(collectionFacts.organizationId, organizationId),
      ),
    )
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ due: row.due, day: row.day, amount: Number(row.amount) }));
}

/** Invoices per due day (every school's when `organizationId` is null): the curve's divisors. */
export async function dueDays(db: DbOrTx, organizationId: string | null): Promise<DueDay[]> {
  const rows = await db
    .select({
      due: sql<number>`(${receivableDays.dueOn} - ${epoch})`,
      invoices: sql<string>`sum(${receivableDays.invoices})`,
      total: sql<string>`sum(${receivableDays.total})`,
    })
    .from(receivableDays)
    .where(organizationId === null ? undefined : eq(receivableDays.organizationId, organizationId))
    .groupBy(sql`1`);
  return rows.map((row) => ({
    due: row.due,
    invoices: Number(row.invoices),
    total: Number(row.total),
  }));
}

/**
 * What is open now per due day, and Σ residual² for the analytical band: within a rollup row
 * (due day × programme × level × birth year) the open invoices are taken as equal (open² / open
 * invoices), a slight understatement when some are partly paid.
 */
export async function openDueDays(db: DbOrTx, organizationId: string): Promise<OpenDueDay[]> {
  const rows = await db
    .select({
      due: sql<number>`(${receivableDays.dueOn} - ${epoch})`,
      open: sql<string>`sum(${receivableDays.open})`,
      squares: sql<number>`coalesce(sum(${receivableDays.open}::float8 * ${receivableDays.open}
        / nullif(${receivableDays.openInvoices}, 0)), 0)::float8`,
    })
    .from(receivableDays)
    .where(and(eq(receivableDays.organizationId, organizationId), sql`${receivableDays.open} > 0`))
    .groupBy(sql`1`);
  return rows.map((row) => ({ due: row.due, open: Number(row.open), squares: row.squares }));
}

/**
 * How far the school's rollups are built, and their version (bumped by every rebuild of its
 * slices or receivable rows, the payment handlers' included): the forecast is kept until either
 * moves. One primary-key read.
 */
export async function rollupWatermark(db: DbOrTx, organizationId: string): Promise<string> {
  const [row] = await db
    .select({
      payments: statisticsRefreshState.paymentsThrough,
      invoices: statisticsRefreshState.invoicesThrough,
      version: statisticsRefreshState.version,
    })
    .from(statisticsRefreshState)
    .where(eq(statisticsRefreshState.organizationId, organizationId));
  const through = `${row?.payments?.toISOString() ?? '-'}/${row?.invoices?.toISOString() ?? '-'}`;
  return `${through}/${row?.version ?? 0}`;
}
