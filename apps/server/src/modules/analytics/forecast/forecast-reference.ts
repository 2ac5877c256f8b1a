import { MAX_LAG, MIN_LAG } from './forecast-model';

/**
 * The reference payment-lag curve: what the forecast assumes when neither the school nor the
 * platform has enough mature history (research §5.2's curve, with conservative shares instead of
 * measured ones), and what a thin platform's curve is shrunk toward. Of an invoice's amount:
 * 15 % paid in the two weeks before the due day, 35 % in its first week (the due day included),
 * 20 % over the three weeks after, 12 % over the next two months, 8 % from the fourth to the sixth
 * month late, and 10 % never paid. Without any history this says « most families pay around the
 * due day, some later, a few never », not « nobody pays ».
 */
export const REFERENCE_SHARES: readonly { from: number; to: number; share: number }[] = [
  { from: -14, to: -1, share: 0.15 },
  { from: 0, to: 6, share: 0.35 },
  { from: 7, to: 27, share: 0.2 },
  { from: 28, to: 90, share: 0.12 },
  { from: 91, to: 180, share: 0.08 },
];

/** The ultimate collection rate of the reference curve (the rest is never paid). */
export const REFERENCE_COLLECTION_RATE = REFERENCE_SHARES.reduce((sum, s) => sum + s.share, 0);

/** The reference curve's increments per lag (−60 … 365), each share spread evenly over its days. */
export function referenceIncrements(): Float64Array {
  const increments = new Float64Array(MAX_LAG - MIN_LAG + 1);
  for (const { from, to, share } of REFERENCE_SHARES) {
    const perDay = share / (to - from + 1);
    for (let lag = from; lag <= to; lag += 1) increments[lag - MIN_LAG] = perDay;
  }
  return increments;
}
