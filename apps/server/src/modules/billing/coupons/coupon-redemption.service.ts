import {
  couponLineLabel,
  couponRedemptionChannelLabels,
  type AppliedCoupon,
  type CouponRedemptionChannel,
  CouponMessages,
} from '@ecolage/contracts';
import type { Database, Transaction } from '../../../platform/db/database';
import { AppError, domainError, notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { schoolToday } from '../../organizations';
import { findLevel } from '../../programmes';
import { findEnrolment, findGuardian, findMainPayers } from '../../students';
import type { InvoiceRow } from '../billing.tables';
import { addInvoiceLine } from '../invoices/invoice-ledger.service';
import { findInvoiceLines, lockInvoice } from '../invoices/invoices.repository';
import { auditCoupon } from './coupon-audit';
import { checkCouponUsable, couponDiscount } from './coupon-rules';
import {
  countCouponUses,
  insertRedemption,
  lockCoupon,
  lockCouponByCode,
  lockOpenInvoicesOfStudent,
  lockRedemptionOfAdmission,
  updateRedemption,
} from './coupons.repository';
import type { CouponRedemptionRow, CouponRow } from './coupons.tables';

/** Makes a coupon's line idempotent: one coupon once per invoice. */
const couponSourceKey = (couponId: string) => `coupon:${couponId}`;

/** A typed code as stored (upper case, no spaces around); null when it cannot be a code. */
function normalisedCode(code: string): string | null {
  const value = code.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9-]{1,28}[A-Z0-9]$/.test(value) ? value : null;
}

async function lockTypedCoupon(tx: Transaction, organizationId: string, code: string) {
  const normalised = normalisedCode(code);
  const coupon = normalised ? await lockCouponByCode(tx, organizationId, normalised) : undefined;
  // An archived coupon is gone from the school's list: its code is unknown to a parent.
  if (!coupon || coupon.archivedAt) throw domainError('COUPON_UNKNOWN');
  return coupon;
}

/** The family a use counts for: the paying guardian, else the student's main payer. */
async function familyOf(
  tx: Transaction,
  organizationId: string,
  studentId: string,
  guardianId: string | null | undefined,
): Promise<string | null> {
  if (guardianId && (await findGuardian(tx, organizationId, guardianId))) return guardianId;
  const [mainPayer] = await findMainPayers(tx, organizationId, [studentId]);
  return mainPayer ?? null;
}

/** Whether a programme or level coupon covers the invoice's enrolment (others: every invoice). */
async function inScope(tx: Transaction, coupon: CouponRow, invoice: InvoiceRow): Promise<boolean> {
  if (coupon.scope !== 'programme' && coupon.scope !== 'level') return true;
  if (!invoice.enrolmentId) return false;
  const enrolment = await findEnrolment(tx, invoice.organizationId, invoice.enrolmentId);
  if (!enrolment) return false;
  if (coupon.scope === 'level') return enrolment.levelId === coupon.levelId;
  const level = await findLevel(tx, invoice.organizationId, enrolment.levelId);
  return level?.programme.id === coupon.programmeId;
}

/**
 * The discount of `coupon` on one locked invoice: an issued invoice still owing, in the coupon's
 * scope, not already carrying it. Throws the refusal's domain error.
 */
async function discountOn(tx: Transaction, coupon: CouponRow, invoice: InvoiceRow) {
  const lines = await findInvoiceLines(tx, invoice.organizationId, invoice.id);
  if (lines.some((line) => line.sourceKey === couponSourceKey(coupon.id))) {
    throw domainError('COUPON_ALREADY_ON_INVOICE');
  }
  if (
    !['open', 'partially_paid'].includes(invoice.status) ||
    !(await inScope(tx, coupon, invoice))
  ) {
    throw domainError('COUPON_NOT_APPLICABLE');
  }
  return couponDiscount(coupon, { balance: invoice.total - invoice.paid, lines });
}

/** Adds the discount line (posted D 7069 / C 4111 by `addInvoiceLine`) and says what it did. */
async function addCouponLine(
  tx: Transaction,
  acting: ActingMember,
  coupon: CouponRow,
  invoice: InvoiceRow,
  discount: number,
  today: string,
) {
  const label = couponLineLabel(coupon.code, coupon.kind, coupon.value);
  const line = await addInvoiceLine(
    tx,
    acting.organizationId,
    invoice.id,
    {
      kind: 'coupon',
      label,
      amount: -discount,
      sourceKey: couponSourceKey(coupon.id),
      createdBy: acting.actor.label,
    },
    today,
  );
  if (!line) throw domainError('COUPON_ALREADY_ON_INVOICE');
  const applied: AppliedCoupon = {
    code: coupon.code,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    discount,
    balance: invoice.total - invoice.paid - discount,
    label,
  };
  return { line, applied };
}

