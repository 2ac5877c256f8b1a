import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { ledgerEntries, ledgerTransactions, type LedgerTransactionRow } from './ledger.tables';

/** A new transaction header; undefined when its idempotency key was already posted. */
export async function insertLedgerTransaction(
  db: DbOrTx,
  header: typeof ledgerTransactions.$inferInsert,
): Promise<LedgerTransactionRow | undefined> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values(header)
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The transaction posted under an idempotency key. */
export async function findLedgerTransactionByKey(
  db: DbOrTx,
  organizationId: string,
  idempotencyKey: string,
) {
  const [row] = await db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.organizationId, organizationId),
        eq(ledgerTransactions.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

export async function insertLedgerEntries(
  db: DbOrTx,
  entries: (typeof ledgerEntries.$inferInsert)[],
): Promise<void> {
  await db.insert(ledgerEntries).values(entries);
}

/** A transaction's entries, by account. */
export async function findTransactionEntries(
  db: DbOrTx,
  organizationId: string,
  transactionId: string,
) {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.transactionId, transactionId),
      ),
    )
    .orderBy(asc(ledgerEntries.account));
}
