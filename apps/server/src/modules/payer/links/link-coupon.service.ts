import {
  couponCodeSchema,
  domainErrorMessage,
  PayerMessages,
  type AnyErrorCode,
  type AppliedCoupon,
  type CouponRedemptionChannel,
} from '@ecolage/contracts';
import type { ActingMember } from '../../../platform/http/acting-member';
import { AppError } from '../../../platform/errors';
import { redeemCoupon } from '../../billing';
import type { PaymentsContext } from '../../payments';
import type { PayerRequestMeta } from './pay-by-link.service';
import { linkInvoices, type LinkInvoice, type LinkView } from './link-view.service';

/** Why the coupon was refused: its code (for programs), its French sentence, its status. */
export class LinkCouponRefusal extends Error {
  constructor(
    readonly code: AnyErrorCode,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'LinkCouponRefusal';
  }
}

/**
 * Refusals about one invoice: the next invoice may still take the coupon. Any other refusal of a
 * coupon (unknown code, expired, exhausted, family limit…) is the same for every invoice: it ends
 * the tries. Their order is the specificity: a coupon too big for an invoice it fits says more
 * than one that fits none.
 */
const PER_INVOICE: readonly string[] = [
  'COUPON_OVER_INVOICE',
  'COUPON_ALREADY_ON_INVOICE',
  'COUPON_NOT_APPLICABLE',
];

const isPerInvoice = (code: string) => PER_INVOICE.includes(code);
const isCouponRefusal = (code: string) => code.startsWith('COUPON_') && !isPerInvoice(code);

/** Lower is told first: the coupon's own refusal, then an invoice's, then anything else. */
const specificity = (code: string) =>
  isCouponRefusal(code) ? 0 : isPerInvoice(code) ? 1 + PER_INVOICE.indexOf(code) : 9;

/** The coupon tried on the link's invoices: the ticked ones first, then the others, due order. */
function candidates(view: LinkView, ticked: readonly string[]): LinkInvoice[] {
  const byDue = [...linkInvoices(view).values()].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || (a.number ?? '').localeCompare(b.number ?? ''),
  );
  const chosen = new Set(ticked);
  return [
    ...byDue.filter((invoice) => chosen.has(invoice.id)),
    ...byDue.filter((invoice) => !chosen.has(invoice.id)),
  ];
}

/** The pay page's one-hour link (made by its one-time code) is the pay page; any other a link. */
export function couponChannelOf(view: LinkView): CouponRedemptionChannel {
  return view.link.purpose === 'code' ? 'pay_page' : 'payment_link';
}

/**
 * « Vous avez un code promo ? » on a link's page (or the pay page, which becomes one): the coupon
 * goes to the first of the link's open invoices that accepts it — the ticked ones first — through
 * billing's `redeemCoupon`, each try in its own transaction (a refusal writes nothing). The
 * discount is a line of the invoice, audited as the parent (« Payeur en ligne : … », as payByLink).
 * Throws LinkCouponRefusal with the most specific reason when no invoice takes it.
 */
export async function applyLinkCoupon(
  context: PaymentsContext,
  view: LinkView,
  input: { code: string; invoiceIds: readonly string[] },
  meta: PayerRequestMeta,
): Promise<AppliedCoupon> {
  if (input.code.trim() === '') {
    throw new LinkCouponRefusal('VALIDATION_FAILED', PayerMessages.couponRequired, 400);
  }
  const parsed = couponCodeSchema.safeParse(input.code);
  // Not even the shape of a code: unknown, without asking the database.
  if (!parsed.success) {
    throw new LinkCouponRefusal('COUPON_UNKNOWN', domainErrorMessage('COUPON_UNKNOWN', {}), 422);
  }
  const invoices = candidates(view, input.invoiceIds);
  if (invoices.length === 0) {
    throw new LinkCouponRefusal(
      'COUPON_NOT_APPLICABLE',
      domainErrorMessage('COUPON_NOT_APPLICABLE', {}),
      422,
    );
  }
  const member: ActingMember = {
    organizationId: view.school.id,
    actor: { type: 'system', label: `Payeur en ligne : ${view.guardian.fullName}` },
    ip: meta.ip,
    userAgent: meta.userAgent,
  };
  const channel = couponChannelOf(view);
  let refusal: AppError | undefined;
  for (const invoice of invoices) {
    try {
      return await context.db.transaction((tx) =>
        redeemCoupon(tx, member, {
          code: parsed.data,
          invoiceId: invoice.id,
          channel,
          guardianId: view.guardian.id,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      if (!refusal || specificity(error.code) < specificity(refusal.code)) refusal = error;
      // The coupon itself is refused (unknown, expired, used up…): no other invoice changes that.
      if (isCouponRefusal(error.code)) break;
    }
  }
  const { code, message, statusCode } = refusal!;
  // The parent reads « n'existe pas », not a bare 404 page: the form answers.
  throw new LinkCouponRefusal(code, message, statusCode === 404 ? 422 : statusCode);
}