function usedDetails(coupon: CouponRow, invoice: InvoiceRow, discount: number, channel: string) {
  return {
    code: coupon.code,
    facture: invoice.number,
    'montant déduit': discount,
    canal: channel,
  };
}

/**
 * Checks and applies a coupon to ONE invoice in the caller's transaction. Locks the invoice, then
 * the coupon (FOR UPDATE: concurrent uses of one coupon queue there, so its limits hold), checks
 * it (disabled, days, total and family limits, scope, amount ≤ balance), adds the discount line
 * with its ledger posting, records the use (applied) and audits. Throws the COUPON_* refusals.
 */
export async function redeemCoupon(
  tx: Transaction,
  acting: ActingMember,
  input: {
    code: string;
    invoiceId: string;
    channel: CouponRedemptionChannel;
    /** The paying guardian (family) when known; else the invoice's student's main payer. */
    guardianId?: string | null;
  },
): Promise<AppliedCoupon> {
  const { organizationId } = acting;
  // Invoice first, then coupon: the order a payment of that invoice takes, so neither deadlocks.
  const invoice = await lockInvoice(tx, organizationId, input.invoiceId);
  if (!invoice) throw notFound('INVOICE_NOT_FOUND');
  const coupon = await lockTypedCoupon(tx, organizationId, input.code);
  const lines = await findInvoiceLines(tx, organizationId, invoice.id);
  if (lines.some((line) => line.sourceKey === couponSourceKey(coupon.id))) {
    throw domainError('COUPON_ALREADY_ON_INVOICE');
  }
  const guardianId = await familyOf(tx, organizationId, invoice.studentId, input.guardianId);
  const uses = await countCouponUses(tx, organizationId, coupon.id, {
    guardianId,
    studentId: invoice.studentId,
  });
  const today = await schoolToday(tx, organizationId);
  checkCouponUsable(coupon, today, uses);
  const discount = await discountOn(tx, coupon, invoice);
  const { line, applied } = await addCouponLine(tx, acting, coupon, invoice, discount, today);
  await insertRedemption(tx, {
    organizationId,
    couponId: coupon.id,
    studentId: invoice.studentId,
    guardianId,
    invoiceId: invoice.id,
    lineId: line.id,
    amount: discount,
    channel: input.channel,
    status: 'applied',
    createdBy: acting.actor.label,
  });
  await auditCoupon(
    tx,
    acting,
    'coupon.applied',
    coupon.id,
    usedDetails(coupon, invoice, discount, couponRedemptionChannelLabels[input.channel]),
    'invoice',
  );
  return applied;
}

/** The cashier's « Appliquer un coupon » on one invoice at the desk, in its own transaction. */
export function applyDeskCoupon(
  db: Database,
  acting: ActingMember,
  invoiceId: string,
  code: string,
): Promise<AppliedCoupon> {
  return db.transaction((tx) => redeemCoupon(tx, acting, { code, invoiceId, channel: 'desk' }));
}

/**
 * Pre-registration: checks the coupon for a programme and level (no invoice yet) and holds one
 * use (reserved, with the admission) under the same lock and limits. Idempotent per admission: the
 * same code again returns the held use; another code releases it first.
 */
