import type { PaymentPspValue, PaymentStatusValue } from '@ecolage/contracts';
import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { containsPattern } from '../../../platform/search-text';
// Named read-only reporting query (docs/architecture.md): « Paiements » shows and searches the
// students and invoice numbers its payments claim.
import { invoices } from '../../billing/billing.tables';
import { students } from '../../students/students.tables';
import {
  paymentAttemptInvoices,
  paymentAttempts,
  paymentRefunds,
  type PaymentAttemptRow,
} from '../payments.tables';
import { sameSchool } from '../../../platform/db/tenant-join';

/** The filters of « Paiements », for one school; days are the school's, in its time zone. */
export interface PaymentListScope {
  organizationId: string;
  timeZone: string;
  status?: PaymentStatusValue;
  /** What the « PSP » column shows: an online payment's wallet, or the cash desk. */
  psp?: PaymentPspValue;
  /** First and last day (inclusive) of the payments' date. */
  from?: string;
  to?: string;
  /** Payments claiming an invoice of these students or of this invoice. */
  claims?: ClaimFilter;
}

/**
 * Which claims a payment must have: of a student, of one invoice (found by its number), of the
 * students a search found, or — when it found too many to list — of the students whose search key
 * (name, matricule, phone) contains one of `terms`.
 */
export interface ClaimFilter {
  studentId?: string;
  invoice?: { id: string; studentId: string };
  studentIds?: string[];
  terms?: string[];
}

/** Midnight of a calendar day at the school, computed by PostgreSQL from the zone's rules. */
function schoolDayStart(day: string, timeZone: string): SQL {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}

/**
 * The claims' conditions, each on its own (an `or` across them would keep the planner from the
 * claims' student index and from knowing how many payments match).
 */
function claimConditions(organizationId: string, claims: ClaimFilter): SQL {
  const { invoice, studentId, studentIds, terms } = claims;
  return and(
    eq(paymentAttemptInvoices.organizationId, organizationId),
    studentId ? eq(paymentAttemptInvoices.studentId, studentId) : undefined,
    invoice ? eq(paymentAttemptInvoices.studentId, invoice.studentId) : undefined,
    invoice ? eq(paymentAttemptInvoices.invoiceId, invoice.id) : undefined,
    studentIds ? inArray(paymentAttemptInvoices.studentId, studentIds) : undefined,
    terms?.length
      ? sql`${paymentAttemptInvoices.studentId} in (select ${students.id} from ${students}
          where ${studentsMatching(organizationId, terms)})`
      : undefined,
  )!;
}

/** Students of the school whose search key (name, matricule, phone) contains one of `terms`. */
function studentsMatching(organizationId: string, terms: string[]): SQL {
  return and(
    eq(students.organizationId, organizationId),
    or(...terms.map((term) => sql`${students.searchKey} like ${containsPattern(term)}`)),
  )!;
}

/** Up to `limit` students found by the search box's terms (accent- and case-free). */
export async function findStudentsMatching(
  db: DbOrTx,
  organizationId: string,
  terms: string[],
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(studentsMatching(organizationId, terms))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Students few enough that reading all their payments beats walking the school's by date. */
const FEW_STUDENTS = 100;

/**
 * The payments with such claims. For a few students (or one invoice), their payment ids are read
 * first and the payments fetched by id; for many, the planner walks the school's payments by date
 * and checks each one's claims, stopping at the page's end.
 */
function claimedPayments(organizationId: string, claims: ClaimFilter): SQL {
  const claimed = sql`select ${paymentAttemptInvoices.attemptId} from ${paymentAttemptInvoices}
    where ${claimConditions(organizationId, claims)}`;
  const few =
    claims.studentId !== undefined ||
    claims.invoice !== undefined ||
    (claims.studentIds !== undefined && claims.studentIds.length <= FEW_STUDENTS);
  return few
    ? sql`${paymentAttempts.id} = any(array(${claimed}))`
    : sql`${paymentAttempts.id} in (${claimed})`;
}

/** The invoice of the school with this number (`ST-2026-0001`), to find the payments claiming it. */
export async function findInvoiceNumbered(db: DbOrTx, organizationId: string, number: string) {
  const [row] = await db
    .select({ id: invoices.id, studentId: invoices.studentId })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.number, number)));
  return row;
}

/**
 * « Caisse »: every payment taken at the desk (cash, cheque, transfer, or a wallet paid by hand);
 * a wallet: the payments made with it online. The column shows the same split.
 */
function pspCondition(psp: PaymentPspValue): SQL {
  return psp === 'desk'
    ? eq(paymentAttempts.provider, 'desk')
    : and(eq(paymentAttempts.wallet, psp), ne(paymentAttempts.provider, 'desk'))!;
}

