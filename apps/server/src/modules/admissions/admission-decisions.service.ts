import type {
  AcceptAdmissionResult,
  Admission,
  AppliedCoupon,
  AdmissionList,
  AdmissionStatus,
} from '@ecolage/contracts';
import type { Database, Transaction } from '../../platform/db/database';
import { notFound, domainError } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { recordAuditEntry } from '../audit';
import { applyCouponReservation, enrolStudent, releaseCouponReservation } from '../billing';
import { findOrganizationsByIds } from '../organizations';
import { issuePaymentLink, type LinkSigner } from '../payer';
import { findCurrentAcademicYear } from '../programmes';
import {
  archiveStudent,
  changeStudentStatus,
  findOrCreateGuardian,
  linkGuardianToStudent,
  lockStudent,
} from '../students';
import { notifyAccepted, notifyRefused } from './admission-messages';
import {
  findAdmission,
  findAdmissionCoupons,
  findAdmissionPage,
  type AdmissionCoupon,
  type AdmissionListRow,
} from './admission-list.reads';
import { lockAdmission, recordDecision } from './admissions.repository';

/** The staff's side of pre-registrations: the list, and accepting or refusing a request. */

function toAdmission(row: AdmissionListRow, coupon: AdmissionCoupon | undefined): Admission {
  const { admission } = row;
  return {
    id: admission.id,
    studentId: admission.studentId,
    matricule: row.matricule,
    fullName: admission.fullName,
    email: admission.email,
    phone: admission.phone,
    gender: admission.gender,
    country: admission.country as Admission['country'],
    programmeName: row.programmeName,
    levelName: row.levelName,
    status: admission.status,
    refusalReason: admission.refusalReason,
    decidedBy: admission.decidedBy,
    decidedAt: admission.decidedAt?.toISOString() ?? null,
    createdAt: admission.createdAt.toISOString(),
    campaignName: row.campaignName ?? null,
    coupon: coupon ?? null,
  };
}

