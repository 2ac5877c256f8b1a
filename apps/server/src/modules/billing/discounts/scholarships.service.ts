import type {
  Scholarship,
  ScholarshipDecisionRequest,
  ScholarshipRequest,
} from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { notFound, domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { formatFrancs } from '@ecolage/money';
import { findAcademicYear, findCurrentAcademicYear } from '../../programmes';
import { schoolToday } from '../../organizations';
import { auditStudent, findStudent } from '../../students';
import type { ScholarshipRow } from '../billing.tables';
import {
  findScholarshipInvoices,
  findScholarshipPage,
  type ScholarshipFilter,
} from './scholarships.reads';
import {
  findGrantedScholarships,
  findLinesOfSource,
  insertScholarship,
  lockScholarship,
  recordScholarshipDecision,
} from './scholarships.repository';
import { scholarshipDiscounts } from '../invoices/invoice-rules';
import { addInvoiceLine } from '../invoices/invoice-ledger.service';
import { findStudentYearInvoices, findTuitionTotals } from '../invoices/invoices.repository';

const sourceKey = (scholarshipId: string) => `scholarship:${scholarshipId}`;

function describe(row: Pick<ScholarshipRow, 'kind' | 'value' | 'name'>) {
  return `Bourse « ${row.name} » ${row.kind === 'percent' ? `−${row.value} %` : `−${formatFrancs(row.value)}`}`;
}

/**
 * Applies the scholarships granted to a student for a year to that year's open invoices, as
 * discount lines (never edits): each invoice gets each scholarship once (its source key), capped
 * at what the invoice still owes. Called when a scholarship is granted and when new invoices of
 * that year are issued.
 */
export async function applyGrantedScholarships(
  tx: Transaction,
  acting: ActingMember,
  studentId: string,
  academicYearId: string,
  only?: string,
): Promise<number> {
  const { organizationId } = acting;
  const granted = await findGrantedScholarships(tx, organizationId, {
    studentId,
    academicYearId,
    only,
  });
  if (granted.length === 0) return 0;
  const yearInvoices = await findStudentYearInvoices(tx, organizationId, studentId, academicYearId);
  const payable = yearInvoices.filter((invoice) =>
    ['open', 'partially_paid'].includes(invoice.status),
  );
  if (payable.length === 0) return 0;
  const tuition = await findTuitionTotals(
    tx,
    organizationId,
    payable.map((invoice) => invoice.id),
  );
  const balances = new Map(payable.map((invoice) => [invoice.id, invoice.total - invoice.paid]));
  const today = await schoolToday(tx, organizationId);
  let applied = 0;
  for (const scholarship of granted) {
    const existing = await findLinesOfSource(
      tx,
      organizationId,
      yearInvoices.map((invoice) => invoice.id),
      sourceKey(scholarship.id),
    );
    const done = new Set(existing.map((line) => line.invoiceId));
    const alreadyApplied = -existing.reduce((sum, line) => sum + line.amount, 0);
    const targets = payable.filter((invoice) => !done.has(invoice.id));
    const discounts = scholarshipDiscounts(
      scholarship,
      targets.map((invoice) => ({
        tuition: tuition.get(invoice.id) ?? 0,
        balance: balances.get(invoice.id) ?? 0,
      })),
      alreadyApplied,
    );
    for (const [index, invoice] of targets.entries()) {
      const discount = discounts[index]!;
      if (discount <= 0) continue;
      await addInvoiceLine(
        tx,
        organizationId,
        invoice.id,
        {
          kind: 'scholarship',
          label: describe(scholarship),
          amount: -discount,
          sourceKey: sourceKey(scholarship.id),
          createdBy: acting.actor.label,
        },
        today,
      );
      balances.set(invoice.id, (balances.get(invoice.id) ?? 0) - discount);
      applied += discount;
    }
  }
  return applied;
}

export async function listScholarships(
  db: DbOrTx,
  organizationId: string,
  query: ScholarshipFilter & { page: number; pageSize: number },
) {
  const { rows, total } = await findScholarshipPage(db, organizationId, query);
  const touched = await findScholarshipInvoices(
    db,
    organizationId,
    rows.map((row) => row.scholarship.id),
  );
  const items: Scholarship[] = rows.map(({ scholarship, student, programme, year, applied }) => ({
    id: scholarship.id,
    student,
    programme,
    academicYear: year,
    name: scholarship.name,
    kind: scholarship.kind,
    value: scholarship.value,
    amountApplied: applied,
    reason: scholarship.reason,
    status: scholarship.status,
    recommendedBy: scholarship.recommendedBy,
    recommendedByUserId: scholarship.recommendedByUserId,
    decidedBy: scholarship.decidedBy,
    decidedAt: scholarship.decidedAt?.toISOString() ?? null,
    refusalReason: scholarship.refusalReason,
    invoices: touched
      .filter((line) => line.sourceKey === sourceKey(scholarship.id))
      .map((line) => ({
        id: line.id,
        number: line.number,
        label: line.label,
        dueOn: line.dueOn,
        total: line.total,
        balance: line.total - line.paid,
        lineLabel: line.lineLabel,
        discount: -line.amount,
      })),
    createdAt: scholarship.createdAt.toISOString(),
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** One scholarship of the school with its effect on the invoices; another school's → 404. */
export async function getScholarship(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<Scholarship> {
  const { items } = await listScholarships(db, organizationId, { id, page: 1, pageSize: 1 });
  if (!items[0]) throw notFound('SCHOLARSHIP_NOT_FOUND');
  return items[0];
}

const userIdOf = (acting: ActingMember) =>
  acting.actor.type === 'user' ? acting.actor.userId : null;

/**
 * Recommends a scholarship (creating one is recommending it): a member holding
 * grant:scholarships, never the recommender, grants or refuses it (`decideScholarship`).
 */
export async function createScholarship(
  db: Database,
  acting: ActingMember,
  request: ScholarshipRequest,
): Promise<Scholarship> {
  const id = await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const student = await findStudent(tx, organizationId, request.studentId);
    if (!student) {
      throw domainError('STUDENT_NOT_FOUND', {}, { field: 'studentId', statusCode: 400 });
    }
    const year = request.academicYearId
      ? await findAcademicYear(tx, organizationId, request.academicYearId)
      : await findCurrentAcademicYear(tx, organizationId);
    if (!year) {
      throw domainError('YEAR_NOT_FOUND', {}, { field: 'academicYearId', statusCode: 400 });
    }
    const row = await insertScholarship(tx, {
      organizationId,
      studentId: student.id,
      academicYearId: year.id,
      name: request.name,
      kind: request.kind,
      value: request.value,
      reason: request.reason,
      status: 'recommended',
      recommendedBy: acting.actor.label,
      recommendedByUserId: userIdOf(acting),
    });
    await auditStudent(
      tx,
      acting,
      'scholarship.recommended',
      student.id,
      {
        étudiant: student.fullName,
        bourse: describe(row),
        année: year.label,
        motif: request.reason,
      },
      'invoice',
    );
    return row.id;
  });
  return getScholarship(db, acting.organizationId, id);
}

/**
 * Grants or refuses a recommended scholarship (refusing takes a reason); a grant adds its
 * discount lines at once. The member who recommended it may not decide it.
 */
export async function decideScholarship(
  db: Database,
  acting: ActingMember,
  scholarshipId: string,
  request: ScholarshipDecisionRequest,
): Promise<Scholarship> {
  const { decision } = request;
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const current = await lockScholarship(tx, organizationId, scholarshipId);
    if (!current) throw notFound('SCHOLARSHIP_NOT_FOUND');
    if (current.status !== 'recommended') {
      throw domainError('SCHOLARSHIP_ALREADY_DECIDED');
    }
    const decider = userIdOf(acting);
    if (decider && decider === current.recommendedByUserId) {
      throw domainError('SCHOLARSHIP_SELF_DECISION');
    }
    const refusalReason = decision === 'refused' ? (request.reason ?? '').trim() : null;
    await recordScholarshipDecision(tx, organizationId, scholarshipId, {
      status: decision,
      by: acting.actor.label,
      byUserId: decider,
      at: new Date(),
      refusalReason,
    });
    const applied =
      decision === 'granted'
        ? await applyGrantedScholarships(
            tx,
            acting,
            current.studentId,
            current.academicYearId,
            current.id,
          )
        : 0;
    const student = await findStudent(tx, organizationId, current.studentId);
    await auditStudent(
      tx,
      acting,
      decision === 'granted' ? 'scholarship.granted' : 'scholarship.refused',
      current.studentId,
      {
        étudiant: student?.fullName,
        bourse: describe(current),
        ...(decision === 'granted' ? { 'montant déduit': applied } : { motif: refusalReason }),
      },
      'invoice',
    );
  });
  return getScholarship(db, acting.organizationId, scholarshipId);
}
