import type { DeskMethodValue } from '@ecolage/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
// Named read-only query (docs/architecture.md): the desk's lines show the name of each payer.
import { guardians } from '../../students/students.tables';
import {
  paymentAttemptInvoices,
  paymentAttempts,
  type PaymentAttemptRow,
} from '../payments.tables';
import { sameSchool } from '../../../platform/db/tenant-join';

/** The guardian who pays an attempt (read for his name only). */
const attemptPayer = sameSchool(
  guardians,
  guardians.id,
  paymentAttempts,
  paymentAttempts.guardianId,
);

export interface MethodTotal {
  method: DeskMethodValue;
  count: number;
  amount: number;
}

/**
 * What each cash desk session took, by method: every payment recorded at the desk counts (a
 * refund later given back is the refund's own story, not the drawer's count at the time).
 */
export async function sumDeskPaymentsBySession(
  db: DbOrTx,
  organizationId: string,
  sessionIds: string[],
): Promise<Map<string, MethodTotal[]>> {
  const totals = new Map<string, MethodTotal[]>();
  if (sessionIds.length === 0) return totals;
  const rows = await db
    .select({
      sessionId: sql<string>`${paymentAttempts.cashSessionId}`,
      method: paymentAttempts.wallet,
      count: count(),
      amount: sql<number>`coalesce(sum(${paymentAttempts.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.organizationId, organizationId),
        inArray(paymentAttempts.cashSessionId, [...new Set(sessionIds)]),
      ),
    )
    .groupBy(paymentAttempts.cashSessionId, paymentAttempts.wallet);
  for (const row of rows) {
    const list = totals.get(row.sessionId) ?? [];
    list.push({ method: row.method as DeskMethodValue, count: row.count, amount: row.amount });
    totals.set(row.sessionId, list);
  }
  return totals;
}

export interface SessionPaymentLine {
  id: string;
  paidAt: Date;
  method: DeskMethodValue;
  reference: string | null;
  amount: number;
  guardianName: string;
  /** The students whose invoices it paid, by name. */
  studentNames: string[];
}

/**
 * The payments of one session in the order they were taken, with the payer and the students
 * (named read-only query over students' and guardians' names, for the session report).
 */
export async function findSessionPayments(
  db: DbOrTx,
  organizationId: string,
  sessionId: string,
): Promise<SessionPaymentLine[]> {
  const rows = await db
    .select({
      id: paymentAttempts.id,
      paidAt:
        sql<Date>`coalesce(${paymentAttempts.succeededAt}, ${paymentAttempts.createdAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      method: paymentAttempts.wallet,
      reference: paymentAttempts.providerRef,
      amount: paymentAttempts.amount,
      guardianName: guardians.fullName,
      studentNames: sql<string[]>`coalesce((
        select array_agg(distinct s.full_name order by s.full_name)
        from payment_attempt_invoices pai
        join students s on s.organization_id = pai.organization_id and s.id = pai.student_id
        where pai.organization_id = payment_attempts.organization_id
          and pai.attempt_id = payment_attempts.id), '{}')`,
    })
    .from(paymentAttempts)
    .innerJoin(guardians, attemptPayer)
    .where(
      and(
        eq(paymentAttempts.organizationId, organizationId),
        eq(paymentAttempts.cashSessionId, sessionId),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
  return rows.map((row) => ({ ...row, method: row.method as DeskMethodValue }));
}

/** One page of a session's payments, newest first, and how many it has. */
export async function findSessionPaymentPage(
  db: DbOrTx,
  organizationId: string,
  sessionId: string,
  query: { page: number; pageSize: number },
): Promise<{ rows: PaymentAttemptRow[]; total: number }> {
  const inSession = and(
    eq(paymentAttempts.organizationId, organizationId),
    eq(paymentAttempts.cashSessionId, sessionId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(paymentAttempts)
      .where(inSession)
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(paymentAttempts).where(inSession),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A payment in flight that claims some of a student's invoices, with its payer's name. */
export interface PendingClaim {
  attempt: PaymentAttemptRow;
  guardianName: string;
  /** The claimed invoices (of the student asked about, or among those asked about). */
  invoiceIds: string[];
}

/**
 * The payments in flight — by any payer — that hold an active claim on these invoices, or on the
 * student's invoices: the ones a desk payment for them would pay a second time. Oldest first.
 */
export async function findPendingClaims(
  db: DbOrTx,
  organizationId: string,
  on: { invoiceIds: string[] } | { studentId: string },
): Promise<PendingClaim[]> {
  if ('invoiceIds' in on && on.invoiceIds.length === 0) return [];
  const rows = await db
    .select({
      attempt: paymentAttempts,
      guardianName: guardians.fullName,
      invoiceId: paymentAttemptInvoices.invoiceId,
    })
    .from(paymentAttemptInvoices)
    .innerJoin(
      paymentAttempts,
      sameSchool(
        paymentAttempts,
        paymentAttempts.id,
        paymentAttemptInvoices,
        paymentAttemptInvoices.attemptId,
      ),
    )
    .innerJoin(guardians, attemptPayer)
    .where(
      and(
        eq(paymentAttemptInvoices.organizationId, organizationId),
        eq(paymentAttemptInvoices.active, true),
        'invoiceIds' in on
          ? inArray(paymentAttemptInvoices.invoiceId, [...new Set(on.invoiceIds)])
          : eq(paymentAttemptInvoices.studentId, on.studentId),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id));
  const claims = new Map<string, PendingClaim>();
  for (const row of rows) {
    const claim = claims.get(row.attempt.id) ?? { ...row, invoiceIds: [] };
    claim.invoiceIds.push(row.invoiceId);
    claims.set(row.attempt.id, claim);
  }
  return [...claims.values()];
}
