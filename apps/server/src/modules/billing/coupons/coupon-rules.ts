import type { InvoiceLineKind } from '@ecolage/contracts';
import { domainError } from '../../../platform/errors';
import { percentOfFrancs } from '../invoices/invoice-rules';
import type { CouponRow } from './coupons.tables';

/**
 * The lines a coupon discounts: the fees (registration, tuition, other fees), never a late fee;
 * « Frais d’inscription uniquement » takes the registration lines alone.
 */
const feeKinds: readonly InvoiceLineKind[] = ['registration', 'tuition', 'fee'];

/** Francs of the lines a coupon of `scope` may discount. */
export function eligibleAmount(
  scope: CouponRow['scope'],
  lines: readonly { kind: InvoiceLineKind; amount: number }[],
): number {
  const kinds = scope === 'registration' ? ['registration'] : feeKinds;
  return lines
    .filter((line) => kinds.includes(line.kind) && line.amount > 0)
    .reduce((sum, line) => sum + line.amount, 0);
}

/**
 * The checks of the coupon itself at the school's `today`, in the order a parent needs them:
 * disabled (or archived) › not yet valid › expired › no use left › the family's uses.
 */
export function checkCouponUsable(
  coupon: Pick<
    CouponRow,
    'disabledAt' | 'archivedAt' | 'validFrom' | 'validUntil' | 'maxUses' | 'maxUsesPerFamily'
  >,
  today: string,
  uses: { total: number; family: number },
): void {
  if (coupon.disabledAt || coupon.archivedAt) throw domainError('COUPON_DISABLED');
  if (today < coupon.validFrom)
    throw domainError('COUPON_NOT_YET_VALID', { date: coupon.validFrom });
  if (today > coupon.validUntil) throw domainError('COUPON_EXPIRED', { date: coupon.validUntil });
  if (coupon.maxUses !== null && uses.total >= coupon.maxUses) {
    throw domainError('COUPON_EXHAUSTED');
  }
  if (coupon.maxUsesPerFamily !== null && uses.family >= coupon.maxUsesPerFamily) {
    throw domainError('COUPON_FAMILY_LIMIT');
  }
}

/**
 * What the coupon takes off one invoice: a percent of its eligible lines, capped at what the
 * invoice still owes; a fixed amount, refused when over the balance (or over the registration
 * fees for a registration coupon) rather than silently reduced. Nothing to take → not applicable.
 */
export function couponDiscount(
  coupon: Pick<CouponRow, 'kind' | 'value' | 'scope'>,
  invoice: { balance: number; lines: readonly { kind: InvoiceLineKind; amount: number }[] },
): number {
  const eligible = eligibleAmount(coupon.scope, invoice.lines);
  const balance = Math.max(invoice.balance, 0);
  if (eligible <= 0 || balance <= 0) throw domainError('COUPON_NOT_APPLICABLE');
  if (coupon.kind === 'percent') {
    const discount = Math.min(percentOfFrancs(eligible, coupon.value), balance);
    if (discount <= 0) throw domainError('COUPON_NOT_APPLICABLE');
    return discount;
  }
  const ceiling = Math.min(balance, eligible);
  if (coupon.value > ceiling) {
    throw domainError('COUPON_OVER_INVOICE', { amount: coupon.value, balance: ceiling });
  }
  return coupon.value;
}