export async function reserveCoupon(
  tx: Transaction,
  acting: ActingMember,
  input: {
    code: string;
    admissionId: string;
    studentId: string;
    programmeId: string;
    levelId: string;
  },
): Promise<{ couponId: string; code: string }> {
  const { organizationId } = acting;
  const coupon = await lockTypedCoupon(tx, organizationId, input.code);
  const held = await lockRedemptionOfAdmission(tx, organizationId, input.admissionId);
  if (held?.couponId === coupon.id) return { couponId: coupon.id, code: coupon.code };
  if (held) await release(tx, acting, held, CouponMessages.notApplicable);
  const guardianId = await familyOf(tx, organizationId, input.studentId, null);
  const uses = await countCouponUses(tx, organizationId, coupon.id, {
    guardianId,
    studentId: input.studentId,
  });
  checkCouponUsable(coupon, await schoolToday(tx, organizationId), uses);
  const level = await findLevel(tx, organizationId, input.levelId);
  const fits =
    coupon.scope === 'all' ||
    (coupon.scope === 'programme' && coupon.programmeId === input.programmeId) ||
    (coupon.scope === 'level' && coupon.levelId === input.levelId) ||
    (coupon.scope === 'registration' && (level?.level.registrationFee ?? 0) > 0);
  if (!fits) throw domainError('COUPON_NOT_APPLICABLE');
  await insertRedemption(tx, {
    organizationId,
    couponId: coupon.id,
    studentId: input.studentId,
    guardianId,
    admissionId: input.admissionId,
    channel: 'pre_registration',
    status: 'reserved',
    createdBy: acting.actor.label,
  });
  await auditCoupon(
    tx,
    acting,
    'coupon.reserved',
    coupon.id,
    { code: coupon.code, canal: couponRedemptionChannelLabels.pre_registration },
    'invoice',
  );
  return { couponId: coupon.id, code: coupon.code };
}

async function release(
  tx: Transaction,
  acting: ActingMember,
  held: CouponRedemptionRow,
  reason: string,
) {
  await updateRedemption(tx, acting.organizationId, held.id, { status: 'released' });
  const coupon = await lockCoupon(tx, acting.organizationId, held.couponId);
  await auditCoupon(
    tx,
    acting,
    'coupon.released',
    held.couponId,
    { code: coupon?.code, motif: reason },
    'invoice',
  );
}

/**
 * On acceptance, after the invoices are issued: applies the held use to the student's first
 * eligible open invoice (oldest due first; a registration coupon lands on the invoice with the
 * registration fee). The use was counted when held, so the limits and days are not checked again:
 * the parent keeps what the form promised. No eligible invoice or nothing to discount → the use is
 * released and the reason returned. Idempotent: an applied use answers the same again; nothing
 * held → null.
 */
export async function applyCouponReservation(
  tx: Transaction,
  acting: ActingMember,
  admissionId: string,
): Promise<AppliedCoupon | { released: string } | null> {
  const { organizationId } = acting;
  const held = await lockRedemptionOfAdmission(tx, organizationId, admissionId);
  if (!held) return null;
  if (held.status === 'applied' && held.invoiceId) {
    const invoice = (await lockInvoice(tx, organizationId, held.invoiceId))!;
    const coupon = (await lockCoupon(tx, organizationId, held.couponId))!;
    return {
      code: coupon.code,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      discount: held.amount,
      balance: invoice.total - invoice.paid,
      label: couponLineLabel(coupon.code, coupon.kind, coupon.value),
    };
  }
  // Invoices first, then the coupon: the order of `redeemCoupon` and of a payment.
  const candidates = await lockOpenInvoicesOfStudent(tx, organizationId, held.studentId);
  const coupon = (await lockCoupon(tx, organizationId, held.couponId))!;
  let reason: string = CouponMessages.notApplicable;
  for (const invoice of candidates) {
    let discount: number;
    try {
      discount = await discountOn(tx, coupon, invoice);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A fixed amount over this invoice may still fit a later one; keep the most telling reason.
      if (error.code === 'COUPON_OVER_INVOICE') reason = error.message;
      continue;
    }
    const today = await schoolToday(tx, organizationId);
    const { line, applied } = await addCouponLine(tx, acting, coupon, invoice, discount, today);
    await updateRedemption(tx, organizationId, held.id, {
      status: 'applied',
      invoiceId: invoice.id,
      lineId: line.id,
      amount: discount,
    });
    await auditCoupon(
      tx,
      acting,
      'coupon.applied',
      coupon.id,
      usedDetails(coupon, invoice, discount, couponRedemptionChannelLabels[held.channel]),
      'invoice',
    );
    return applied;
  }
  await release(tx, acting, held, reason);
  return { released: reason };
}

/** On refusal: releases the held use (it no longer counts). Idempotent; an applied use stays. */
export async function releaseCouponReservation(
  tx: Transaction,
  acting: ActingMember,
  admissionId: string,
): Promise<void> {
  const held = await lockRedemptionOfAdmission(tx, acting.organizationId, admissionId);
  if (!held || held.status !== 'reserved') return;
  await release(tx, acting, held, 'Pré-inscription refusée');
}
