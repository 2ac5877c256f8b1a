import type { Enrolment, EnrolRequest } from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { notFound, domainError } from '../../../platform/errors';
import { publishEvent } from '../../../platform/outbox/outbox';
import type { ActingMember } from '../../../platform/http/acting-member';
import { schoolToday } from '../../organizations';
import {
  findAcademicYear,
  findCurrentAcademicYear,
  findLevel,
  planEnrolmentInvoices,
  type LevelFees,
  type SchoolYearDates,
} from '../../programmes';
import {
  auditStudent,
  countEnrolledSiblings,
  findActiveEnrolment,
  findEnrolment,
  insertEnrolment,
  lockStudent,
  markEnrolmentWithdrawn,
  type EnrolmentRow,
  type EnrolmentsToInvoice,
} from '../../students';
import { findBillingRules } from '../settings/billing-settings.service';
import { percentOfFrancs, siblingPercent } from '../invoices/invoice-rules';
import { lockMainPayers } from '../../students';
import { applyMainPayersCredit } from '../allocations/family-credit.service';
import { postInvoiceVoided, saveInvoices } from '../invoices/invoice-ledger.service';
import {
  reserveInvoiceNumbers,
  voidUnpaidInvoicesOfEnrolment,
  type NewInvoice,
} from '../invoices/invoices.repository';
import { applyGrantedScholarships } from '../discounts/scholarships.service';

type BillingRules = Awaited<ReturnType<typeof findBillingRules>>;

/**
 * The invoices one enrolment issues: the level's schedule, each tuition line followed by the
 * sibling discount of the student's rank in the family (children of the same main payer enrolled
 * the same year, in enrolment order).
 */
export function enrolmentInvoices(
  enrolment: Pick<EnrolmentRow, 'id' | 'studentId' | 'academicYearId'>,
  level: LevelFees,
  year: SchoolYearDates,
  options: { rules: BillingRules; enrolledOn: string; siblingRank: number },
): NewInvoice[] {
  const percent = siblingPercent(options.siblingRank, {
    enabled: options.rules.siblingDiscountEnabled,
    secondChildPercent: options.rules.siblingSecondPercent,
    thirdChildPercent: options.rules.siblingThirdPercent,
  });
  return planEnrolmentInvoices(level, year, {
    monthlyDueDay: options.rules.monthlyDueDay,
    enrolledOn: options.enrolledOn,
  }).map((planned) => {
    const discount = planned.kind === 'tuition' ? percentOfFrancs(planned.amount, percent) : 0;
    return {
      studentId: enrolment.studentId,
      enrolmentId: enrolment.id,
      academicYearId: enrolment.academicYearId,
      scheduleKey: planned.scheduleKey,
      label: planned.label,
      dueOn: planned.dueOn,
      lines: [
        { kind: planned.kind, label: planned.label, amount: planned.amount },
        ...(discount > 0
          ? [
              {
                kind: 'sibling_discount' as const,
                label: `Réduction fratrie (${options.siblingRank}e enfant) −${percent} %`,
                amount: -discount,
                sourceKey: 'sibling',
              },
            ]
          : []),
      ],
    };
  });
}

function toEnrolment(
  row: EnrolmentRow,
  year: { id: string; label: string },
  level: { id: string; name: string },
  programme: { id: string; name: string },
): Enrolment {
  return {
    id: row.id,
    academicYear: year,
    programme,
    level,
    status: row.status,
    enrolledAt: row.enrolledAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    withdrawalReason: row.withdrawalReason,
  };
}

/**
 * Enrols a student in a level for a school year and issues the year's invoices, in one
 * transaction (a savepoint of the caller's when given one: an accepted pre-registration).
 * Enrolling again in the same level and year changes nothing and bills nothing.
 */
export async function enrolStudent(
  db: DbOrTx,
  acting: ActingMember,
  studentId: string,
  request: EnrolRequest,
): Promise<{ enrolment: Enrolment; created: boolean; invoicesIssued: number }> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const student = await lockStudent(tx, organizationId, studentId);
    if (!student) throw notFound('STUDENT_NOT_FOUND');
    if (student.archivedAt) throw domainError('STUDENT_ARCHIVED');
    const year = request.academicYearId
      ? await findAcademicYear(tx, organizationId, request.academicYearId)
      : await findCurrentAcademicYear(tx, organizationId);
    if (!year) {
      throw request.academicYearId ? notFound('YEAR_NOT_FOUND') : domainError('NO_CURRENT_YEAR');
    }
    const found = await findLevel(tx, organizationId, request.levelId);
    if (!found) throw notFound('LEVEL_NOT_FOUND');
    const yearRef = { id: year.id, label: year.label };
    const levelRef = { id: found.level.id, name: found.level.name };
    const programmeRef = { id: found.programme.id, name: found.programme.name };

    const existing = await findActiveEnrolment(tx, organizationId, studentId, year.id);
    if (existing) {
      if (existing.levelId !== request.levelId) {
        throw domainError('OTHER_LEVEL_THIS_YEAR');
      }
      return {
        enrolment: toEnrolment(existing, yearRef, levelRef, programmeRef),
        created: false,
        invoicesIssued: 0,
      };
    }
    if (found.level.archivedAt || found.programme.archivedAt) {
      throw domainError('LEVEL_ARCHIVED', {}, { field: 'levelId' });
    }
    const today = await schoolToday(tx, organizationId);
    const enrolment = await insertEnrolment(tx, {
      organizationId,
      studentId,
      levelId: found.level.id,
      academicYearId: year.id,
    });
    const invoiceIds = await issueInvoicesOfEnrolments(tx, acting, {
      enrolments: [enrolment],
      level: found.level,
      year,
      today,
    });
    const issued = invoiceIds.length;
    await auditStudent(
      tx,
      acting,
      'student.enrolled',
      studentId,
      {
        étudiant: student.fullName,
        matricule: student.matricule,
        programme: found.programme.name,
        niveau: found.level.name,
        année: year.label,
        'factures émises': issued,
      },
      'invoice',
    );
    // Automations react (a welcome message…). The import enrols without it: its students are a
    // school's existing roll moved in, not new enrolments to greet (decisions/0023).
    await publishEvent(
      tx,
      'student.enrolled',
      {
        studentId,
        enrolmentId: enrolment.id,
        levelId: found.level.id,
        programmeId: found.programme.id,
        academicYearId: year.id,
        enrolledAt: enrolment.enrolledAt.toISOString(),
        invoiceIds,
      },
      { organizationId, aggregateId: studentId },
    );
    return {
      enrolment: toEnrolment(enrolment, yearRef, levelRef, programmeRef),
      created: true,
      invoicesIssued: issued,
    };
  });
}

