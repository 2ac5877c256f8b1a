import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { sameSchool } from '../../platform/db/tenant-join';
import type { DbOrTx } from '../../platform/db/database';
import { ledgerEntries, ledgerTransactions } from './ledger.tables';

/** One line of a third party's account (grand livre auxiliaire). */
export interface AuxiliaryLedgerLine {
  auxiliary: string;
  entryDate: string;
  journal: string;
  pieceRef: string | null;
  label: string;
  debit: number;
  credit: number;
}

const transactionOfEntry = () =>
  sameSchool(ledgerTransactions, ledgerTransactions.id, ledgerEntries, ledgerEntries.transactionId);

/**
 * The third parties (auxiliaries, in their order) with at least one entry on `account` dated in
 * [from, to], after `after`: a page of the grand livre's students, read by keyset.
 */
export async function auxiliariesWithEntries(
  db: DbOrTx,
  organizationId: string,
  account: string,
  period: { from: string; to: string },
  after: string | undefined,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ auxiliary: ledgerEntries.auxiliary })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, transactionOfEntry())
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.account, account),
        isNotNull(ledgerEntries.auxiliary),
        after === undefined ? undefined : gt(ledgerEntries.auxiliary, after),
        gte(ledgerTransactions.entryDate, period.from),
        lte(ledgerTransactions.entryDate, period.to),
      ),
    )
    .orderBy(asc(ledgerEntries.auxiliary))
    .limit(limit);
  return rows.flatMap((row) => (row.auxiliary === null ? [] : [row.auxiliary]));
}

/** Debits minus credits on `account` of each of these third parties, over entries dated before `day`. */
export async function auxiliaryBalancesBefore(
  db: DbOrTx,
  organizationId: string,
  account: string,
  auxiliaries: readonly string[],
  day: string,
): Promise<Map<string, number>> {
  if (auxiliaries.length === 0) return new Map();
  const rows = await db
    .select({
      auxiliary: ledgerEntries.auxiliary,
      balance: sql<number>`sum(${ledgerEntries.debit} - ${ledgerEntries.credit})`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, transactionOfEntry())
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.account, account),
        inArray(ledgerEntries.auxiliary, [...auxiliaries]),
        lt(ledgerTransactions.entryDate, day),
      ),
    )
    .groupBy(ledgerEntries.auxiliary);
  return new Map(rows.flatMap((row) => (row.auxiliary ? [[row.auxiliary, row.balance]] : [])));
}

/**
 * The entries on `account` of these third parties dated in [from, to], per third party in date
 * order (then as they were written).
 */
export function auxiliaryLedgerLines(
  db: DbOrTx,
  organizationId: string,
  account: string,
  auxiliaries: readonly string[],
  period: { from: string; to: string },
): Promise<AuxiliaryLedgerLine[]> {
  if (auxiliaries.length === 0) return Promise.resolve([]);
  return db
    .select({
      auxiliary: sql<string>`${ledgerEntries.auxiliary}`,
      entryDate: ledgerTransactions.entryDate,
      journal: ledgerTransactions.journal,
      pieceRef: ledgerTransactions.pieceRef,
      label: ledgerTransactions.label,
      debit: ledgerEntries.debit,
      credit: ledgerEntries.credit,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, transactionOfEntry())
    .where(
      and(
        eq(ledgerEntries.organizationId, organizationId),
        eq(ledgerEntries.account, account),
        inArray(ledgerEntries.auxiliary, [...auxiliaries]),
        gte(ledgerTransactions.entryDate, period.from),
        lte(ledgerTransactions.entryDate, period.to),
      ),
    )
    .orderBy(
      asc(ledgerEntries.auxiliary),
      asc(ledgerTransactions.entryDate),
      asc(ledgerTransactions.createdAt),
      asc(ledgerEntries.id),
    );
}
