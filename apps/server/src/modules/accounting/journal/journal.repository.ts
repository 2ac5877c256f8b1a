import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { BaseChart } from '@ecolage/contracts';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import {
  accountingChartSettings,
  accountMappings,
  journalExports,
  type JournalExportRow,
} from './journal.tables';

export async function findBaseChart(db: DbOrTx, organizationId: string): Promise<BaseChart> {
  const [row] = await db
    .select({ baseChart: accountingChartSettings.baseChart })
    .from(accountingChartSettings)
    .where(eq(accountingChartSettings.organizationId, organizationId));
  return row?.baseChart ?? 'syscohada';
}

export async function findAccountMappings(db: DbOrTx, organizationId: string) {
  return db
    .select({
      internalAccount: accountMappings.internalAccount,
      account: accountMappings.account,
      label: accountMappings.label,
    })
    .from(accountMappings)
    .where(eq(accountMappings.organizationId, organizationId));
}

/** Replaces the school's chart and mapping (the rows not given fall back to the defaults). */
export async function replaceAccountMapping(
  tx: Transaction,
  organizationId: string,
  baseChart: BaseChart,
  lines: { internalAccount: string; account: string; label: string }[],
): Promise<void> {
  await tx
    .insert(accountingChartSettings)
    .values({ organizationId, baseChart })
    .onConflictDoUpdate({
      target: accountingChartSettings.organizationId,
      set: { baseChart, updatedAt: sql`now()` },
    });
  await tx.delete(accountMappings).where(eq(accountMappings.organizationId, organizationId));
  if (lines.length > 0) {
    await tx.insert(accountMappings).values(lines.map((line) => ({ organizationId, ...line })));
  }
}

/** Locks the school's chart row (one mapping change at a time). */
export async function lockChartSettings(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`account-mapping:${organizationId}`}, 0))`,
  );
}

export async function insertJournalExport(
  tx: Transaction,
  row: typeof journalExports.$inferInsert,
): Promise<JournalExportRow> {
  const [inserted] = await tx.insert(journalExports).values(row).returning();
  return inserted!;
}

/** The export covering [from, through] written last (null: none). */
export async function findCoveringExport(
  db: DbOrTx,
  organizationId: string,
  period: { from: string; through: string },
): Promise<JournalExportRow | null> {
  const [row] = await db
    .select()
    .from(journalExports)
    .where(
      and(
        eq(journalExports.organizationId, organizationId),
        lte(journalExports.fromDay, period.from),
        gte(journalExports.toDay, period.through),
      ),
    )
    .orderBy(desc(journalExports.exportedAt))
    .limit(1);
  return row ?? null;
}

export async function findRecentExports(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(journalExports)
    .where(eq(journalExports.organizationId, organizationId))
    .orderBy(desc(journalExports.exportedAt))
    .limit(10);
}
