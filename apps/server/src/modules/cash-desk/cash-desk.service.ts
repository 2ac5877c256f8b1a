import { randomUUID } from 'node:crypto';
import {
  type PaymentRowPage,
  deskMethodValues,
  type CashSession,
  type CashSessionStatusValue,
  type closeCashSessionSchema,
} from '@ecolage/contracts';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../platform/db/database';
import { isUniqueViolation, violatedConstraint } from '../../platform/db/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { notFound, domainError } from '../../platform/errors';
import { publishEvent } from '../../platform/outbox/outbox';
import { recordAuditEntry } from '../audit';
import { listSessionPayments, sumDeskPaymentsBySession, type MethodTotal } from '../payments';
import {
  closeSessionRow,
  findOpenSessionOf,
  findSession,
  findSessionPage,
  insertSession,
  lockSession,
} from './cash-desk.repository';
import type { CashSessionRow } from './cash-desk.tables';

/**
 * Who uses the cash desk: a cashier (`operate:cash_desk`) works in their own sessions; a
 * supervisor (`supervise:cash_desk`, Directeur and Finance) sees every session, read-only.
 */
export interface DeskMember extends ActingMember {
  userId: string;
  operates: boolean;
  supervises: boolean;
}

/** The list and the detail are open to both kinds of member, and to no one else. */
function requireDeskAccess(member: DeskMember): void {
  if (!member.operates && !member.supervises) {
    throw domainError('FORBIDDEN');
  }
}

/** A cashier sees their own sessions, a supervisor all of them; others' are « introuvable ». */
function maySee(member: DeskMember, session: CashSessionRow): boolean {
  return member.supervises || (member.operates && session.cashierUserId === member.userId);
}

/** The session a member may see, or 404. */
export function visibleSession(member: DeskMember, session: CashSessionRow | undefined) {
  if (!session || !maySee(member, session)) throw notFound('CASH_SESSION_NOT_FOUND');
  return session;
}

/** Reads a session for a cashier or a supervisor: 403 for anyone else, 404 if not theirs to see. */
export async function findVisibleSession(db: DbOrTx, member: DeskMember, sessionId: string) {
  requireDeskAccess(member);
  return visibleSession(member, await findSession(db, member.organizationId, sessionId));
}

const cashOf = (totals: MethodTotal[]) =>
  totals.find((total) => total.method === 'CASH')?.amount ?? 0;

/** The session with its figures; a closed session keeps the expected cash frozen at closing. */
export function toCashSession(row: CashSessionRow, totals: MethodTotal[]): CashSession {
  const cashTaken = cashOf(totals);
  const ordered = deskMethodValues.flatMap((method) =>
    totals.filter((total) => total.method === method),
  );
  return {
    id: row.id,
    cashierUserId: row.cashierUserId,
    cashierName: row.cashierName,
    status: row.status,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    openingFloat: row.openingFloat,
    cashTaken,
    totalsByMethod: ordered,
    paymentCount: totals.reduce((sum, total) => sum + total.count, 0),
    expectedCash: row.expectedCash ?? row.openingFloat + cashTaken,
    countedCash: row.countedCash,
    difference: row.difference,
    closingComment: row.closingComment,
  };
}

async function describeSessions(
  db: DbOrTx,
  organizationId: string,
  rows: CashSessionRow[],
): Promise<CashSession[]> {
  const totals = await sumDeskPaymentsBySession(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCashSession(row, totals.get(row.id) ?? []));
}

const alreadyOpen = () => domainError('CASH_SESSION_ALREADY_OPEN');

/** The cashier opens their caisse with the float in the drawer; one open session at a time. */
export async function openSession(
  db: Database,
  member: DeskMember,
  openingFloat: number,
): Promise<CashSession> {
  const { organizationId } = member;
  try {
    return await db.transaction(async (tx) => {
      if (await findOpenSessionOf(tx, organizationId, member.userId)) throw alreadyOpen();
      const row = await insertSession(tx, {
        id: randomUUID(),
        organizationId,
        cashierUserId: member.userId,
        cashierName: member.actor.label,
        openingFloat,
      });
      await recordAuditEntry(tx, {
        organizationId,
        actor: member.actor,
        action: 'cash_session.opened',
        resourceType: 'cash_session',
        resourceId: row.id,
        category: 'payment',
        details: { openingFloat, cashier: row.cashierName },
        ip: member.ip,
        userAgent: member.userAgent,
      });
      return toCashSession(row, []);
    });
  } catch (error) {
    // Two tabs opening at once: the partial unique index lets one through.
    if (isUniqueViolation(error) && violatedConstraint(error) === 'cash_sessions_one_open_key') {
      throw alreadyOpen();
    }
    throw error;
  }
}

