import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { ledgerEntries, ledgerTransactions } from '../../ledger/ledger.tables';

/** One line of the journal as the exports write it (before the account mapping). */
export interface JournalLine {
  journal: string;
  fiscalYear: number;
  number: number;
  entryDate: string;
  validatedOn: string;
  label: string;
  pieceRef: string | null;
  account: string;
  auxiliary: string | null;
  /** The student's (4111) or the guardian's (4191) name. */
  auxiliaryName: string | null;
  debit: number;
  credit: number;
  /** The student's lettering group (0, 1…) when it balanced, and the day it did. */
  letterGroup: number | null;
  letteredOn: string | null;
}

/** How many entry lines a school's ledger has in [from, to]. */
export async function countJournalLines(
  db: DbOrTx,
  organizationId: string,
  period: { from: string; to: string },
): Promise<number> {
  const [row] = await db
    .select({ lines: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .innerJoin(
      ledgerTransactions,
      sql`${ledgerTransactions.organizationId} = ${ledgerEntries.organizationId}
        and ${ledgerTransactions.id} = ${ledgerEntries.transactionId}`,
    )
    .where(
      sql`${ledgerEntries.organizationId} = ${organizationId}
        and ${ledgerTransactions.entryDate} between ${period.from}::date and ${period.to}::date`,
    );
  return row?.lines ?? 0;
}

/**
 * Plain SQL for the driver's cursor (ledger's `ledger_transactions`, `ledger_entries`,
 * `ledger_entry_numbers`; students' `students`, `guardians`, read only).
 * The journal's lines of [from, to], numbered (validated) transactions only, by entry date,
 * journal and number, debits first. Lettering (the « lettrage » of invoices with their payments)
 * per student on 4111: the student's 4111 lines up to `to`, in (entry date, posting order), are
 * cumulated; each time the running balance comes back to zero, the lines since the previous zero
 * form one lettered group (its day: the line that brought it to zero). Lines after the last zero
 * are not lettered yet.
 */
const JOURNAL_LINES_SQL = `
  with history as (
    select e.id as entry_id, e.auxiliary, t.entry_date,
      sum(e.debit - e.credit) over student_order as running,
      row_number() over student_order as position
    from ledger_entries e
    join ledger_transactions t on t.organization_id = e.organization_id and t.id = e.transaction_id
    where e.organization_id = $1 and e.account = '4111' and t.entry_date <= $3::date
    window student_order as (partition by e.auxiliary order by t.entry_date, t.created_at, t.id, e.id
      rows between unbounded preceding and current row)
  ),
  grouped as (
    select entry_id, auxiliary, entry_date, running,
      coalesce(count(*) filter (where running = 0) over (partition by auxiliary order by position
        rows between unbounded preceding and 1 preceding), 0)::int as letter_group
    from history
  ),
  lettering as (
    select entry_id, letter_group,
      max(case when running = 0 then entry_date end) over (partition by auxiliary, letter_group)
        as lettered_on
    from grouped
  )
  select t.journal, n.fiscal_year, n.number, t.entry_date::text as entry_date,
    (n.validated_at at time zone 'UTC')::date::text as validated_on,
    t.label, t.piece_ref, e.account, e.auxiliary,
    coalesce(s.full_name, g.full_name) as auxiliary_name,
    e.debit::float8 as debit, e.credit::float8 as credit,
    case when l.lettered_on is not null then l.letter_group end as letter_group,
    l.lettered_on::text as lettered_on
  from ledger_transactions t
  join ledger_entry_numbers n on n.organization_id = t.organization_id and n.transaction_id = t.id
  join ledger_entries e on e.organization_id = t.organization_id and e.transaction_id = t.id
  left join lettering l on e.account = '4111' and l.entry_id = e.id
  left join students s on e.account = '4111' and s.organization_id = t.organization_id
    and s.matricule = e.auxiliary
  left join guardians g on e.account = '4191' and g.organization_id = t.organization_id
    and g.id::text = e.auxiliary
  where t.organization_id = $1 and t.entry_date between $2::date and $3::date
  order by t.entry_date, t.journal, n.number, e.debit desc, e.account, e.id`;

interface RawLine {
  journal: string;
  fiscal_year: number;
  number: number;
  entry_date: string;
  validated_on: string;
  label: string;
  piece_ref: string | null;
  account: string;
  auxiliary: string | null;
  auxiliary_name: string | null;
  debit: number;
  credit: number;
  letter_group: number | null;
  lettered_on: string | null;
}

const toLine = (row: RawLine): JournalLine => ({
  journal: row.journal,
  fiscalYear: row.fiscal_year,
  number: row.number,
  entryDate: row.entry_date,
  // A transaction numbered before its own day (an export of a period still running).
  validatedOn: row.validated_on < row.entry_date ? row.entry_date : row.validated_on,
  label: row.label,
  pieceRef: row.piece_ref,
  account: row.account,
  auxiliary: row.auxiliary,
  auxiliaryName: row.auxiliary_name,
  debit: Number(row.debit),
  credit: Number(row.credit),
  letterGroup: row.letter_group,
  letteredOn: row.lettered_on,
});

/**
 * Streams the journal's lines page by page through a server-side cursor on a connection of its
 * own (one snapshot, read-only): the period is never held in memory whatever its size. Stops
 * (and gives the connection back) when the reader stops.
 */
export async function* journalLinePages(
  db: Database,
  organizationId: string,
  period: { from: string; to: string },
  pageSize = 500,
): AsyncGenerator<JournalLine[]> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    // The year's sorts and the lettering's windows in memory rather than on disk.
    await client.query("set local work_mem = '64MB'");
    await client.query(`declare journal_lines no scroll cursor for ${JOURNAL_LINES_SQL}`, [
      organizationId,
      period.from,
      period.to,
    ]);
    for (;;) {
      const { rows } = await client.query<RawLine>(`fetch ${pageSize} from journal_lines`);
      if (rows.length > 0) yield rows.map(toLine);
      if (rows.length < pageSize) break;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    try {
      await client.query('rollback');
    } catch {
      failed = true;
    }
    client.release(failed ? true : undefined);
  }
}