/** The list's conditions over `payment_attempts`. */
export function paymentListConditions(scope: PaymentListScope): SQL {
  return and(
    eq(paymentAttempts.organizationId, scope.organizationId),
    scope.status ? eq(paymentAttempts.status, scope.status) : undefined,
    scope.psp ? pspCondition(scope.psp) : undefined,
    scope.from
      ? gte(paymentAttempts.createdAt, schoolDayStart(scope.from, scope.timeZone))
      : undefined,
    scope.to
      ? lt(paymentAttempts.createdAt, schoolDayStart(addDays(scope.to, 1), scope.timeZone))
      : undefined,
    scope.claims ? claimedPayments(scope.organizationId, scope.claims) : undefined,
  )!;
}

export type DateOrder = 'asc' | 'desc';

/** One page in date order (ties by id): `offset` rows skipped. */
export async function findPaymentPage(
  db: DbOrTx,
  scope: PaymentListScope,
  order: DateOrder,
  limit: number,
  offset: number,
): Promise<PaymentAttemptRow[]> {
  const direction = order === 'asc' ? asc : desc;
  return db
    .select()
    .from(paymentAttempts)
    .where(paymentListConditions(scope))
    .orderBy(direction(paymentAttempts.createdAt), direction(paymentAttempts.id))
    .limit(limit)
    .offset(offset);
}

/** Where a keyset page stops: the date as PostgreSQL writes it (microseconds kept), and the id. */
export interface PaymentPosition {
  at: string;
  id: string;
}

/** The next keyset page of an export, after `after` in date order (ties by id). */
export async function findPaymentsAfter(
  db: DbOrTx,
  scope: PaymentListScope,
  order: DateOrder,
  after: PaymentPosition | undefined,
  limit: number,
) {
  const direction = order === 'asc' ? asc : desc;
  const key = sql`(${paymentAttempts.createdAt}, ${paymentAttempts.id})`;
  const beyond = after
    ? order === 'asc'
      ? sql`${key} > (${after.at}::timestamptz, ${after.id}::uuid)`
      : sql`${key} < (${after.at}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({ attempt: paymentAttempts, at: sql<string>`${paymentAttempts.createdAt}::text` })
    .from(paymentAttempts)
    .where(and(paymentListConditions(scope), beyond))
    .orderBy(direction(paymentAttempts.createdAt), direction(paymentAttempts.id))
    .limit(limit);
}

/** How many payments the scope holds, optionally only those made from `from` or before `before`. */
export async function countPayments(
  db: DbOrTx,
  scope: PaymentListScope,
  part: { from?: Date; before?: Date } = {},
): Promise<number> {
  const { claims, ...rest } = scope;
  const onlyClaims = !rest.status && !rest.psp && !rest.from && !rest.to;
  if (claims && onlyClaims && !part.from && !part.before) {
    // The claims alone: counted on their own table, without reading the payments.
    const [row] = await db
      .select({ total: sql<number>`count(distinct ${paymentAttemptInvoices.attemptId})::int` })
      .from(paymentAttemptInvoices)
      .where(claimConditions(scope.organizationId, claims));
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(paymentAttempts)
    .where(
      and(
        paymentListConditions(scope),
        part.from ? gte(paymentAttempts.createdAt, part.from) : undefined,
        part.before ? lt(paymentAttempts.createdAt, part.before) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/**
 * The refunds' state in one line: any refund asked for, completed or failed changes it, and only
 * refunds move an old payment between the success states.
 */
export async function refundsFingerprint(db: DbOrTx, organizationId: string): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${paymentRefunds.status} = 'pending'))::int`,
      last: sql<string | null>`max(${paymentRefunds.createdAt})::text`,
    })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.organizationId, organizationId));
  return `${row?.count ?? 0}/${row?.pending ?? 0}/${row?.last ?? ''}`;
}

export interface PaymentClaim {
  attemptId: string;
  invoiceNumber: string | null;
  studentId: string;
  studentName: string;
  matricule: string;
}

/** The invoices (numbers) and students each payment claims, oldest due first. */
export async function findPaymentClaims(
  db: DbOrTx,
  organizationId: string,
  attemptIds: string[],
): Promise<PaymentClaim[]> {
  if (attemptIds.length === 0) return [];
  return db
    .select({
      attemptId: paymentAttemptInvoices.attemptId,
      invoiceNumber: invoices.number,
      studentId: students.id,
      studentName: students.fullName,
      matricule: students.matricule,
    })
    .from(paymentAttemptInvoices)
    .innerJoin(
      invoices,
      sameSchool(invoices, invoices.id, paymentAttemptInvoices, paymentAttemptInvoices.invoiceId),
    )
    .innerJoin(
      students,
      sameSchool(students, students.id, paymentAttemptInvoices, paymentAttemptInvoices.studentId),
    )
    .where(
      and(
        eq(paymentAttemptInvoices.organizationId, organizationId),
        inArray(paymentAttemptInvoices.attemptId, attemptIds),
      ),
    )
    .orderBy(asc(invoices.dueOn), asc(invoices.number));
}
