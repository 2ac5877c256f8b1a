import type { CashSessionStatusValue } from '@ecolage/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { cashSessions, type CashSessionRow } from './cash-desk.tables';

export type NewCashSession = typeof cashSessions.$inferInsert;

export async function insertSession(db: DbOrTx, session: NewCashSession): Promise<CashSessionRow> {
  const [row] = await db.insert(cashSessions).values(session).returning();
  return row!;
}

export async function findSession(db: DbOrTx, organizationId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(cashSessions)
    .where(and(eq(cashSessions.organizationId, organizationId), eq(cashSessions.id, sessionId)));
  return row;
}

/** The session, locked until the transaction ends: payments and the closing count queue here. */
export async function lockSession(db: DbOrTx, organizationId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(cashSessions)
    .where(and(eq(cashSessions.organizationId, organizationId), eq(cashSessions.id, sessionId)))
    .for('update');
  return row;
}

export async function findOpenSessionOf(db: DbOrTx, organizationId: string, cashierUserId: string) {
  const [row] = await db
    .select()
    .from(cashSessions)
    .where(
      and(
        eq(cashSessions.organizationId, organizationId),
        eq(cashSessions.cashierUserId, cashierUserId),
        eq(cashSessions.status, 'open'),
      ),
    );
  return row;
}

/** Sessions newest first; one cashier's when `cashierUserId` is given, else the whole school's. */
export async function findSessionPage(
  db: DbOrTx,
  organizationId: string,
  filters: { cashierUserId?: string; status?: CashSessionStatusValue },
  page: { page: number; pageSize: number },
): Promise<{ rows: CashSessionRow[]; total: number }> {
  const conditions: SQL[] = [eq(cashSessions.organizationId, organizationId)];
  if (filters.cashierUserId) conditions.push(eq(cashSessions.cashierUserId, filters.cashierUserId));
  if (filters.status) conditions.push(eq(cashSessions.status, filters.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cashSessions)
      .where(where)
      .orderBy(desc(cashSessions.openedAt), desc(cashSessions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(cashSessions).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Freezes the closing count: expected, counted, their difference and its explanation. */
export async function closeSessionRow(
  db: DbOrTx,
  sessionId: string,
  closing: {
    closedAt: Date;
    expectedCash: number;
    countedCash: number;
    difference: number;
    closingComment: string | null;
  },
): Promise<CashSessionRow> {
  const [row] = await db
    .update(cashSessions)
    .set({ status: 'closed', ...closing })
    .where(eq(cashSessions.id, sessionId))
    .returning();
  return row!;
}
