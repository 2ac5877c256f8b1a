import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateFrancs, splitEvenly } from './allocate';
import { caught } from './money.test-support';

const MAX = Number.MAX_SAFE_INTEGER;

/** Non-negative integer weights with at least one non-zero, small or huge. */
const weightsArb = fc
  .array(fc.oneof(fc.nat({ max: 10 }), fc.nat({ max: 1_000_000 }), fc.maxSafeNat()), {
    minLength: 1,
    maxLength: 12,
  })
  .filter((weights) => weights.some((w) => w > 0));
const totalArb = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.maxSafeInteger());

const sum = (parts: number[]): bigint => parts.reduce((acc, p) => acc + BigInt(p), 0n);

describe('allocateFrancs — examples', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [100, [1, 1, 1, 1, 1, 1], [17, 17, 17, 17, 16, 16]],
    [10, [1, 2], [3, 7]], // 3,33 → 3 and 6,67 → 7: the larger remainder gets the franc
    [1, [1, 1], [1, 0]], // tie: lowest index wins
    [5, [0, 1, 0, 1], [0, 3, 0, 2]],
    [150_000, [50, 30, 20], [75_000, 45_000, 30_000]],
    [0, [1, 2, 3], [0, 0, 0]],
    [7, [5], [7]],
    [2, [1, 1, 1], [1, 1, 0]],
    [-100, [1, 1, 1], [-34, -33, -33]], // negative totals are allocated symmetrically
    [-10, [1, 2], [-3, -7]],
    [MAX, [1, 1], [(MAX + 1) / 2, (MAX - 1) / 2]],
    [MAX, [MAX, 1], [MAX - 1, 1]],
  ])('allocateFrancs(%d, %j) is %j', (total, weights, expected) => {
    expect(allocateFrancs(total, weights)).toEqual(expected);
  });

  it('never returns a negative zero', () => {
    const parts = allocateFrancs(-1, [1, 1]);
    expect(parts).toEqual([-1, 0]);
    expect(Object.is(parts[1], 0)).toBe(true);
  });

  it('refuses bad weights with INVALID_WEIGHTS', () => {
    for (const weights of [
      [],
      [0, 0],
      [0],
      [1, -1],
      [1, 0.5],
      [1, NaN],
      [1, Infinity],
      [2 ** 53],
    ]) {
      expect(caught(() => allocateFrancs(100, weights)).code).toBe('INVALID_WEIGHTS');
    }
    expect(caught(() => allocateFrancs(100, [0, 0])).message).toBe(
      'Au moins une part doit avoir un poids non nul pour répartir le montant.',
    );
  });

  it('refuses a fractional or unsafe total', () => {
    expect(caught(() => allocateFrancs(100.5, [1, 1])).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => allocateFrancs(2 ** 53, [1, 1])).code).toBe('UNSAFE_INTEGER');
  });
});

describe('allocateFrancs — properties', () => {
  it('always adds up to exactly the total', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const parts = allocateFrancs(total, weights);
        expect(parts).toHaveLength(weights.length);
        expect(sum(parts)).toBe(BigInt(total));
      }),
    );
  });

  it('keeps every part within one franc of its exact proportional share', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const weightSum = sum(weights);
        allocateFrancs(total, weights).forEach((part, i) => {
          // |part − total·w/W| < 1  ⇔  |part·W − total·w| < W, checked exactly.
          const gap = BigInt(part) * weightSum - BigInt(total) * BigInt(weights[i] ?? 0);
          expect(gap < weightSum && gap > -weightSum).toBe(true);
        });
      }),
    );
  });

  it('gives non-negative parts for a non-negative total, and 0 to zero weights', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), weightsArb, (total, weights) => {
        const parts = allocateFrancs(total, weights);
        parts.forEach((part, i) => {
          expect(part).toBeGreaterThanOrEqual(0);
          if (weights[i] === 0) expect(part).toBe(0);
        });
      }),
    );
  });

  it('is deterministic and symmetric for negative totals', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const parts = allocateFrancs(total, weights);
        expect(allocateFrancs(total, [...weights])).toEqual(parts);
        expect(allocateFrancs(-total, weights)).toEqual(parts.map((p) => -p + 0));
      }),
    );
  });

  it('gives the leftover francs to the largest remainders, ties to the lowest index', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), weightsArb, (total, weights) => {
        const weightSum = sum(weights);
        const parts = allocateFrancs(total, weights);
        const shares = weights.map((w, index) => {
          const exact = BigInt(total) * BigInt(w);
          const extra = BigInt(parts[index] ?? 0) - exact / weightSum; // 0 or 1
          return { index, remainder: exact % weightSum, extra };
        });
        for (const winner of shares.filter((s) => s.extra === 1n)) {
          for (const loser of shares.filter((s) => s.extra === 0n)) {
            const beats =
              winner.remainder > loser.remainder ||
              (winner.remainder === loser.remainder && winner.index < loser.index);
            expect(beats).toBe(true);
          }
        }
      }),
    );
  });
});

describe('splitEvenly', () => {
  it.each([
    [100, 3, [34, 33, 33]],
    [100, 4, [25, 25, 25, 25]],
    [5, 1, [5]],
    [2, 5, [1, 1, 0, 0, 0]],
    [0, 2, [0, 0]],
    [-100, 3, [-34, -33, -33]],
  ])('splitEvenly(%d, %d) is %j', (total, parts, expected) => {
    expect(splitEvenly(total, parts)).toEqual(expected);
  });

  it('gives parts that differ by at most one franc, larger first, summing to the total', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: 50 }), (total, count) => {
        const parts = splitEvenly(total, count);
        expect(parts).toHaveLength(count);
        expect(sum(parts)).toBe(BigInt(total));
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect([...parts].sort((a, b) => b - a)).toEqual(parts);
      }),
    );
  });

  it.each([0, -1, 1.5, NaN])('refuses %d parts with INVALID_COUNT', (count) => {
    expect(caught(() => splitEvenly(100, count)).code).toBe('INVALID_COUNT');
  });
});
