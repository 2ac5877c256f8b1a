import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import { ledgerPeriodClosures, type LedgerPeriodClosureRow } from './periods.tables';

const periodsLockKey = (organizationId: string) => `ledger-periods:${organizationId}`;

/**
 * The day through which the school's books are closed (null: nothing closed), read by a posting
 * under the school's periods lock in shared mode: a closure (exclusive) waits for the postings in
 * flight to commit, and postings that start after it see it.
 */
export async function closedThroughForPosting(
  tx: Transaction,
  organizationId: string,
): Promise<string | null> {
  // Two statements: the read's snapshot must be taken after the lock is granted.
  await tx.execute(
    sql`select pg_advisory_xact_lock_shared(hashtextextended(${periodsLockKey(organizationId)}, 0))`,
  );
  const { rows } = await tx.execute<{ closed_through: string | null }>(sql`
    select max(closed_through)::text as closed_through from ledger_period_closures
    where organization_id = ${organizationId}`);
  return rows[0]?.closed_through ?? null;
}

/** Takes the school's periods lock in exclusive mode (a closure), until the transaction ends. */
export async function lockPeriodsExclusive(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${periodsLockKey(organizationId)}, 0))`,
  );
}

/** The day through which the books are closed, without any lock (lists, checks). */
export async function findClosedThrough(
  db: DbOrTx,
  organizationId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ closedThrough: sql<string | null>`max(${ledgerPeriodClosures.closedThrough})::text` })
    .from(ledgerPeriodClosures)
    .where(eq(ledgerPeriodClosures.organizationId, organizationId));
  return row?.closedThrough ?? null;
}

export async function insertPeriodClosure(
  tx: Transaction,
  closure: typeof ledgerPeriodClosures.$inferInsert,
): Promise<LedgerPeriodClosureRow> {
  const [row] = await tx.insert(ledgerPeriodClosures).values(closure).returning();
  return row!;
}

/** The school's closures, latest first. */
export async function findPeriodClosures(
  db: DbOrTx,
  organizationId: string,
): Promise<LedgerPeriodClosureRow[]> {
  return db
    .select()
    .from(ledgerPeriodClosures)
    .where(and(eq(ledgerPeriodClosures.organizationId, organizationId)))
    .orderBy(desc(ledgerPeriodClosures.closedThrough))
    .limit(100);
}

/** The earliest entry date of the school's ledger (null: nothing posted). */
export async function findFirstEntryDate(
  db: DbOrTx,
  organizationId: string,
): Promise<string | null> {
  const { rows } = await db.execute<{ first: string | null }>(sql`
    select min(entry_date)::text as first from ledger_transactions
    where organization_id = ${organizationId}`);
  return rows[0]?.first ?? null;
}

/** Whether a transaction dated in [from, through] was written after `since` (not in an export). */
export async function hasPostingsSince(
  db: DbOrTx,
  organizationId: string,
  period: { from: string; through: string },
  since: Date,
): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from ledger_transactions
      where organization_id = ${organizationId}
        and entry_date between ${period.from}::date and ${period.through}::date
        and created_at > ${since.toISOString()}::timestamptz) as found`);
  return rows[0]?.found === true;
}
