import type { Payout, PayoutLine } from '@ecolage/contracts';
import type { PaymentSettlementRow } from '../settlements/settlements.tables';
import type { PayoutRow } from './payouts.tables';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function payoutView(row: PayoutRow): Payout {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    rail: row.rail,
    transferId: row.transferId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    gross: row.gross,
    commission: row.commission,
    providerFee: row.providerFee,
    net: row.net,
    paymentCount: row.paymentCount,
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    accountMasked: row.accountMasked,
    origin: row.origin,
    scheduledFor: row.scheduledFor,
    sentAt: iso(row.sentAt),
    paidAt: iso(row.paidAt),
    valueDate: row.valueDate,
    bankReference: row.bankReference,
    failedAt: iso(row.failedAt),
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function payoutLineView(row: PaymentSettlementRow): PayoutLine {
  return {
    id: row.id,
    kind: row.kind,
    paymentId: row.paymentId,
    day: row.day,
    occurredAt: row.occurredAt.toISOString(),
    studentLabel: row.studentLabel,
    provider: row.provider,
    wallet: row.wallet,
    gross: row.gross,
    commission: row.commission,
    providerFee: row.providerFee,
    feeRateMissing: row.feeRateMissing,
    net: row.net,
  };
}
