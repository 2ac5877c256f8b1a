import {
  checkPaymentAmount,
  ErrorCode,
  paymentAmountMessage,
  PayerMessages,
  PaymentMessages,
  type PayerPaymentForm,
  type WalletValue,
} from '@ecolage/contracts';
import type { ActingMember } from '../../../platform/http/acting-member';
import { AppError } from '../../../platform/errors';
import { findInvoicesForGuardian } from '../../billing';
import { findActiveClaim, requestPayment, type PaymentsContext } from '../../payments';
import type { LinkField } from './link-page';
import { linkInvoices, type LinkView } from './link-view.service';
import { recordLinkAttempt } from './link-attempts.repository';

/** A rule the payer's form broke: the page comes back with the message by the field. */
export class PayerFormError extends Error {
  constructor(
    message: string,
    readonly statusCode: 400 | 409 | 422,
    readonly field?: LinkField,
  ) {
    super(message);
    this.name = 'PayerFormError';
  }
}

export interface PayerRequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Why a ticked invoice is not among the link's payable ones: paid or voided since the page was
 * shown (« déjà payée »), or never the link's to pay (another family's, another student's).
 */
async function refuseUnpayable(context: PaymentsContext, view: LinkView, missing: string[]) {
  const rows = await findInvoicesForGuardian(context.db, view.school.id, view.guardian.id, missing);
  const ours = rows.filter(
    (row) => row.linked && (view.link.studentId === null || row.studentId === view.link.studentId),
  );
  if (ours.length === missing.length) {
    throw new PayerFormError(PayerMessages.invoiceAlreadyPaid, 409, 'invoiceIds');
  }
  throw new PayerFormError(PayerMessages.invoiceNotInLink, 422, 'invoiceIds');
}

/** The amount rules of the school: partial payments allowed or not, and their minimum. */
function checkAmount(view: LinkView, amount: number | undefined, balance: number) {
  // No amount typed: the whole invoices ticked.
  if (amount === undefined) return;
  const verdict = checkPaymentAmount({ amount, balance, capped: true, online: view.online });
  if (!verdict.ok) {
    throw new PayerFormError(paymentAmountMessage(verdict), 422, 'amount');
  }
}

/**
 * Starts the payment a payer asked for on a link's page. Every amount comes from the server's
 * balances; the form only chooses. The same form posted twice (a double tap, a reload) carries
 * the same key and finds the same payment. The attempt is tied to the link for « Réessayer ».
 * Answers the payment whose waiting screen comes next: the new one, or the one already under way
 * for these invoices.
 */
export async function payByLink(
  context: PaymentsContext,
  view: LinkView,
  form: PayerPaymentForm,
  meta: PayerRequestMeta,
): Promise<string> {
  const payable = linkInvoices(view);
  const missing = form.invoiceIds.filter((id) => !payable.has(id));
  if (missing.length > 0) await refuseUnpayable(context, view, missing);
  if (!view.wallets.includes(form.wallet as WalletValue)) {
    throw new PayerFormError(PayerMessages.walletNotOffered, 422, 'wallet');
  }
  const balance = form.invoiceIds.reduce((sum, id) => sum + payable.get(id)!.balance, 0);
  checkAmount(view, form.amount, balance);

  const member: ActingMember = {
    organizationId: view.school.id,
    actor: { type: 'system', label: `Payeur en ligne : ${view.guardian.fullName}` },
    ip: meta.ip,
    userAgent: meta.userAgent,
  };
  let attemptId: string;
  try {
    const { attempt } = await requestPayment(
      context,
      member,
      {
        guardianId: view.guardian.id,
        wallet: form.wallet,
        ...(form.phone ? { phone: form.phone } : {}),
        invoiceIds: form.invoiceIds,
        ...(form.amount !== undefined ? { amount: form.amount } : {}),
      },
      // One link's keys never meet another's, nor the staff's.
      `payer:${view.link.id}:${form.idempotencyKey}`,
    );
    attemptId = attempt.id;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === ErrorCode.CONFLICT) {
      const active = await findActiveClaim(
        context.db,
        view.school.id,
        view.guardian.id,
        form.invoiceIds,
      );
      if (active) return active;
      throw new PayerFormError(PaymentMessages.alreadyActive, 409);
    }
    // Paid between our check and the payment's own (it checks again): the same answer.
    if (error.message === PaymentMessages.invoiceNotPayable) {
      throw new PayerFormError(PayerMessages.invoiceAlreadyPaid, 409, 'invoiceIds');
    }
    // The page was sent back after paying and changed: its key belongs to the first payment.
    if (error.message === PaymentMessages.idempotencyKeyReused) {
      throw new PayerFormError(PayerMessages.formExpired, 422);
    }
    const status = error.statusCode === 409 ? 409 : error.statusCode === 400 ? 400 : 422;
    throw new PayerFormError(error.message, status);
  }
  await recordLinkAttempt(context.db, {
    organizationId: view.school.id,
    attemptId,
    linkId: view.link.id,
    createdAt: context.now(),
  });
  return attemptId;
}
