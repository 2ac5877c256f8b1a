import { MoneyError } from './errors';
import { assertFrancs, toSafeNumber } from './francs';
import type { Francs } from './francs';

/**
 * Splits `total` into whole-franc parts proportional to `weights`, never losing or inventing a
 * franc: the parts always add up to exactly `total` (largest remainder method, a.k.a. Hamilton).
 *
 * Each part first gets the floor of its exact share `total × weight / Σweights`; the francs left
 * over (fewer than the number of parts) go one each to the parts with the largest remainders,
 * ties broken by the lowest index, so the result is deterministic. Every part therefore differs
 * from its exact share by less than one franc, and a zero weight always gets 0. Computed with
 * BigInt, so large totals and weights stay exact.
 *
 * A negative total (a refund, a reversal) is allocated symmetrically:
 * `allocateFrancs(-t, w)` is `allocateFrancs(t, w)` with every part negated.
 *
 * Throws a {@link MoneyError}: `INVALID_WEIGHTS` if `weights` is empty, holds a negative,
 * fractional or unsafe number, or is all zeros; `NOT_AN_INTEGER` / `UNSAFE_INTEGER` for `total`.
 *
 * @example allocateFrancs(100, [1, 1, 1]) // [34, 33, 33]
 */
export function allocateFrancs(total: Francs, weights: readonly number[]): Francs[] {
  assertFrancs(total, 'Le montant à répartir');
  if (weights.length === 0) {
    throw new MoneyError('INVALID_WEIGHTS', 'Indiquez au moins une part pour répartir le montant.');
  }
  let weightSum = 0n;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new MoneyError(
        'INVALID_WEIGHTS',
        'Chaque part doit être pondérée par un nombre entier positif ou nul.',
      );
    }
    weightSum += BigInt(weight);
  }
  if (weightSum === 0n) {
    throw new MoneyError(
      'INVALID_WEIGHTS',
      'Au moins une part doit avoir un poids non nul pour répartir le montant.',
    );
  }

  const sign = total < 0 ? -1n : 1n;
  const magnitude = BigInt(total) * sign;
  const floors: bigint[] = [];
  const remainders: { index: number; remainder: bigint }[] = [];
  let distributed = 0n;
  weights.forEach((weight, index) => {
    const exact = magnitude * BigInt(weight);
    const floor = exact / weightSum;
    floors.push(floor);
    remainders.push({ index, remainder: exact % weightSum });
    distributed += floor;
  });

  // Fewer than weights.length francs are left; hand them out by largest remainder, then index.
  const leftover = Number(magnitude - distributed);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders.slice(0, leftover)) {
    floors[index] = (floors[index] ?? 0n) + 1n;
  }
  return floors.map((part) => toSafeNumber(part * sign));
}

/**
 * Splits `total` into `parts` whole-franc amounts that differ by at most one franc and add up to
 * exactly `total`; the extra francs go to the first parts (`splitEvenly(100, 3)` is
 * `[34, 33, 33]`). A negative total is split symmetrically (`[-34, -33, -33]`), as in
 * {@link allocateFrancs}. Throws `INVALID_COUNT` unless `parts` is a positive safe integer.
 */
export function splitEvenly(total: Francs, parts: number): Francs[] {
  if (!Number.isSafeInteger(parts) || parts < 1) {
    throw new MoneyError(
      'INVALID_COUNT',
      'Le nombre de parts doit être un nombre entier supérieur ou égal à 1.',
    );
  }
  return allocateFrancs(total, new Array<number>(parts).fill(1));
}
