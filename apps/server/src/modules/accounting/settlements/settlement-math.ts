/**
 * The arithmetic of a settlement line, in whole francs (XOF has no minor unit): no float ever
 * holds an amount. Rates are basis points (150 = 1,5 %). Rounding: half up, on the exact
 * quotient of integers (`roundHalfUp(a × bp, 10 000)`), so 0,5 F becomes 1 F.
 */

/** round(numerator / denominator), halves up, for non-negative integers. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0 || denominator <= 0) throw new RangeError('roundHalfUp: n ≥ 0, d > 0');
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((n * 2n + d) / (d * 2n));
}

/** `bp` basis points of `amount`, rounded half up. */
export function basisPointsOf(amount: number, bp: number): number {
  return roundHalfUp(amount * bp, 10_000);
}

/** The provider's fee: percent of the gross (half up) plus the fixed francs; never above the gross. */
export function providerFee(gross: number, rate: { percentBp: number; fixedXof: number }): number {
  return Math.min(gross, basisPointsOf(gross, rate.percentBp) + rate.fixedXof);
}

/**
 * The platform's commission on a payment under the school's terms: the part of the gross beyond
 * the fee-free volume (Découverte: the school's first 1 000 000 F collected online) pays the rate;
 * a payment that straddles the threshold pays only on its part beyond it.
 */
export function commissionOf(
  gross: number,
  terms: { commissionRateBp: number; feeFreeVolumeXof: number },
  volumeBefore: number,
): { commission: number; chargeable: number } {
  const freeLeft = Math.max(0, terms.feeFreeVolumeXof - volumeBefore);
  const chargeable = Math.max(0, gross - freeLeft);
  return { commission: basisPointsOf(chargeable, terms.commissionRateBp), chargeable };
}

/**
 * The commission a refund gives back, pro rata of what has been refunded so far: the payment's
 * commission × refunded / gross (half up), less what earlier refunds gave back — so a payment
 * refunded in full gives back exactly its commission, whatever the number of refunds.
 */
export function commissionGivenBack(
  paymentCommission: number,
  paymentGross: number,
  refundedSoFar: number,
  givenBackBefore: number,
): number {
  if (paymentGross <= 0) return 0;
  const refunded = Math.min(refundedSoFar, paymentGross);
  const target = roundHalfUp(paymentCommission * refunded, paymentGross);
  return Math.max(0, target - givenBackBefore);
}

/** « Awa Mensah », « Awa Mensah +1 » (the payment's distinct students, first one named). */
export function studentLabelOf(names: readonly string[]): string {
  const distinct = names;
  const [first] = distinct;
  if (!first) return '—';
  return distinct.length > 1 ? `${first} +${distinct.length - 1}` : first;
}
