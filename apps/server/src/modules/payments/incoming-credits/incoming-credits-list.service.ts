import type {
  IncomingCredit,
  IncomingCreditMatch,
  IncomingCreditPage,
  IncomingCreditSource,
  IncomingCreditStatus,
  MerchantAccount,
  PaymentMethodValue,
  ProviderValue,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentReceipts } from '../list/payment-receipts';
import { findCreditNames, findStudentIdsMatching } from './incoming-credits.reads';
import type { IncomingCreditRow } from './incoming-credits.tables';
import {
  listIncomingCredits,
  listMerchantAccounts,
  sumWaitingCredits,
} from './incoming-credits.repository';

export const INCOMING_CREDITS_PAGE_SIZE = 20;

/** A page of the school's credits, newest first, with names, receipts and the queue's total. */
export async function incomingCreditsPage(
  db: DbOrTx,
  organizationId: string,
  query: { status?: IncomingCreditStatus; q?: string; page: number },
): Promise<IncomingCreditPage> {
  const pageSize = INCOMING_CREDITS_PAGE_SIZE;
  const q = query.q?.trim();
  const studentIds = q ? await findStudentIdsMatching(db, organizationId, q) : [];
  const { rows, total } = await listIncomingCredits(db, organizationId, {
    ...query,
    studentIds,
    pageSize,
  });
  const items = await describeCredits(db, organizationId, rows);
  return {
    items,
    total,
    page: query.page,
    pageSize,
    waiting: await sumWaitingCredits(db, organizationId),
  };
}

/** Credits as the queue shows them: student and payer names, the payment's receipt once issued. */
export async function describeCredits(
  db: DbOrTx,
  organizationId: string,
  rows: IncomingCreditRow[],
): Promise<IncomingCredit[]> {
  const names = await findCreditNames(db, organizationId, {
    studentIds: [...new Set(rows.flatMap((row) => (row.studentId ? [row.studentId] : [])))],
    guardianIds: [...new Set(rows.flatMap((row) => (row.guardianId ? [row.guardianId] : [])))],
  });
  const paymentIds = rows.flatMap((row) => (row.paymentId ? [row.paymentId] : []));
  const receipts = await paymentReceipts().findReceiptsOfPayments(db, organizationId, paymentIds);
  return rows.map((row) => ({
    id: row.id,
    source: row.source as IncomingCreditSource,
    provider: row.provider,
    wallet: row.wallet as PaymentMethodValue | null,
    providerTxnId: row.providerTxnId,
    amount: row.amount,
    reference: row.reference,
    payerPhone: row.payerPhone,
    payerName: row.payerName,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status as IncomingCreditStatus,
    matchedBy: row.matchedBy as IncomingCreditMatch | null,
    student: (row.studentId && names.students.get(row.studentId)) || null,
    guardianName: (row.guardianId && names.guardians.get(row.guardianId)) || null,
    paymentId: row.paymentId,
    receipt: (row.paymentId && receipts.get(row.paymentId)) || null,
    assignedBy: row.assignedBy,
    assignedAt: row.assignedAt?.toISOString() ?? null,
    note: row.note,
  }));
}

/** The school's merchant accounts (how its customers' merchant payments find it). */
export async function merchantAccountsOf(
  db: DbOrTx,
  organizationId: string,
): Promise<MerchantAccount[]> {
  const rows = await listMerchantAccounts(db, organizationId);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider as ProviderValue,
    merchantCode: row.merchantCode,
    label: row.label,
  }));
}
