import { and, eq, inArray, sql } from 'drizzle-orm';
import { sameSchool } from '../../platform/db/tenant-join';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import type { LedgerEntryInput, LedgerPosting } from './ledger.service';
import { ledgerEntries, ledgerTransactions } from './ledger.tables';

/**
 * Inserts the transaction headers of `postings` under the ids chosen by the caller, in one
 * statement (one array per column, `unnest`); a key already posted is skipped. Returns the ids
 * actually inserted.
 */
export async function insertLedgerTransactionRows(
  tx: Transaction,
  ids: string[],
  slice: readonly LedgerPosting[],
): Promise<Set<string>> {
  const column = <T>(pick: (posting: LedgerPosting) => T) => sql.param(slice.map(pick));
  const inserted = await tx.execute<{ id: string }>(sql`
      insert into ledger_transactions (id, organization_id, idempotency_key, journal, entry_date,
        label, piece_ref, source_type, source_id, reverses_id)
      select * from unnest(${sql.param(ids)}::uuid[],
        ${column((p) => p.organizationId)}::uuid[], ${column((p) => p.idempotencyKey)}::text[],
        ${column((p) => p.journal)}::text[], ${column((p) => p.entryDate)}::date[],
        ${column((p) => p.label)}::text[], ${column((p) => p.pieceRef ?? null)}::text[],
        ${column((p) => p.sourceType)}::text[], ${column((p) => p.sourceId ?? null)}::uuid[],
        ${column((p) => p.reversesId ?? null)}::uuid[])
      on conflict do nothing
      returning id`);
  return new Set(inserted.rows.map((row) => row.id));
}

/** The entries of inserted transactions, in one statement (one array per column). */
export async function insertLedgerEntryRows(
  tx: Transaction,
  entries: { posting: LedgerPosting; transactionId: string; entry: LedgerEntryInput }[],
): Promise<void> {
  if (entries.length === 0) return;
  const of = <T>(pick: (row: (typeof entries)[number]) => T) => sql.param(entries.map(pick));
  await tx.execute(sql`
        insert into ledger_entries (organization_id, transaction_id, account, auxiliary, debit,
          credit)
        select * from unnest(${of((row) => row.posting.organizationId)}::uuid[],
          ${of((row) => row.transactionId)}::uuid[], ${of((row) => row.entry.account)}::text[],
          ${of((row) => row.entry.auxiliary ?? null)}::text[],
          ${of((row) => row.entry.debit ?? 0)}::bigint[],
          ${of((row) => row.entry.credit ?? 0)}::bigint[])`);
}

/**
 * The balance check (at commit) and the entries' foreign-key check look a transaction up by its
 * key; planned while the tables were small (a new school), they scan the tables, and a large
 * import becomes quadratic. When the statistics count fewer rows than this call just wrote,
 * ANALYZE — which counts the transaction's own rows — and the checks are planned again with the
 * indexes (decisions/0008 does the same for the import's tables).
 */
export async function refreshStatisticsIfStale(tx: Transaction, written: number): Promise<void> {
  const { rows } = await tx.execute<{ reltuples: number }>(
    sql`select reltuples::float8 as reltuples from pg_class where oid = 'ledger_transactions'::regclass`,
  );
  if (Number(rows[0]?.reltuples ?? 0) >= written) return;
  await tx.execute(sql`analyze ledger_transactions, ledger_entries`);
}

interface LedgerSource {
  organizationId: string;
  sourceId: string;
  sourceTypes: string[];
}

function ofSource({ organizationId, sourceId, sourceTypes }: LedgerSource) {
  return and(
    eq(ledgerTransactions.organizationId, organizationId),
    eq(ledgerTransactions.sourceId, sourceId),
    inArray(ledgerTransactions.sourceType, sourceTypes),
  );
}

/** The net movement (debits − credits) of each account and third party over a source's postings. */
export async function findSourceNetMovements(db: DbOrTx, source: LedgerSource) {
  return db
    .select({
      account: ledgerEntries.account,
      auxiliary: ledgerEntries.auxiliary,
      net: sql<number>`sum(${ledgerEntries.debit} - ${ledgerEntries.credit})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(
      ledgerTransactions,
      sameSchool(
        ledgerTransactions,
        ledgerTransactions.id,
        ledgerEntries,
        ledgerEntries.transactionId,
      ),
    )
    .where(ofSource(source))
    .groupBy(ledgerEntries.account, ledgerEntries.auxiliary)
    .orderBy(ledgerEntries.account, ledgerEntries.auxiliary);
}

/** The first transaction a source posted (an invoice's issue). */
export async function findFirstTransactionOfSource(db: DbOrTx, source: LedgerSource) {
  const [first] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(ofSource(source))
    .orderBy(ledgerTransactions.createdAt, ledgerTransactions.id)
    .limit(1);
  return first;
}
