import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { addDays } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { invoiceAllocations, invoiceLines, invoices } from '../billing.tables';

const openStatuses = ['open', 'partially_paid'] as const;

/** What families owe the school on `today`, by due date: overdue, due this week, the week after. */
export interface Receivables {
  /** Balance of the open invoices due before `today`. */
  overdue: number;
  /** Due in [today, today + 7). */
  dueNext7Days: number;
  /** Due in [today + 7, today + 14). */
  dueFollowing7Days: number;
}

/** The school's receivables on `today` (a day of its calendar), in one pass over open invoices. */
export async function findReceivables(
  db: DbOrTx,
  organizationId: string,
  today: string,
): Promise<Receivables> {
  const week = addDays(today, 7);
  const fortnight = addDays(today, 14);
  const balance = sql`${invoices.total} - ${invoices.paid}`;
  const [row] = await db
    .select({
      overdue:
        sql<number>`coalesce(sum(${balance}) filter (where ${invoices.dueOn} < ${today}), 0)`.mapWith(
          Number,
        ),
      dueNext7Days: sql<number>`coalesce(sum(${balance})
        filter (where ${invoices.dueOn} >= ${today} and ${invoices.dueOn} < ${week}), 0)`.mapWith(
        Number,
      ),
      dueFollowing7Days: sql<number>`coalesce(sum(${balance})
        filter (where ${invoices.dueOn} >= ${week}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        inArray(invoices.status, [...openStatuses]),
        lt(invoices.dueOn, fortnight),
      ),
    );
  return row ?? { overdue: 0, dueNext7Days: 0, dueFollowing7Days: 0 };
}

/**
 * The overdue balance as it stood when `day` began at the school (`dayStart`): what the invoices
 * issued by then, due before `day` and not voided by then still owed — their lines written by
 * then less the money allocated to them by then. Worked back from today's balances: an invoice's
 * balance then is its balance now, plus what was allocated to it since, less the lines added
 * since (late fees, discounts); a voided invoice owed its whole total (it had received nothing).
 * A refund since then, which takes its money back off the allocations themselves, counts as if it
 * had been owed then. Reads every allocation and line written since `dayStart`: callers keep the
 * figure, which no longer changes.
 */
export async function overdueBalanceAsOf(
  db: DbOrTx,
  organizationId: string,
  day: string,
  dayStart: Date,
): Promise<number> {
  const since = dayStart.toISOString();
  const result = await db.execute<{ balance: string }>(sql`
    with due as (
      select ${invoices.id} id, ${invoices.status} status, ${invoices.total} total,
        ${invoices.paid} paid
      from ${invoices}
      where ${invoices.organizationId} = ${organizationId} and ${invoices.dueOn} < ${day}
        and ${invoices.issuedAt} < ${since}::timestamptz
        and (${invoices.voidedAt} is null or ${invoices.voidedAt} >= ${since}::timestamptz))
    select
      (select coalesce(sum(case when due.status = 'void' then due.total
          else due.total - due.paid end), 0)
        from due where due.status in ('open', 'partially_paid', 'void'))
      + (select coalesce(sum(${invoiceAllocations.amount}), 0)
        from ${invoiceAllocations} join due on due.id = ${invoiceAllocations.invoiceId}
        where ${invoiceAllocations.organizationId} = ${organizationId}
          and ${invoiceAllocations.createdAt} >= ${since}::timestamptz)
      - (select coalesce(sum(${invoiceLines.amount}), 0)
        from ${invoiceLines} join due on due.id = ${invoiceLines.invoiceId}
        where ${invoiceLines.organizationId} = ${organizationId}
          and ${invoiceLines.createdAt} >= ${since}::timestamptz) as balance`);
  return Math.max(0, Number(result.rows[0]?.balance ?? 0));
}