/**
 * Issues the invoices of new enrolments of one level and year (one student, or an import's batch):
 * numbers reserved in one step, invoices, lines and their ledger postings written in a few
 * statements, then the scholarships already granted for that year applied as lines, then the
 * main payers' credit, if any, spent on them.
 */
export async function issueEnrolmentInvoices(
  tx: Transaction,
  acting: ActingMember,
  batch: EnrolmentsToInvoice,
): Promise<number> {
  return (await issueInvoicesOfEnrolments(tx, acting, batch)).length;
}

/** `issueEnrolmentInvoices`, answering the ids of the invoices issued. */
async function issueInvoicesOfEnrolments(
  tx: Transaction,
  acting: ActingMember,
  batch: EnrolmentsToInvoice,
): Promise<string[]> {
  const { organizationId } = acting;
  const rules = await findBillingRules(tx, organizationId);
  const drafts: NewInvoice[] = [];
  for (const enrolment of batch.enrolments) {
    const siblingRank = rules.siblingDiscountEnabled
      ? (await countEnrolledSiblings(tx, organizationId, enrolment)) + 1
      : 1;
    drafts.push(
      ...enrolmentInvoices(enrolment, batch.level, batch.year, {
        rules,
        enrolledOn: batch.today,
        siblingRank,
      }),
    );
  }
  const numbers = await reserveInvoiceNumbers(
    tx,
    organizationId,
    Number(batch.today.slice(0, 4)),
    drafts.length,
  );
  // The families' rows before any open invoice: the lock order of a payment (no deadlock).
  await lockMainPayers(
    tx,
    organizationId,
    batch.enrolments.map((enrolment) => enrolment.studentId),
  );
  const saved = await saveInvoices(tx, organizationId, drafts, {
    numbers,
    createdBy: acting.actor.label,
    issuedAt: new Date(),
    entryDate: batch.today,
  });
  for (const enrolment of batch.enrolments) {
    await applyGrantedScholarships(tx, acting, enrolment.studentId, batch.year.id);
  }
  await applyMainPayersCredit(
    tx,
    organizationId,
    batch.enrolments.map((enrolment) => enrolment.studentId),
    acting.actor,
    acting,
  );
  return saved.map((invoice) => invoice.id);
}

/**
 * Withdraws a student from a year: the enrolment is kept as withdrawn, and its invoices not yet
 * due and not paid at all are voided with the reason. What is due or partly paid stays owed.
 */
export async function withdrawEnrolment(
  db: Database,
  acting: ActingMember,
  enrolmentId: string,
  reason: string,
): Promise<{ invoicesVoided: number }> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const enrolment = await findEnrolment(tx, organizationId, enrolmentId);
    if (!enrolment) throw notFound('ENROLMENT_NOT_FOUND');
    const student = await lockStudent(tx, organizationId, enrolment.studentId);
    if (enrolment.status === 'withdrawn') {
      throw domainError('ENROLMENT_ALREADY_WITHDRAWN');
    }
    const today = await schoolToday(tx, organizationId);
    const now = new Date();
    await markEnrolmentWithdrawn(tx, organizationId, enrolmentId, { at: now, reason });
    const voided = await voidUnpaidInvoicesOfEnrolment(tx, organizationId, enrolmentId, {
      dueAfter: today,
      at: now,
      reason: `Retrait : ${reason}`,
      by: acting.actor.label,
    });
    for (const invoice of voided) await postInvoiceVoided(tx, invoice, today);
    await auditStudent(
      tx,
      acting,
      'student.withdrawn',
      enrolment.studentId,
      {
        étudiant: student!.fullName,
        matricule: student!.matricule,
        motif: reason,
        'factures annulées': voided.map((row) => row.number ?? 'brouillon').join(', ') || 'aucune',
      },
      'invoice',
    );
    return { invoicesVoided: voided.length };
  });
}
