import type {
  PaymentChannelValue,
  PaymentPspValue,
  PaymentMethodValue,
  PaymentRow,
  PaymentRowPage,
  PaymentStatusValue,
} from '@ecolage/contracts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { searchTerms } from '../../../platform/search-text';
import { findOrganizationsByIds } from '../../organizations';
import { findGuardianNames } from '../../students';
import { findSessionPaymentPage } from '../desk/desk-payments.reads';
import type { PaymentListTotals } from './payment-list-totals';
import { paymentReceipts } from './payment-receipts';
import {
  findInvoiceNumbered,
  findPaymentClaims,
  findPaymentPage,
  findStudentsMatching,
  type ClaimFilter,
  type DateOrder,
  type PaymentClaim,
  type PaymentListScope,
} from './payment-list.reads';
import type { PaymentAttemptRow } from '../payments.tables';

/** The filters of « Paiements » (and of its export), as validated by the contract. */
export interface PaymentListFilters {
  status?: PaymentStatusValue;
  psp?: PaymentPspValue;
  from?: string;
  to?: string;
  student?: string;
  studentId?: string;
}

export interface PaymentListQuery extends PaymentListFilters {
  sort: DateOrder;
  page: number;
  pageSize: number;
}

/** Students a search may find and list by id (beyond: matched by a subquery). */
const MAX_LISTED_STUDENTS = 1_000;

/**
 * The student box and the student filter as claims: an invoice number when an invoice has exactly
 * that number, else a name or matricule to search (accent- and case-free).
 */
async function claimFilter(
  db: DbOrTx,
  organizationId: string,
  filters: PaymentListFilters,
): Promise<ClaimFilter | undefined> {
  const term = filters.student?.trim() ?? '';
  const terms = term ? searchTerms(term) : [];
  if (terms.length === 0) return filters.studentId ? { studentId: filters.studentId } : undefined;
  const claims: ClaimFilter = { studentId: filters.studentId };
  const invoice = await findInvoiceNumbered(db, organizationId, term.toUpperCase());
  if (invoice) return { ...claims, invoice };
  // The students found, listed, so that the planner knows how many payments they have; a search
  // matching too many to list stays a subquery.
  const found = await findStudentsMatching(db, organizationId, terms, MAX_LISTED_STUDENTS + 1);
  return found.length > MAX_LISTED_STUDENTS
    ? { ...claims, terms }
    : { ...claims, studentIds: found };
}

/** The filters in the school's terms: its time zone for the days, the student box as claims. */
export async function paymentListScope(
  db: DbOrTx,
  organizationId: string,
  filters: PaymentListFilters,
): Promise<PaymentListScope> {
  const [[school], claims] = await Promise.all([
    findOrganizationsByIds(db, [organizationId]),
    claimFilter(db, organizationId, filters),
  ]);
  return {
    organizationId,
    timeZone: school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE,
    status: filters.status,
    psp: filters.psp,
    from: filters.from,
    to: filters.to,
    ...(claims ? { claims } : {}),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The students whose invoices the claims are for, each once. */
export function claimedStudents(claims: PaymentClaim[]): PaymentRow['students'] {
  const students = new Map(
    claims.map((claim) => [
      claim.studentId,
      { id: claim.studentId, name: claim.studentName, matricule: claim.matricule },
    ]),
  );
  return [...students.values()];
}

/** The rows as the screen shows them: invoice numbers, students and receipt of each payment. */
export async function describePaymentRows(
  db: DbOrTx,
  organizationId: string,
  attempts: PaymentAttemptRow[],
): Promise<PaymentRow[]> {
  const ids = attempts.map((attempt) => attempt.id);
  const [claims, receipts, payers] = await Promise.all([
    findPaymentClaims(db, organizationId, ids),
    paymentReceipts().findReceiptsOfPayments(db, organizationId, ids),
    findGuardianNames(
      db,
      organizationId,
      attempts.map((attempt) => attempt.guardianId),
    ),
  ]);
  const claimsOf = new Map<string, PaymentClaim[]>();
  for (const claim of claims) {
    claimsOf.set(claim.attemptId, [...(claimsOf.get(claim.attemptId) ?? []), claim]);
  }
  return attempts.map((attempt) => {
    const claimed = claimsOf.get(attempt.id) ?? [];
    const numbers = claimed.flatMap((claim) => (claim.invoiceNumber ? [claim.invoiceNumber] : []));
    const receipt = receipts.get(attempt.id);
    return {
      id: attempt.id,
      createdAt: attempt.createdAt.toISOString(),
      succeededAt: iso(attempt.succeededAt),
      provider: attempt.provider as PaymentChannelValue,
      wallet: attempt.wallet as PaymentMethodValue,
      amount: attempt.amount,
      refundedAmount: attempt.refundedAmount,
      status: attempt.status,
      lateSuccess: attempt.lateSuccess,
      invoiceNumbers: [...new Set(numbers)],
      students: claimedStudents(claimed),
      guardianName: payers.get(attempt.guardianId) ?? '',
      receiptId: receipt?.id ?? null,
      receiptNumber: receipt?.number ?? null,
    };
  });
}

/**
 * One page of « Paiements ». A page past the middle is read from the other end of the date order
 * (its rows reversed back), so the last page costs what the first does instead of skipping
 * hundreds of thousands of rows.
 */
export async function listPayments(
  db: DbOrTx,
  organizationId: string,
  query: PaymentListQuery,
  totals: PaymentListTotals,
  now: Date,
): Promise<PaymentRowPage> {
  const { page, pageSize, sort } = query;
  const scope = await paymentListScope(db, organizationId, query);
  const offset = (page - 1) * pageSize;
  if (offset === 0) {
    // The first page needs no total to be found: both are read at once.
    const [total, rows] = await Promise.all([
      totals.count(db, scope, now),
      findPaymentPage(db, scope, sort, pageSize, 0),
    ]);
    return { items: await describePaymentRows(db, organizationId, rows), total, page, pageSize };
  }
  const total = await totals.count(db, scope, now);
  let rows: PaymentAttemptRow[] = [];
  if (offset < total && offset > total / 2) {
    const limit = Math.min(pageSize, total - offset);
    const fromEnd = Math.max(0, total - offset - pageSize);
    const reverse: DateOrder = sort === 'asc' ? 'desc' : 'asc';
    rows = (await findPaymentPage(db, scope, reverse, limit, fromEnd)).reverse();
  } else if (offset < total) {
    rows = await findPaymentPage(db, scope, sort, pageSize, offset);
  }
  return { items: await describePaymentRows(db, organizationId, rows), total, page, pageSize };
}

/** What a cash session took, newest first, as « Paiements » rows (the cashier's list). */
export async function listSessionPayments(
  db: DbOrTx,
  organizationId: string,
  sessionId: string,
  query: { page: number; pageSize: number },
): Promise<PaymentRowPage> {
  const { page, pageSize } = query;
  const { rows, total } = await findSessionPaymentPage(db, organizationId, sessionId, query);
  return { items: await describePaymentRows(db, organizationId, rows), total, page, pageSize };
}
