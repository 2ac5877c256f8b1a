import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';

/** The money of each of these school days, refunds of the day deducted (`collection_facts`). */
export async function collectedOnDays(
  db: DbOrTx,
  organizationId: string,
  days: readonly string[],
): Promise<Map<string, number>> {
  const result = await db.execute<{ day: string; amount: string }>(sql`
    select day::text as day, sum(amount)::bigint as amount from collection_facts
    where organization_id = ${organizationId} and day = any(${sql.param([...days])}::date[])
    group by day`);
  const sums = new Map(days.map((day) => [day, 0]));
  for (const row of result.rows) sums.set(row.day, Number(row.amount));
  return sums;
}

/** What families owe on `today`, from `receivable_days`: the same figures as billing's. */
export interface RollupReceivables {
  /** Open balance due before `today`. */
  overdue: number;
  /** Due in [today, today + 7). */
  dueNext7Days: number;
  /** Due in [today + 7, today + 14). */
  dueFollowing7Days: number;
}

export async function receivablesOn(
  db: DbOrTx,
  organizationId: string,
  today: string,
): Promise<RollupReceivables> {
  const result = await db.execute<{ overdue: string; next: string; following: string }>(sql`
    select
      coalesce(sum(open) filter (where due_on < ${today}::date), 0)::bigint as overdue,
      coalesce(sum(open) filter (where due_on >= ${today}::date
        and due_on < ${today}::date + 7), 0)::bigint as next,
      coalesce(sum(open) filter (where due_on >= ${today}::date + 7), 0)::bigint as following
    from receivable_days
    where organization_id = ${organizationId} and due_on < ${today}::date + 14 and open > 0`);
  const row = result.rows[0];
  return {
    overdue: Number(row?.overdue ?? 0),
    dueNext7Days: Number(row?.next ?? 0),
    dueFollowing7Days: Number(row?.following ?? 0),
  };
}
