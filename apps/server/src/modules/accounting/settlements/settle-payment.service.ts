import type { ProviderValue, WalletValue } from '@ecolage/contracts';
import { dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import type { Transaction } from '../../../platform/db/database';
import { foldForSearch } from '../../../platform/search-text';
import { findPaymentAllocations } from '../../billing';
import { journalForAccount, LedgerAccounts, postLedgerTransaction } from '../../ledger';
import { providerFeeRateAt } from '../../operator';
import { findOrganizationById, planTermsAt } from '../../organizations';
import { commissionGivenBack, commissionOf, providerFee, studentLabelOf } from './settlement-math';
import {
  addSettlementVolume,
  findPaymentSettlement,
  findRefundSettlement,
  insertSettlement,
  lockSettlementVolume,
  sumRefundSettlements,
} from './settlements.repository';
import type { PaymentSettlementRow } from './settlements.tables';
import { findPaymentForSettlement, findRefundForSettlement } from './unsettled-payments.reads';

const SUCCEEDED = new Set(['succeeded', 'refund_pending', 'refunded', 'partially_refunded']);

/** The wallet's treasury account (552x, or the bank for a card). */
function walletAccount(wallet: string): string {
  return LedgerAccounts.wallet[wallet] ?? LedgerAccounts.bank;
}

async function schoolDay(tx: Transaction, organizationId: string, at: Date): Promise<string> {
  const school = await findOrganizationById(tx, organizationId);
  return dayIn(school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, at);
}

/** The payment's students (distinct, in the allocations' order): label, sort key, first id. */
async function studentsOf(tx: Transaction, organizationId: string, paymentId: string) {
  const allocations = await findPaymentAllocations(tx, organizationId, paymentId);
  const students = new Map<string, string>();
  for (const allocation of allocations) students.set(allocation.studentId, allocation.studentName);
  const label = studentLabelOf([...students.values()]);
  return {
    studentId: [...students.keys()][0] ?? null,
    studentLabel: label,
    studentSortKey: foldForSearch([...students.values()][0] ?? ''),
  };
}

/**
 * Writes a succeeded payment's settlement line, once (the unique key; the handler and the sweep
 * may both try): gross; the provider's fee under the rate in force at the payment's time
 * (`providerFeeRateAt`; none entered → 0 and `fee_rate_missing`); the platform's commission under
 * the school's plan terms in force then (`planTermsAt`, never the catalogue), Découverte's
 * fee-free volume taken from the school's cumulative online gross (its row locked, so two
 * payments settled at once cannot both get the free part). Desk payments: no fee, no commission,
 * `at_desk`. Posts D 6317 fee, D 6322 commission / C the wallet (`settlement:<paymentId>`).
 * Returns the line (existing or new), or null when the payment has not succeeded.
 */
export async function settlePayment(
  tx: Transaction,
  organizationId: string,
  paymentId: string,
): Promise<PaymentSettlementRow | null> {
  const existing = await findPaymentSettlement(tx, organizationId, paymentId);
  if (existing) return existing;
  const payment = await findPaymentForSettlement(tx, organizationId, paymentId);
  if (!payment || !payment.succeededAt || !SUCCEEDED.has(payment.status)) return null;
  const at = payment.succeededAt;
  const gross = payment.amount;
  const day = await schoolDay(tx, organizationId, at);
  const students = await studentsOf(tx, organizationId, paymentId);
  const base = {
    organizationId,
    kind: 'payment' as const,
    paymentId,
    provider: payment.provider,
    wallet: payment.wallet,
    occurredAt: at,
    day,
    ...students,
    gross,
  };

  if (payment.provider === 'desk') {
    const line = await insertSettlement(tx, {
      ...base,
      commission: 0,
      providerFee: 0,
      net: gross,
      commissionRateBp: 0,
      feePercentBp: 0,
      feeFixedXof: 0,
      status: 'at_desk',
    });
    return line ?? (await findPaymentSettlement(tx, organizationId, paymentId)) ?? null;
  }

  // The school's online volume first: every settlement of the school waits here for the one before.
  const volumeBefore = await lockSettlementVolume(tx, organizationId);
  const again = await findPaymentSettlement(tx, organizationId, paymentId);
  if (again) return again;

  const rate = await providerFeeRateAt(
    tx,
    payment.provider as ProviderValue,
    payment.wallet as WalletValue,
    at,
  );
  const fee = rate ? providerFee(gross, rate) : 0;
  const terms = await planTermsAt(tx, organizationId, at);
  const computed = terms
    ? commissionOf(gross, terms, volumeBefore)
    : { commission: 0, chargeable: 0 };
  const commission = Math.min(computed.commission, gross - fee);
  const line = await insertSettlement(tx, {
    ...base,
    commission,
    providerFee: fee,
    net: gross - commission - fee,
    commissionRateBp: terms?.commissionRateBp ?? 0,
    feePercentBp: rate?.percentBp ?? 0,
    feeFixedXof: rate?.fixedXof ?? 0,
    feeRateMissing: rate === null,
    status: 'pending',
  });
  if (!line) return (await findPaymentSettlement(tx, organizationId, paymentId)) ?? null;
  await addSettlementVolume(tx, organizationId, gross);
  if (fee + commission > 0) {
    const account = walletAccount(payment.wallet);
    await postLedgerTransaction(tx, {
      organizationId,
      idempotencyKey: `settlement:${paymentId}`,
      journal: journalForAccount(account),
      entryDate: day,
      label: `Frais opérateur et commission Écolage — paiement ${payment.providerRef ?? paymentId}`,
      pieceRef: payment.providerRef ?? null,
      sourceType: 'settlement',
      sourceId: paymentId,
      entries: [
        ...(fee > 0 ? [{ account: LedgerAccounts.walletFees, debit: fee }] : []),
        ...(commission > 0
          ? [{ account: LedgerAccounts.platformCommission, debit: commission }]
          : []),
        { account, credit: fee + commission },
      ],
    });
  }
  return line;
}

/**
 * Writes a succeeded refund's line, once: gross −amount, the commission given back pro rata
 * (integers; all refunds of a payment together give back exactly its commission when it is
 * refunded in full), no fee back (the provider keeps it); `pending` (the next payout deducts it)
 * or `at_desk`. Posts the commission given back: D the wallet / C 6322
 * (`settlement-refund:<refundId>`). Settles the payment first if it has no line yet.
 */
export async function settleRefund(
  tx: Transaction,
  organizationId: string,
  refundId: string,
): Promise<PaymentSettlementRow | null> {
  const existing = await findRefundSettlement(tx, organizationId, refundId);
  if (existing) return existing;
  const refund = await findRefundForSettlement(tx, organizationId, refundId);
  if (!refund || refund.status !== 'succeeded') return null;
  const paymentLine = await settlePayment(tx, organizationId, refund.paymentId);
  if (!paymentLine) return null;
  // Refunds of one school one at a time (what earlier refunds gave back is read under the lock).
  await lockSettlementVolume(tx, organizationId);
  const again = await findRefundSettlement(tx, organizationId, refundId);
  if (again) return again;
  const before = await sumRefundSettlements(tx, organizationId, refund.paymentId);
  const back = commissionGivenBack(
    paymentLine.commission,
    paymentLine.gross,
    -before.gross + refund.amount,
    -before.commission,
  );
  const at = refund.completedAt ?? new Date();
  const day = await schoolDay(tx, organizationId, at);
  const line = await insertSettlement(tx, {
    organizationId,
    kind: 'refund',
    paymentId: refund.paymentId,
    refundId,
    provider: paymentLine.provider,
    wallet: paymentLine.wallet,
    occurredAt: at,
    day,
    studentId: paymentLine.studentId,
    studentLabel: paymentLine.studentLabel,
    studentSortKey: paymentLine.studentSortKey,
    gross: -refund.amount,
    commission: -back,
    providerFee: 0,
    net: -refund.amount + back,
    commissionRateBp: paymentLine.commissionRateBp,
    feePercentBp: 0,
    feeFixedXof: 0,
    status: paymentLine.status === 'at_desk' ? 'at_desk' : 'pending',
  });
  if (!line) return (await findRefundSettlement(tx, organizationId, refundId)) ?? null;
  if (back > 0) {
    const account = walletAccount(paymentLine.wallet);
    await postLedgerTransaction(tx, {
      organizationId,
      idempotencyKey: `settlement-refund:${refundId}`,
      journal: journalForAccount(account),
      entryDate: day,
      label: `Commission Écolage rendue — remboursement ${refundId.slice(0, 8)}`,
      sourceType: 'settlement',
      sourceId: refund.paymentId,
      entries: [
        { account, debit: back },
        { account: LedgerAccounts.platformCommission, credit: back },
      ],
    });
  }
  return line;
}
