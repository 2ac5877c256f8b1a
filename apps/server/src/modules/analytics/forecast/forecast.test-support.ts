import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';

/**
 * A school's history with a known payment-lag pattern, written straight into the rollups the
 * forecast reads (`collection_facts`' invoice slices, `receivable_days`): `students` invoices of
 * `amount` due on `firstDue` and then every month for `months` months; each invoice (hashed, so
 * months mix) paid whole 10 days early (30 %), 0–14 days late (50 %), 30–86 days late (15 %) or
 * never (5 %). Only what was paid before `today` is written; `paidBetween` tells the truth after.
 */
export interface LagHistory {
  organizationId: string;
  students: number;
  months: number;
  firstDue: string;
  amount: number;
  today: string;
  /** Shifts every lag (another school's habits). */
  extraLag?: number;
}

function plan(history: LagHistory): SQL {
  const extra = history.extraLag ?? 0;
  return sql`(select s, k, due, case when r < 30 then -10 when r < 80 then (r - 30) % 15
        when r < 95 then 30 + (r - 80) * 4 end + ${extra}::int lag
      from (select s, k, (${history.firstDue}::date + make_interval(months => k))::date due,
          abs(hashint4(s * 1009 + k * 7 + 3)) % 100 r
        from generate_series(1, ${history.students}::int) s,
          generate_series(0, ${history.months - 1}::int) k) drawn)`;
}

export async function seedLagHistory(db: DbOrTx, history: LagHistory): Promise<void> {
  const org = history.organizationId;
  const id = (kind: string) =>
    sql.raw(`overlay(overlay(md5('${org}:${kind}:' || s || ':' || k) placing '4' from 13)
      placing '8' from 17)::uuid`);
  await db.execute(sql`insert into collection_facts (organization_id, attempt_id, slice, day,
      source, provider, channel, amount, payments, lag_days)
    select ${org}, ${id('p')}, 'invoice:' || ${id('i')}, due + lag, 'mobile_money', 'mtn',
      'direct', ${history.amount}::bigint, 1, lag
    from ${plan(history)} p
    where lag is not null and due + lag < ${history.today}::date`);
  await db.execute(sql`insert into receivable_days (organization_id, due_on, invoices,
      open_invoices, total, paid, open)
    select ${org}, due, count(*), count(*) filter (where not paid), sum(${history.amount}::bigint),
      sum(case when paid then ${history.amount}::bigint else 0 end),
      sum(case when paid then 0 else ${history.amount}::bigint end)
    from (select due, lag is not null and due + lag < ${history.today}::date paid
      from ${plan(history)} p) invoices
    group by due`);
}

/** What the pattern pays from `from` to `to` (days included), before and after today. */
export async function paidBetween(
  db: DbOrTx,
  history: LagHistory,
  from: string,
  to: string,
): Promise<number> {
  const { rows } = await db.execute<{ amount: string | null }>(sql`
    select sum(${history.amount}::bigint) amount from ${plan(history)} p
    where lag is not null and due + lag between ${from}::date and ${to}::date`);
  return Number(rows[0]?.amount ?? 0);
}
