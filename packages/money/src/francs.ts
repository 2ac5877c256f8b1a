import { MoneyError } from './errors';

/** A whole number of francs CFA (XOF has no minor unit): always a JS safe integer. */
export type Francs = number;

const MIN = BigInt(Number.MIN_SAFE_INTEGER);
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Throws unless `value` is a safe integer; `noun` completes « … doit être un nombre entier ». */
export function assertSafeInteger(
  value: unknown,
  label: string,
  noun = '',
): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new MoneyError('NOT_AN_INTEGER', `${label} doit être un nombre entier${noun}.`);
  }
  if (!Number.isSafeInteger(value)) {
    throw new MoneyError(
      'UNSAFE_INTEGER',
      `${label} est trop grand pour être calculé exactement (limite : ${Number.MAX_SAFE_INTEGER}).`,
    );
  }
}

/** Converts an exact BigInt result back to a number, refusing anything outside the safe range. */
export function toSafeNumber(result: bigint): number {
  if (result < MIN || result > MAX) {
    throw new MoneyError(
      'OVERFLOW',
      'Le résultat du calcul est trop grand pour être exact ; vérifiez les montants saisis.',
    );
  }
  // `+ 0` turns a negative zero into 0 so results compare equal with Object.is / toEqual.
  return Number(result) + 0;
}

/** True when `value` is a whole, safe-integer number of francs. */
export function isFrancs(value: unknown): value is Francs {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Throws a {@link MoneyError} unless `value` is a whole number of francs within the safe-integer
 * range: code `NOT_AN_INTEGER` for fractions, NaN, ±Infinity and non-numbers, `UNSAFE_INTEGER`
 * beyond ±Number.MAX_SAFE_INTEGER. `label` starts the French message (default « Le montant »).
 */
export function assertFrancs(value: unknown, label = 'Le montant'): asserts value is Francs {
  assertSafeInteger(value, label, ' de francs');
}

/** Exact sum of whole-franc amounts (0 for none); throws `OVERFLOW` if the total is unsafe. */
export function addFrancs(...amounts: Francs[]): Francs {
  return sumFrancs(amounts);
}

/**
 * Exact sum of an array of whole-franc amounts (0 for an empty array). Intermediate sums are
 * exact, so only the final total has to fit in the safe-integer range.
 */
export function sumFrancs(amounts: readonly Francs[]): Francs {
  let total = 0n;
  for (const amount of amounts) {
    assertFrancs(amount);
    total += BigInt(amount);
  }
  return toSafeNumber(total);
}

/** `a - b` in whole francs; throws `OVERFLOW` if the difference is outside the safe range. */
export function subtractFrancs(a: Francs, b: Francs): Francs {
  assertFrancs(a);
  assertFrancs(b);
  return toSafeNumber(BigInt(a) - BigInt(b));
}

/**
 * `amount × quantity` where `quantity` is an integer (it may be 0 or negative, e.g. −1 for a
 * reversal); throws `NOT_AN_INTEGER` for a fractional quantity and `OVERFLOW` for an unsafe result.
 */
export function multiplyFrancs(amount: Francs, quantity: number): Francs {
  assertFrancs(amount);
  assertSafeInteger(quantity, 'La quantité');
  return toSafeNumber(BigInt(amount) * BigInt(quantity));
}

/**
 * `amount × basisPoints / 10 000` (10 000 bp = 100 %, 1 250 bp = 12,5 %), rounded to a whole
 * franc half-up on the magnitude (ties away from zero, like Java's HALF_UP), so
 * `percentOf(-a, bp) === -percentOf(a, bp)`. Computed exactly with BigInt.
 */
export function percentOf(amount: Francs, basisPoints: number): Francs {
  assertFrancs(amount);
  assertSafeInteger(basisPoints, 'Le taux en points de base');
  const product = BigInt(amount) * BigInt(basisPoints);
  const magnitude = product < 0n ? -product : product;
  let rounded = magnitude / 10_000n;
  if ((magnitude % 10_000n) * 2n >= 10_000n) rounded += 1n;
  return toSafeNumber(product < 0n ? -rounded : rounded);
}