export async function listAdmissions(
  db: Database,
  organizationId: string,
  query: { status: AdmissionStatus; page: number; pageSize: number },
): Promise<AdmissionList> {
  const { rows, total } = await findAdmissionPage(db, organizationId, query);
  const ids = rows.map((row) => row.admission.id);
  const coupons = await findAdmissionCoupons(db, organizationId, ids);
  const items = rows.map((row) => toAdmission(row, coupons.get(row.admission.id)));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

async function admissionOf(db: Database, organizationId: string, admissionId: string) {
  const row = await findAdmission(db, organizationId, admissionId);
  if (!row) throw notFound('ADMISSION_NOT_FOUND');
  const coupons = await findAdmissionCoupons(db, organizationId, [admissionId]);
  return toAdmission(row, coupons.get(admissionId));
}

/** The request still to examine, locked with its student, and the school; else 404 or 409. */
async function openAdmission(tx: Transaction, organizationId: string, admissionId: string) {
  const locked = await lockAdmission(tx, organizationId, admissionId);
  if (!locked) throw notFound('ADMISSION_NOT_FOUND');
  if (locked.status !== 'submitted') {
    throw domainError('ADMISSION_ALREADY_DECIDED');
  }
  const row = await findAdmission(tx, organizationId, admissionId);
  const student = await lockStudent(tx, organizationId, locked.studentId);
  const [school] = await findOrganizationsByIds(tx, [organizationId]);
  if (!row || !student || !school) throw notFound('STUDENT_NOT_FOUND');
  return { row, student, school };
}

function auditDecision(
  tx: Transaction,
  acting: ActingMember,
  action: 'admission.accepted' | 'admission.refused',
  row: AdmissionListRow,
  details: Record<string, unknown>,
) {
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'admission',
    resourceId: row.admission.id,
    category: 'student',
    details: {
      candidat: row.admission.fullName,
      matricule: row.matricule,
      programme: row.programmeName,
      niveau: row.levelName,
      ...details,
    },
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

/** The journal's words for what became of the request's coupon. */
function couponDetails(
  coupon: AppliedCoupon | { released: string } | null,
): Record<string, unknown> {
  if (!coupon) return {};
  if ('released' in coupon) return { 'code promo non appliqué': coupon.released };
  return { 'code promo': coupon.code, remise: coupon.discount };
}

/**
 * Accepts a request in one transaction: the student becomes active (status history), the
 * applicant becomes their own guardian and main payer (the school's guardian with that phone if
 * there is one), the student is enrolled in the level for the current year — which issues the
 * invoices, « Inscription » first — and the applicant receives a payment link by SMS and e-mail.
 */
export async function acceptAdmission(
  db: Database,
  signer: LinkSigner,
  acting: ActingMember,
  admissionId: string,
): Promise<AcceptAdmissionResult> {
  const { organizationId } = acting;
  const outcome = await db.transaction(async (tx) => {
    const { row, student, school } = await openAdmission(tx, organizationId, admissionId);
    const { admission } = row;
    const year = await findCurrentAcademicYear(tx, organizationId);
    if (!year) throw domainError('ADMISSION_NO_CURRENT_YEAR');
    await changeStudentStatus(tx, acting, student, {
      to: 'active',
      reason: 'Demande d’inscription acceptée',
    });
    const { guardian } = await findOrCreateGuardian(tx, organizationId, {
      fullName: admission.fullName,
      phone: admission.phone,
      email: admission.email,
    });
    await linkGuardianToStudent(tx, organizationId, student.id, guardian.id, {
      relation: 'self',
      mainPayer: true,
    });
    const { invoicesIssued } = await enrolStudent(tx, acting, student.id, {
      levelId: admission.levelId,
      academicYearId: year.id,
    });
    // The « Code promo » held since the form: a discount line of the « Inscription » invoice
    // (or of the first invoice it applies to), or released with why.
    const coupon = await applyCouponReservation(tx, acting, admission.id);
    const link = await issuePaymentLink(tx, signer, {
      organizationId,
      guardianId: guardian.id,
      purpose: 'admission',
      createdBy: acting.actor.label,
      now: new Date(),
    });
    await recordDecision(tx, organizationId, admission.id, {
      status: 'accepted',
      refusalReason: null,
      decidedBy: acting.actor.label,
      decidedAt: new Date(),
    });
    await notifyAccepted(tx, {
      school,
      admission,
      matricule: row.matricule,
      paymentLink: link,
    });
    await auditDecision(tx, acting, 'admission.accepted', row, {
      année: year.label,
      'factures émises': invoicesIssued,
      responsable: guardian.fullName,
      téléphone: guardian.phone,
      ...couponDetails(coupon),
    });
    return { invoicesIssued, paymentLinkUrl: link.url };
  });
  return { admission: await admissionOf(db, organizationId, admissionId), ...outcome };
}

/** Refuses a request: its reason kept, the student « En attente » archived, the applicant told. */
export async function refuseAdmission(
  db: Database,
  acting: ActingMember,
  admissionId: string,
  reason: string,
): Promise<Admission> {
  const { organizationId } = acting;
  await db.transaction(async (tx) => {
    const { row, student, school } = await openAdmission(tx, organizationId, admissionId);
    await recordDecision(tx, organizationId, row.admission.id, {
      status: 'refused',
      refusalReason: reason,
      decidedBy: acting.actor.label,
      decidedAt: new Date(),
    });
    await archiveStudent(tx, acting, student);
    // The coupon's use it held counts no more against its limits.
    await releaseCouponReservation(tx, acting, row.admission.id);
    await notifyRefused(tx, { school, admission: row.admission, matricule: row.matricule, reason });
    await auditDecision(tx, acting, 'admission.refused', row, { motif: reason });
  });
  return admissionOf(db, organizationId, admissionId);
}
