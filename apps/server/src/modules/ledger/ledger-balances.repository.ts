import { and, eq, inArray, sql } from 'drizzle-orm';
import { sameSchool } from '../../platform/db/tenant-join';
import type { DbOrTx } from '../../platform/db/database';
import { ledgerEntries, ledgerTransactions } from './ledger.tables';

/**
 * Debits minus credits of an account per third party (auxiliary; null for entries without one),
 * for the school, or only for the given third parties. Zero balances are left out.
 */
export async function accountBalancesByAuxiliary(
  db: DbOrTx,
  organizationId: string,
  account: string,
  auxiliaries?: readonly string[],
): Promise<Map<string | null, number>> {
  if (auxiliaries && auxiliaries.length === 0) return new Map();
  const rows = await db
    .select({
      auxiliary: ledgerEntries.auxiliary,
      balance: sql<number>`sum(${ledgerEntries.debit} - ${ledgerEntries.credit})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.account, account),
        auxiliaries ? inArray(ledgerEntries.auxiliary, [...auxiliaries]) : undefined,
      ),
    )
    .groupBy(ledgerEntries.auxiliary)
    .having(sql`sum(${ledgerEntries.debit} - ${ledgerEntries.credit}) <> 0`);
  return new Map(rows.map((row) => [row.auxiliary, row.balance]));
}

/**
 * The school's ledger totals: Σ debits, Σ credits, and the transactions whose own debits and
 * credits differ or that have fewer than two lines (the database refuses both at commit; this is
 * what an auditor re-checks).
 */
export async function ledgerTotals(db: DbOrTx, organizationId: string) {
  const [totals] = await db
    .select({
      debits: sql<number>`coalesce(sum(${ledgerEntries.debit}), 0)`.mapWith(Number),
      credits: sql<number>`coalesce(sum(${ledgerEntries.credit}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.organizationId, organizationId));
  const unbalanced = await db
    .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .leftJoin(
      ledgerEntries,
      sameSchool(
        ledgerEntries,
        ledgerEntries.transactionId,
        ledgerTransactions,
        ledgerTransactions.id,
      ),
    )
    .where(eq(ledgerTransactions.organizationId, organizationId))
    .groupBy(ledgerTransactions.id, ledgerTransactions.idempotencyKey)
    .having(
      sql`coalesce(sum(${ledgerEntries.debit}), 0) <> coalesce(sum(${ledgerEntries.credit}), 0)
        or count(${ledgerEntries.id}) < 2`,
    )
    .limit(100);
  return {
    debits: totals?.debits ?? 0,
    credits: totals?.credits ?? 0,
    unbalanced: unbalanced.map((row) => row.key),
  };
}

/** Which of these idempotency keys were already posted. */
export async function findPostedKeys(
  db: DbOrTx,
  organizationId: string,
  idempotencyKeys: string[],
): Promise<Set<string>> {
  if (idempotencyKeys.length === 0) return new Set();
  const rows = await db
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.organizationId, organizationId),
        inArray(ledgerTransactions.idempotencyKey, idempotencyKeys),
      ),
    );
  return new Set(rows.map((row) => row.key));
}

/** The schools that have posted anything. */
export async function findOrganizationsWithPostings(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: ledgerTransactions.organizationId })
    .from(ledgerTransactions);
  return rows.map((row) => row.organizationId);
}

/** Debits minus credits of an account (and third party) for a school: a derived balance. */
export async function accountBalance(
  db: DbOrTx,
  organizationId: string,
  account: string,
  auxiliary?: string,
): Promise<number> {
  const [row] = await db
    .select({
      balance:
        sql<number>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0)`.mapWith(
          Number,
        ),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.account, account),
        auxiliary === undefined ? undefined : eq(ledgerEntries.auxiliary, auxiliary),
      ),
    );
  return row?.balance ?? 0;
}
