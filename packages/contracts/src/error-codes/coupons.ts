import { CouponMessages } from '../coupons';
import { defineError } from './define';

/** `JJ/MM/AAAA` of a `YYYY-MM-DD` day; what was given otherwise. */
const frenchDay = (day: unknown) =>
  typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? day.split('-').reverse().join('/')
    : typeof day === 'string'
      ? day
      : '';

/** « 10 000 FCFA » (French grouping). */
const francs = (amount: unknown) =>
  typeof amount === 'number' && Number.isFinite(amount)
    ? `${new Intl.NumberFormat('fr-FR').format(amount)} FCFA`
    : '';

const fill = (sentence: string, values: Record<string, string>) =>
  sentence.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Coupons (« Marketing › Coupons », module `billing/coupons`): the screen's CRUD, and the refusals
 * of a code typed on the pre-registration form, the pay page or at the desk (the parent is told
 * why).
 */
export const couponErrors = {
  /** 404 — no coupon with that id in the school (another school's is not found either). */
  COUPON_NOT_FOUND: defineError(404, CouponMessages.notFound),
  /** 409 — another coupon of the school has that code (whatever its case); field `code`. */
  COUPON_CODE_TAKEN: defineError(409, CouponMessages.codeTaken),
  /** 409 — changing the code, type, value or scope of a coupon already used (reserved or applied). */
  COUPON_IN_USE: defineError(
    409,
    'Ce coupon a déjà été utilisé : seuls la description, les dates et les limites peuvent changer. Créez un nouveau coupon pour une autre remise.',
  ),
  /** 409 — editing or re-enabling an archived coupon. */
  COUPON_ARCHIVED: defineError(409, 'Ce coupon est archivé : il ne peut plus être modifié.'),
  /** 422 — a typed code that names no coupon of the school (or an archived one). */
  COUPON_UNKNOWN: defineError(422, CouponMessages.unknownCode),
  /** 422 — the coupon was disabled by the school. */
  COUPON_DISABLED: defineError(422, CouponMessages.disabled),
  /** 422 — used before its first day (`date`: the first day, YYYY-MM-DD). */
  COUPON_NOT_YET_VALID: defineError<{ date: string }>(422, ({ date }) =>
    fill(CouponMessages.notYetValid, { date: frenchDay(date) }),
  ),
  /** 422 — used after its last day (`date`: the last day, YYYY-MM-DD). */
  COUPON_EXPIRED: defineError<{ date: string }>(422, ({ date }) =>
    fill(CouponMessages.expired, { date: frenchDay(date) }),
  ),
  /** 422 — its uses (reserved + applied) reached its total limit. */
  COUPON_EXHAUSTED: defineError(422, CouponMessages.exhausted),
  /** 422 — the family (paying guardian) reached the per-family limit. */
  COUPON_FAMILY_LIMIT: defineError(422, CouponMessages.familyLimit),
  /** 422 — out of scope (programme, level, no registration line) or nothing left to discount. */
  COUPON_NOT_APPLICABLE: defineError(422, CouponMessages.notApplicable),
  /** 422 — a fixed amount over what the invoice still owes (`amount`, `balance` in francs). */
  COUPON_OVER_INVOICE: defineError<{ amount: number; balance: number }>(
    422,
    ({ amount, balance }) =>
      fill(CouponMessages.overInvoice, { amount: francs(amount), balance: francs(balance) }),
  ),
  /** 409 — the coupon is already a line of that invoice. */
  COUPON_ALREADY_ON_INVOICE: defineError(409, CouponMessages.alreadyOnInvoice),
};
