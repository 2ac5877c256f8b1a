import { randomUUID } from 'node:crypto';
import type { PaymentChannelValue, PaymentMethodValue } from '@ecolage/contracts';
import { amountInFrenchWords } from '@ecolage/money';
import { dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../platform/clock';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { publicBaseUrl } from '../../platform/env';
import { recordAuditEntry, type AuditEntryInput } from '../audit';
import { findInvoicesWithLines, openBalanceOfStudents } from '../billing';
import { findOrganizationsByIds, type Organization } from '../organizations';
import { findGuardian, findStudentCards, findStudentIdsOfGuardian } from '../students';
import type { ReceiptContent } from './receipt-content';
import { formatReceiptNumber, newVerificationCode, verificationUrl } from './receipt-rules';
import {
  findReceiptOfPayment,
  insertReceipt,
  lockPaymentReceipt,
  nextReceiptSequence,
  setReceiptRefundedAmount,
} from './receipts.repository';
import type { ReceiptRow } from './receipts.tables';

/** What a succeeded payment was, as its receipt needs it (the outbox event's payload, or the desk). */
export interface ReceiptPaymentFacts {
  organizationId: string;
  paymentId: string;
  guardianId: string;
  amount: number;
  wallet: PaymentMethodValue;
  provider: PaymentChannelValue;
  providerRef: string | null;
  payerPhone: string | null;
  paidAt: Date;
  /** Where the money went: the invoices paid and how much each. */
  allocations: { invoiceId: string; amount: number }[];
  /** Left as the family's credit. */
  creditAmount: number;
  /** The cashier, for a payment taken at the desk. */
  cashierName: string | null;
  /** Who the audit names; a system actor (the cashier's name when given) by default. */
  actor?: AuditEntryInput['actor'];
}

export interface IssueOptions {
  /** The moment of issue (tests); now by default. */
  now?: Date;
}

/**
 * Issues the receipt of a succeeded payment inside the caller's transaction, or answers the one it
 * already has (one receipt per payment). The number is the next of the school's year (the school's
 * calendar day of issue), gap-free: the year's counter row stays locked until commit, so call this
 * BEFORE appending the transaction's audit entries (the audit chain's lock is taken last, here
 * too), else two issuers may wait on each other.
 */
export async function issueReceipt(
  tx: Transaction,
  facts: ReceiptPaymentFacts,
  options: IssueOptions = {},
): Promise<ReceiptRow> {
  const { organizationId, paymentId } = facts;
  const existing = await findReceiptOfPayment(tx, organizationId, paymentId);
  if (existing) return existing;
  await lockPaymentReceipt(tx, organizationId, paymentId);
  // Another issuer of this payment may have committed while we waited.
  const issuedMeanwhile = await findReceiptOfPayment(tx, organizationId, paymentId);
  if (issuedMeanwhile) return issuedMeanwhile;

  const [school] = await findOrganizationsByIds(tx, [organizationId]);
  if (!school) throw new Error(`unknown school ${organizationId}`);
  const issuedAt = options.now ?? new Date();
  const timeZone = school.timeZone || DEFAULT_SCHOOL_TIME_ZONE;
  const year = Number(dayIn(timeZone, issuedAt).slice(0, 4));
  const code = newVerificationCode();
  const draft = await receiptContent(tx, facts, {
    school,
    issuedAt,
    timeZone,
    verificationUrl: verificationUrl(publicBaseUrl(), code),
  });
  // The counter is taken last, so its row stays locked for as short a time as possible.
  const sequence = await nextReceiptSequence(tx, organizationId, year);
  const content: ReceiptContent = { ...draft, number: formatReceiptNumber(year, sequence) };
  const receipt = await insertReceipt(tx, {
    id: randomUUID(),
    organizationId,
    paymentId,
    year,
    sequence,
    number: content.number,
    verificationCode: code,
    amount: facts.amount,
    content,
    issuedAt,
  });
  await recordAuditEntry(tx, {
    organizationId,
    actor: facts.actor ?? {
      type: 'system',
      label: facts.cashierName ? `Caisse (${facts.cashierName})` : 'Émission des reçus',
    },
    action: 'receipt.issued',
    resourceType: 'receipt',
    resourceId: receipt.id,
    category: 'payment',
    details: {
      numero: receipt.number,
      paiement: paymentId,
      montant: receipt.amount,
      payeur: content.payer.name,
    },
  });
  return receipt;
}

/** The paper's frozen content: school, payer, students, invoices paid, balance left. */
async function receiptContent(
  db: DbOrTx,
  facts: ReceiptPaymentFacts,
  issue: { school: Organization; issuedAt: Date; timeZone: string; verificationUrl: string },
): Promise<Omit<ReceiptContent, 'number'>> {
  const { organizationId } = facts;
  const { school } = issue;
  const guardian = await findGuardian(db, organizationId, facts.guardianId);
  const applied = new Map<string, number>();
  for (const { invoiceId, amount } of facts.allocations) {
    applied.set(invoiceId, (applied.get(invoiceId) ?? 0) + amount);
  }
  const invoices = await findInvoicesWithLines(db, organizationId, [...applied.keys()]);
  // A payment that went wholly to credit names the family's students.
  const studentIds =
    invoices.length > 0
      ? invoices.map((invoice) => invoice.studentId)
      : await findStudentIdsOfGuardian(db, organizationId, facts.guardianId);
  const students = await findStudentCards(db, organizationId, studentIds);
  const remainingBalance = await openBalanceOfStudents(db, organizationId, studentIds);
  const address = [school.address, school.city].filter(Boolean).join(', ');
  return {
    school: {
      name: school.name,
      address: address || null,
      phone: school.supportPhone,
      email: school.contactEmail,
      country: school.country,
      logo: null,
      brandColor: school.brandColor,
    },
    issuedAt: issue.issuedAt.toISOString(),
    timeZone: issue.timeZone,
    paidAt: facts.paidAt.toISOString(),
    payer: {
      name: guardian?.fullName ?? 'Responsable',
      phone: facts.payerPhone ?? guardian?.phone ?? null,
    },
    students: students.map((student) => ({
      id: student.id,
      name: student.fullName,
      matricule: student.matricule,
      programme: student.programme,
      level: student.level,
    })),
    invoices: invoices.map((invoice) => ({
      number: invoice.number,
      label: invoice.label,
      studentName: invoice.studentName,
      amountApplied: applied.get(invoice.id) ?? 0,
      lines: invoice.lines,
    })),
    creditAmount: facts.creditAmount,
    amount: facts.amount,
    amountInWords: amountInFrenchWords(facts.amount),
    method: facts.wallet,
    provider: facts.provider,
    providerRef: facts.providerRef,
    remainingBalance,
    cashierName: facts.cashierName,
    verificationUrl: issue.verificationUrl,
  };
}

/**
 * Keeps the receipt's refund state: the refunds helper calls it with what has been paid back in
 * all (the receipt and its verification page then say « partiellement remboursé » or « annulé »).
 * Returns the receipt as updated, or undefined when the payment has none yet.
 */
export async function markReceiptRefunded(
  tx: Transaction,
  organizationId: string,
  paymentId: string,
  refundedAmount: number,
): Promise<ReceiptRow | undefined> {
  if (!Number.isSafeInteger(refundedAmount) || refundedAmount < 0) {
    throw new RangeError('refunded amount must be a whole, non-negative number of francs');
  }
  return setReceiptRefundedAmount(tx, organizationId, paymentId, refundedAmount);
}
