import { sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../../platform/db/database';

/**
 * One school's numbering at a time: validations of one school queue (two exports at once number
 * each transaction once), other schools are not held back.
 */
export async function lockSchoolNumbering(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`ledger-numbering:${organizationId}`}, 0))`,
  );
}

/**
 * Numbers every transaction of the school dated on or before `day` that has no number yet, in one
 * statement: per journal and fiscal year (the entry date's year), in (entry_date, created_at, id)
 * order, continuing each counter (`ledger_journal_counters`). Set-based, so half a million
 * transactions number in seconds. Returns how many were numbered.
 */
export async function numberUnnumberedThrough(
  tx: Transaction,
  organizationId: string,
  day: string,
): Promise<number> {
  const { rows } = await tx.execute<{ numbered: string }>(sql`
    with pending as (
      select t.id, t.journal, extract(year from t.entry_date)::int as fiscal_year,
        row_number() over (partition by t.journal, extract(year from t.entry_date)
          order by t.entry_date, t.created_at, t.id) as rank
      from ledger_transactions t
      where t.organization_id = ${organizationId} and t.entry_date <= ${day}::date
        and not exists (select 1 from ledger_entry_numbers n
          where n.organization_id = t.organization_id and n.transaction_id = t.id)
    ),
    groups as (
      select journal, fiscal_year, count(*)::int as added from pending group by journal, fiscal_year
    ),
    counters as (
      insert into ledger_journal_counters (organization_id, journal, fiscal_year, last_number)
      select ${organizationId}::uuid, journal, fiscal_year, added from groups
      on conflict (organization_id, journal, fiscal_year)
        do update set last_number = ledger_journal_counters.last_number + excluded.last_number
      returning journal, fiscal_year, last_number
    ),
    numbered as (
      insert into ledger_entry_numbers (organization_id, transaction_id, journal, fiscal_year, number)
      select ${organizationId}::uuid, p.id, p.journal, p.fiscal_year,
        c.last_number - g.added + p.rank
      from pending p
      join groups g on g.journal = p.journal and g.fiscal_year = p.fiscal_year
      join counters c on c.journal = p.journal and c.fiscal_year = p.fiscal_year
      returning 1
    )
    select count(*) as numbered from numbered`);
  return Number(rows[0]?.numbered ?? 0);
}

/** The schools with a transaction dated on or before their day that has no number yet. */
export async function findSchoolsWithUnnumbered(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ organization_id: string }>(sql`
    select distinct t.organization_id from ledger_transactions t
    where not exists (select 1 from ledger_entry_numbers n
      where n.organization_id = t.organization_id and n.transaction_id = t.id)`);
  return rows.map((row) => row.organization_id);
}

/** Refreshes the planner's statistics of the entry numbers (after a large validation). */
export async function analyzeEntryNumbers(tx: Transaction): Promise<void> {
  await tx.execute(sql`analyze ledger_entry_numbers`);
}
