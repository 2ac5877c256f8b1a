import type { ReceiptFormatValue, ReceiptItem, ReceiptVerification } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import type { FileStorage } from '../../platform/storage';
import { notFound } from '../../platform/errors';
import { findOrganizationById, schoolLogoUrl } from '../organizations';
import { findStudent } from '../students';
import { receiptLook } from './receipt-look';
import { renderReceiptPdf } from './receipt-pdf';
import { initialAndSurname, receiptStatus } from './receipt-rules';
import { findReceipt, findReceiptByCode, findStudentReceiptPage } from './receipts.repository';
import type { ReceiptRow } from './receipts.tables';

/** A receipt as lists show it. */
export function toReceiptItem(receipt: ReceiptRow): ReceiptItem {
  const { content } = receipt;
  return {
    id: receipt.id,
    number: receipt.number,
    paymentId: receipt.paymentId,
    issuedAt: receipt.issuedAt.toISOString(),
    amount: receipt.amount,
    refundedAmount: receipt.refundedAmount,
    status: receiptStatus(receipt),
    provider: content.provider,
    wallet: content.method,
    payerName: content.payer.name,
    verificationUrl: content.verificationUrl,
  };
}

/** The school's receipt, else 404 (another school's id included). */
export async function getReceipt(db: DbOrTx, organizationId: string, receiptId: string) {
  const receipt = await findReceipt(db, organizationId, receiptId);
  if (!receipt) throw notFound('RECEIPT_NOT_FOUND');
  return receipt;
}

/** The receipt's PDF in the format asked, named after its number, in the school's look today. */
export async function receiptPdf(
  db: DbOrTx,
  files: FileStorage,
  organizationId: string,
  receiptId: string,
  format: ReceiptFormatValue,
): Promise<{ fileName: string; pdf: Buffer }> {
  const receipt = await getReceipt(db, organizationId, receiptId);
  const suffix = format === 'thermal' ? '-ticket' : '';
  return {
    fileName: `${receipt.number}${suffix}.pdf`,
    pdf: await renderReceiptPdf(receipt, format, await receiptLook(db, files, organizationId)),
  };
}

/**
 * A receipt's A4 PDF by the code of its QR (the payer's download after paying online): the code
 * is the secret, as for the verification page; an unknown code is a neutral 404.
 */
export async function publicReceiptPdf(
  db: DbOrTx,
  files: FileStorage,
  code: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const receipt = await findReceiptByCode(db, code);
  if (!receipt) throw notFound('RECEIPT_VERIFICATION_NOT_FOUND');
  const look = await receiptLook(db, files, receipt.organizationId);
  return { fileName: `${receipt.number}.pdf`, pdf: await renderReceiptPdf(receipt, 'a4', look) };
}

/** The receipts that name the student (their payment history's papers), newest first. */
export async function listStudentReceipts(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  query: { page: number; pageSize: number },
) {
  const student = await findStudent(db, organizationId, studentId);
  if (!student) throw notFound('STUDENT_NOT_FOUND');
  const { rows, total } = await findStudentReceiptPage(db, organizationId, studentId, query);
  return { items: rows.map(toReceiptItem), total, page: query.page, pageSize: query.pageSize };
}

/**
 * What the public verification page shows of a receipt: enough to tell a real paper from a fake
 * (school, number, amount, date, refund state, students as « K. Agbéko »), nothing more.
 */
export async function verifyReceipt(db: DbOrTx, code: string): Promise<ReceiptVerification> {
  const receipt = await findReceiptByCode(db, code);
  if (!receipt) throw notFound('RECEIPT_VERIFICATION_NOT_FOUND');
  const school = await findOrganizationById(db, receipt.organizationId);
  return {
    number: receipt.number,
    schoolName: receipt.content.school.name,
    schoolLogoUrl: school ? schoolLogoUrl(school) : null,
    schoolSlug: school?.slug ?? null,
    issuedAt: receipt.issuedAt.toISOString(),
    amount: receipt.amount,
    refundedAmount: receipt.refundedAmount,
    status: receiptStatus(receipt),
    studentNames: receipt.content.students.map((student) => initialAndSurname(student.name)),
  };
}