/** The caller's open session (what the cash desk screen works in), or null when none is open. */
export async function currentSession(db: DbOrTx, member: DeskMember): Promise<CashSession | null> {
  const row = await findOpenSessionOf(db, member.organizationId, member.userId);
  // No session open is the desk's usual state before opening, not an error.
  if (!row) return null;
  const [session] = await describeSessions(db, member.organizationId, [row]);
  return session!;
}

export async function listSessions(
  db: DbOrTx,
  member: DeskMember,
  query: { status?: CashSessionStatusValue; page: number; pageSize: number },
) {
  requireDeskAccess(member);
  const { rows, total } = await findSessionPage(
    db,
    member.organizationId,
    {
      ...(member.supervises ? {} : { cashierUserId: member.userId }),
      ...(query.status ? { status: query.status } : {}),
    },
    query,
  );
  const items = await describeSessions(db, member.organizationId, rows);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function getSession(
  db: DbOrTx,
  member: DeskMember,
  sessionId: string,
): Promise<CashSession> {
  const row = await findVisibleSession(db, member, sessionId);
  const [session] = await describeSessions(db, member.organizationId, [row]);
  return session!;
}

/** What a session took, newest first: the same access as the session itself. */
export async function listPaymentsOfSession(
  db: DbOrTx,
  member: DeskMember,
  sessionId: string,
  query: { page: number; pageSize: number },
): Promise<PaymentRowPage> {
  await findVisibleSession(db, member, sessionId);
  return listSessionPayments(db, member.organizationId, sessionId, query);
}

/**
 * The cashier counts the drawer and closes: expected = opening float + cash taken (cheques and
 * transfers are not in the drawer), difference = counted − expected, frozen with its explanation
 * (required when the drawer does not match). The session is locked first, so no payment slips in
 * between the count and the closing.
 */
export async function closeSession(
  db: Database,
  member: DeskMember,
  sessionId: string,
  count: z.output<typeof closeCashSessionSchema>,
): Promise<CashSession> {
  const { organizationId } = member;
  return db.transaction(async (tx) => {
    const row = visibleSession(member, await lockSession(tx, organizationId, sessionId));
    if (row.cashierUserId !== member.userId) {
      throw domainError('ONLY_CASHIER_CLOSES');
    }
    if (row.status === 'closed') {
      throw domainError('CASH_SESSION_ALREADY_CLOSED');
    }
    const totals = (await sumDeskPaymentsBySession(tx, organizationId, [row.id])).get(row.id) ?? [];
    const expectedCash = row.openingFloat + cashOf(totals);
    const difference = count.countedAmount - expectedCash;
    const comment = count.comment ? count.comment : null;
    if (difference !== 0 && !comment) {
      throw domainError('CASH_DIFFERENCE_NEEDS_COMMENT', {}, { field: 'comment' });
    }
    const closed = await closeSessionRow(tx, row.id, {
      closedAt: new Date(),
      expectedCash,
      countedCash: count.countedAmount,
      difference,
      closingComment: comment,
    });
    await recordAuditEntry(tx, {
      organizationId,
      actor: member.actor,
      action: 'cash_session.closed',
      resourceType: 'cash_session',
      resourceId: row.id,
      category: 'payment',
      details: {
        openingFloat: row.openingFloat,
        cashTaken: cashOf(totals),
        expectedCash,
        countedCash: count.countedAmount,
        difference,
        comment,
      },
      ip: member.ip,
      userAgent: member.userAgent,
    });
    // A difference reaches the desk's supervisors' bell (notifications).
    await publishEvent(
      tx,
      'cash_session.closed',
      {
        sessionId: row.id,
        cashierUserId: row.cashierUserId,
        cashierName: row.cashierName,
        expected: expectedCash,
        counted: count.countedAmount,
        difference,
        comment,
        closedAt: (closed.closedAt ?? new Date()).toISOString(),
      },
      { organizationId, aggregateId: row.id },
    );
    return toCashSession(closed, totals);
  });
}
