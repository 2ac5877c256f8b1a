import type {
  MarkPayoutFailedRequest,
  MarkPayoutPaidRequest,
  Payout,
  SendPayoutRequest,
} from '@ecolage/contracts';
import type { Database, Transaction } from '../../../platform/db/database';
import { domainError, notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { currentTime } from '../../../platform/test-clock/test-clock';
import { LedgerAccounts, LedgerJournals, postLedgerTransaction } from '../../ledger';
import { payoutView } from './payout-view';
import {
  lockPayout,
  payoutNetByWallet,
  setPayoutLinesStatus,
  updatePayout,
} from './payouts.repository';
import { bankSnapshot, journalPayout, schoolDayNow } from './payouts.service';
import type { PayoutRow, PayoutStatus } from './payouts.tables';
import { PayoutRailError, type PayoutRail } from './rails';

async function lockInStatus(
  tx: Transaction,
  organizationId: string,
  payoutId: string,
  allowed: readonly PayoutStatus[],
): Promise<PayoutRow> {
  const payout = await lockPayout(tx, organizationId, payoutId);
  if (!payout) throw notFound('PAYOUT_NOT_FOUND');
  if (!allowed.includes(payout.status)) {
    throw domainError('PAYOUT_STATUS_CONFLICT', { status: payout.status });
  }
  return payout;
}

/** D 585 the payout's net / C each wallet's account for its net (a wallet net of refunds: D). */
async function sentEntries(tx: Transaction, payout: PayoutRow) {
  const byWallet = await payoutNetByWallet(tx, payout.organizationId, payout.id);
  const accounts = new Map<string, number>();
  for (const { wallet, net } of byWallet) {
    const account = LedgerAccounts.wallet[wallet] ?? LedgerAccounts.bank;
    accounts.set(account, (accounts.get(account) ?? 0) + net);
  }
  return [
    { account: LedgerAccounts.transfersInTransit, debit: payout.net },
    ...[...accounts]
      .filter(([, net]) => net !== 0)
      .map(([account, net]) => (net > 0 ? { account, credit: net } : { account, debit: -net })),
  ];
}

/**
 * « Envoyer »: the payout (row locked, still `pending`: two clicks cannot send twice) goes to the
 * rail, which gives the transfer id (typed by the member on the manual rail); its lines become
 * `in_payout`; posted `payout:<id>:sent` D 585 / C the wallets; audited.
 */
export async function sendPayout(
  db: Database,
  rail: PayoutRail,
  acting: ActingMember,
  payoutId: string,
  input: SendPayoutRequest,
): Promise<Payout> {
  if (rail.needsTransferId && !input.transferId) {
    throw domainError('PAYOUT_TRANSFER_ID_REQUIRED', {}, { field: 'transferId' });
  }
  const today = await schoolDayNow(db, acting.organizationId);
  const now = await currentTime(db);
  const payout = await db.transaction(async (tx) => {
    const locked = await lockInStatus(tx, acting.organizationId, payoutId, ['pending']);
    const bank = await bankSnapshot(tx, acting.organizationId);
    if (!bank) throw domainError('PAYOUT_BANK_DETAILS_MISSING');
    let transferId: string;
    try {
      ({ transferId } = await rail.send(
        {
          payoutId: locked.id,
          reference: locked.reference,
          amount: locked.net,
          bankName: bank.bankName,
          accountHolder: bank.accountHolder,
          account: bank.account,
        },
        input.transferId,
      ));
    } catch (error) {
      if (error instanceof PayoutRailError) throw domainError('PAYOUT_RAIL_UNAVAILABLE');
      throw error;
    }
    const sent = await updatePayout(tx, acting.organizationId, payoutId, {
      status: 'sending',
      rail: rail.name,
      transferId,
      sentAt: now,
    });
    await setPayoutLinesStatus(tx, acting.organizationId, payoutId, 'in_payout');
    await postLedgerTransaction(tx, {
      organizationId: acting.organizationId,
      idempotencyKey: `payout:${payoutId}:sent`,
      journal: LedgerJournals.adjustments,
      entryDate: today,
      label: `Virement ${sent.reference} envoyé à la banque`,
      pieceRef: sent.reference,
      sourceType: 'payout',
      sourceId: payoutId,
      entries: await sentEntries(tx, sent),
    });
    await journalPayout(tx, acting, 'payout.sent', sent, { virement: transferId, rail: rail.name });
    return sent;
  });
  return payoutView(payout);
}

/**
 * « Marquer payé » (the bank's value date and reference) or the rail's confirmation: a `sending`
 * payout becomes `paid`, its lines `paid`; posted `payout:<id>:paid` D 5211 / C 585 (BQ1) on the
 * value date; audited. A second « Marquer payé » finds it paid: 409.
 */
export async function markPayoutPaid(
  db: Database,
  acting: ActingMember,
  payoutId: string,
  input: MarkPayoutPaidRequest,
): Promise<Payout> {
  const now = await currentTime(db);
  const payout = await db.transaction(async (tx) => {
    const locked = await lockInStatus(tx, acting.organizationId, payoutId, ['sending']);
    const sentDay = locked.sentAt ? locked.sentAt.toISOString().slice(0, 10) : null;
    if (sentDay && input.valueDate < addDaysBack(sentDay)) {
      throw domainError('PAYOUT_VALUE_DATE_INVALID', {}, { field: 'valueDate' });
    }
    const paid = await updatePayout(tx, acting.organizationId, payoutId, {
      status: 'paid',
      paidAt: now,
      valueDate: input.valueDate,
      bankReference: input.bankReference,
    });
    await setPayoutLinesStatus(tx, acting.organizationId, payoutId, 'paid');
    await postLedgerTransaction(tx, {
      organizationId: acting.organizationId,
      idempotencyKey: `payout:${payoutId}:paid`,
      journal: LedgerJournals.bank,
      entryDate: input.valueDate,
      label: `Virement ${paid.reference} reçu en banque`,
      pieceRef: input.bankReference,
      sourceType: 'payout',
      sourceId: payoutId,
      entries: [
        { account: LedgerAccounts.bank, debit: paid.net },
        { account: LedgerAccounts.transfersInTransit, credit: paid.net },
      ],
    });
    await journalPayout(tx, acting, 'payout.paid', paid, {
      'date de valeur': input.valueDate,
      'référence bancaire': input.bankReference,
    });
    return paid;
  });
  return payoutView(payout);
}

/** The sent instant's UTC day, one day back (a school west of UTC may date it the day before). */
function addDaysBack(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * « Marquer échoué » (or the rail's rejection): a `pending` or `sending` payout becomes `failed`
 * with its reason; its lines go back to `pending` and leave it (the next payout takes them); a
 * sent one's posting is reversed (`payout:<id>:failed`: D the wallets / C 585); audited.
 */
export async function markPayoutFailed(
  db: Database,
  acting: ActingMember,
  payoutId: string,
  input: MarkPayoutFailedRequest,
): Promise<Payout> {
  const today = await schoolDayNow(db, acting.organizationId);
  const now = await currentTime(db);
  const payout = await db.transaction(async (tx) => {
    const locked = await lockInStatus(tx, acting.organizationId, payoutId, ['pending', 'sending']);
    if (locked.status === 'sending') {
      const sent = await sentEntries(tx, locked);
      await postLedgerTransaction(tx, {
        organizationId: acting.organizationId,
        idempotencyKey: `payout:${payoutId}:failed`,
        journal: LedgerJournals.adjustments,
        entryDate: today,
        label: `Virement ${locked.reference} échoué : retour sur les comptes des opérateurs`,
        pieceRef: locked.reference,
        sourceType: 'payout',
        sourceId: payoutId,
        entries: sent.map((entry) =>
          'debit' in entry
            ? { account: entry.account, credit: entry.debit }
            : { account: entry.account, debit: entry.credit },
        ),
      });
    }
    const failed = await updatePayout(tx, acting.organizationId, payoutId, {
      status: 'failed',
      failedAt: now,
      failureReason: input.reason,
    });
    await setPayoutLinesStatus(tx, acting.organizationId, payoutId, 'pending');
    await journalPayout(tx, acting, 'payout.failed', failed, { motif: input.reason });
    return failed;
  });
  return payoutView(payout);
}
