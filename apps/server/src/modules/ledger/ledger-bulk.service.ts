import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/database';
import { checkPosting, postLedgerTransaction, type LedgerPosting } from './ledger.service';
import { ledgerEntries, ledgerTransactions } from './ledger.tables';

/** Postings per statement: each statement sends one array per column (`unnest`). */
const POSTINGS_PER_STATEMENT = 10_000;

/**
 * Posts many balanced transactions in a few statements (an import issues 100,000 invoices): each
 * is checked like `postLedgerTransaction`, a key already posted (or repeated in the batch) is
 * skipped, and only the transactions actually inserted get their entries. Rows travel as one
 * array per column (`unnest`), far cheaper to send and parse than multi-row VALUES. The database
 * still checks every transaction's balance at commit. Returns how many were created.
 */
export async function postLedgerTransactions(
  tx: Transaction,
  postings: readonly LedgerPosting[],
): Promise<{ created: number }> {
  for (const posting of postings) checkPosting(posting);
  let created = 0;
  for (let start = 0; start < postings.length; start += POSTINGS_PER_STATEMENT) {
    const slice = postings.slice(start, start + POSTINGS_PER_STATEMENT);
    // Ids chosen here, so the entries can be matched to what was inserted without a lookup.
    const ids = slice.map(() => randomUUID());
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
    const written = new Set(inserted.rows.map((row) => row.id));
    const entries = slice.flatMap((posting, index) =>
      written.has(ids[index]!)
        ? posting.entries.map((entry) => ({ posting, transactionId: ids[index]!, entry }))
        : [],
    );
    if (entries.length > 0) {
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
    created += written.size;
  }
  if (created >= STATISTICS_THRESHOLD) await refreshStatisticsIfStale(tx, created);
  return { created };
}

/** Postings in one call from which the planner's statistics are checked (an import). */
const STATISTICS_THRESHOLD = 1_000;

/**
 * The balance check (at commit) and the entries' foreign-key check look a transaction up by its
 * key; planned while the tables were small (a new school), they scan the tables, and a large
 * import becomes quadratic. When the statistics count fewer rows than this call just wrote,
 * ANALYZE — which counts the transaction's own rows — and the checks are planned again with the
 * indexes (decisions/0008 does the same for the import's tables).
 */
async function refreshStatisticsIfStale(tx: Transaction, written: number): Promise<void> {
  const { rows } = await tx.execute<{ reltuples: number }>(
    sql`select reltuples::float8 as reltuples from pg_class where oid = 'ledger_transactions'::regclass`,
  );
  if (Number(rows[0]?.reltuples ?? 0) >= written) return;
  await tx.execute(sql`analyze ledger_transactions, ledger_entries`);
}

/**
 * Cancels what a source (an invoice) has posted so far with one transaction: for each account and
 * third party, the opposite of its net movement over the source's transactions of `sourceTypes`.
 * Nothing is posted when they net to zero everywhere (a draft never posted anything). Idempotent
 * by `idempotencyKey`.
 */
export async function reverseSourcePostings(
  tx: Transaction,
  source: { organizationId: string; sourceId: string; sourceTypes: string[] },
  reversal: Omit<LedgerPosting, 'organizationId' | 'entries' | 'reversesId'>,
) {
  const { organizationId, sourceId, sourceTypes } = source;
  const ofSource = and(
    eq(ledgerTransactions.organizationId, organizationId),
    eq(ledgerTransactions.sourceId, sourceId),
    inArray(ledgerTransactions.sourceType, sourceTypes),
  );
  const net = await tx
    .select({
      account: ledgerEntries.account,
      auxiliary: ledgerEntries.auxiliary,
      net: sql<number>`sum(${ledgerEntries.debit} - ${ledgerEntries.credit})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(
      ledgerTransactions,
      and(
        eq(ledgerTransactions.organizationId, ledgerEntries.organizationId),
        eq(ledgerTransactions.id, ledgerEntries.transactionId),
      ),
    )
    .where(ofSource)
    .groupBy(ledgerEntries.account, ledgerEntries.auxiliary)
    .orderBy(ledgerEntries.account, ledgerEntries.auxiliary);
  const moved = net.filter((row) => row.net !== 0);
  if (moved.length === 0) return null;
  // Points at the source's first transaction (an invoice's issue).
  const [first] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(ofSource)
    .orderBy(ledgerTransactions.createdAt, ledgerTransactions.id)
    .limit(1);
  return postLedgerTransaction(tx, {
    ...reversal,
    organizationId,
    reversesId: first?.id ?? null,
    entries: moved.map((row) => ({
      account: row.account,
      auxiliary: row.auxiliary,
      ...(row.net > 0 ? { credit: row.net } : { debit: -row.net }),
    })),
  });
}
