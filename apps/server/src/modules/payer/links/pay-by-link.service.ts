import {
  checkPaymentAmount,
  domainErrorMessage,
  type AnyErrorCode,
  type DomainErrorCode,
  type ErrorParams,
  type PayerPaymentForm,
  type WalletValue,
} from '@ecolage/contracts';
import type { ActingMember } from '../../../platform/http/acting-member';
import { AppError } from '../../../platform/errors';
import { findInvoicesForGuardian, openBalanceOf } from '../../billing';
import { findActiveClaim, requestPayment, type PaymentsContext } from '../../payments';
import type { LinkField } from './link-page';
import { linkInvoices, type LinkView } from './link-view.service';
import { recordLinkAttempt } from './link-attempts.repository';

/**
 * A rule the payer's form broke: the page comes back with the message by the field. `code` is the
 * domain code of the catalogue; the message its French sentence (the payer's pages are French).
 */
export class PayerFormError extends Error {
  constructor(
    readonly code: AnyErrorCode,
    message: string,
    readonly statusCode: 400 | 409 | 422,
    readonly field?: LinkField,
  ) {
    super(message);
    this.name = 'PayerFormError';
  }

  /** The refusal `code` (with its parameters), answered `statusCode` on `field`. */
  static of<C extends DomainErrorCode>(
    code: C,
    statusCode: 400 | 409 | 422,
    field?: LinkField,
    params: ErrorParams<C> = {} as ErrorParams<C>,
  ): PayerFormError {
    return new PayerFormError(code, domainErrorMessage(code, params), statusCode, field);
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
    throw PayerFormError.of('INVOICE_ALREADY_PAID', 409, 'invoiceIds');
  }
  throw PayerFormError.of('INVOICE_NOT_IN_LINK', 422, 'invoiceIds');
}

/** The amount rules of the school: partial payments allowed or not, and their minimum. */
function checkAmount(view: LinkView, amount: number | undefined, balance: number) {
  // No amount typed: the whole invoices ticked.
  if (amount === undefined) return;
  const verdict = checkPaymentAmount({ amount, balance, capped: true, online: view.online });
  if (!verdict.ok) {
    throw PayerFormError.of(verdict.code, 422, 'amount', verdict.params as never);
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
    throw PayerFormError.of('WALLET_NOT_OFFERED', 422, 'wallet');
  }
  const balance = openBalanceOf(form.invoiceIds.map((id) => payable.get(id)!));
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
    if (error.code === 'PAYMENT_ALREADY_ACTIVE') {
      const active = await findActiveClaim(
        context.db,
        view.school.id,
        view.guardian.id,
        form.invoiceIds,
      );
      if (active) return active;
      throw PayerFormError.of('PAYMENT_ALREADY_ACTIVE', 409);
    }
    // Paid between our check and the payment's own (it checks again): the same answer.
    if (error.code === 'INVOICE_NOT_PAYABLE') {
      throw PayerFormError.of('INVOICE_ALREADY_PAID', 409, 'invoiceIds');
    }
    // The page was sent back after paying and changed: its key belongs to the first payment.
    if (error.code === 'IDEMPOTENCY_KEY_REUSED') throw PayerFormError.of('PAYER_FORM_EXPIRED', 422);
    const status = error.statusCode === 409 ? 409 : error.statusCode === 400 ? 400 : 422;
    // Any other refusal of the request keeps its own code and sentence.
    throw new PayerFormError(error.code, error.message, status);
  }
  await recordLinkAttempt(context.db, {
    organizationId: view.school.id,
    attemptId,
    linkId: view.link.id,
    createdAt: context.now(),
  });
  return attemptId;
}
