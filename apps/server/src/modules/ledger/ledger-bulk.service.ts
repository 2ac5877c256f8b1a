import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../platform/db/database';
import {
  findFirstTransactionOfSource,
  findSourceNetMovements,
  insertLedgerEntryRows,
  insertLedgerTransactionRows,
  refreshStatisticsIfStale,
} from './ledger-bulk.repository';
import { checkPosting, postLedgerTransaction, type LedgerPosting } from './ledger.service';
import { placeInOpenPeriod } from './periods/periods.service';

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
  requested: readonly LedgerPosting[],
): Promise<{ created: number }> {
  for (const posting of requested) checkPosting(posting);
  if (requested.length === 0) return { created: 0 };
  const postings = await placeInOpenPeriod(tx, requested);
  let created = 0;
  for (let start = 0; start < postings.length; start += POSTINGS_PER_STATEMENT) {
    const slice = postings.slice(start, start + POSTINGS_PER_STATEMENT);
    // Ids chosen here, so the entries can be matched to what was inserted without a lookup.
    const ids = slice.map(() => randomUUID());
    const written = await insertLedgerTransactionRows(tx, ids, slice);
    const entries = slice.flatMap((posting, index) =>
      written.has(ids[index]!)
        ? posting.entries.map((entry) => ({ posting, transactionId: ids[index]!, entry }))
        : [],
    );
    await insertLedgerEntryRows(tx, entries);
    created += written.size;
  }
  if (created >= STATISTICS_THRESHOLD) await refreshStatisticsIfStale(tx, created);
  return { created };
}

/** Postings in one call from which the planner's statistics are checked (an import). */
const STATISTICS_THRESHOLD = 1_000;

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
  const { organizationId } = source;
  const net = await findSourceNetMovements(tx, source);
  const moved = net.filter((row) => row.net !== 0);
  if (moved.length === 0) return null;
  // Points at the source's first transaction (an invoice's issue).
  const first = await findFirstTransactionOfSource(tx, source);
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
