import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addFrancs,
  assertFrancs,
  isFrancs,
  multiplyFrancs,
  percentOf,
  subtractFrancs,
  sumFrancs,
} from './francs';
import { caught } from './money.test-support';

const MAX = Number.MAX_SAFE_INTEGER;
const MIN = Number.MIN_SAFE_INTEGER;

describe('assertFrancs', () => {
  it.each([0, 1, -1, 150_000, MAX, MIN])('accepts the safe integer %d', (value) => {
    expect(() => assertFrancs(value)).not.toThrow();
    expect(isFrancs(value)).toBe(true);
  });

  it.each([[1.5], [0.1], [-0.5], [NaN], [Infinity], [-Infinity], ['150'], [null], [undefined]])(
    'refuses %j as NOT_AN_INTEGER with a French message',
    (value) => {
      const error = caught(() => assertFrancs(value));
      expect(error.code).toBe('NOT_AN_INTEGER');
      expect(error.name).toBe('MoneyError');
      expect(error.message).toBe('Le montant doit être un nombre entier de francs.');
      expect(isFrancs(value)).toBe(false);
    },
  );

  it.each([MAX + 1, MIN - 1, 2 ** 60, -(2 ** 60)])('refuses %d as UNSAFE_INTEGER', (value) => {
    expect(caught(() => assertFrancs(value)).code).toBe('UNSAFE_INTEGER');
    expect(isFrancs(value)).toBe(false);
  });

  it('starts the message with the given label', () => {
    expect(caught(() => assertFrancs(2.5, 'Le reste à payer')).message).toBe(
      'Le reste à payer doit être un nombre entier de francs.',
    );
  });
});

describe('addFrancs / sumFrancs / subtractFrancs', () => {
  it('adds and subtracts whole francs', () => {
    expect(addFrancs()).toBe(0);
    expect(addFrancs(150_000, 25_000, -5_000)).toBe(170_000);
    expect(sumFrancs([])).toBe(0);
    expect(sumFrancs([1, 2, 3, 4])).toBe(10);
    expect(subtractFrancs(150_000, 200_000)).toBe(-50_000);
  });

  it('refuses a fractional or NaN operand', () => {
    expect(caught(() => addFrancs(1, 0.5)).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => sumFrancs([1, NaN])).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => subtractFrancs(1, Infinity)).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => subtractFrancs(1.1, 1)).code).toBe('NOT_AN_INTEGER');
  });

  it('refuses results beyond the safe range', () => {
    expect(caught(() => addFrancs(MAX, 1)).code).toBe('OVERFLOW');
    expect(caught(() => sumFrancs([MIN, -1])).code).toBe('OVERFLOW');
    expect(caught(() => subtractFrancs(MIN, 1)).code).toBe('OVERFLOW');
    expect(caught(() => subtractFrancs(MAX, -1)).code).toBe('OVERFLOW');
  });

  it('keeps intermediate sums exact, so only the final total must be safe', () => {
    // In floating point MAX + 2 rounds, and subtracting 2 again would not give MAX back.
    expect(sumFrancs([MAX, 2, -2])).toBe(MAX);
    expect(addFrancs(MAX, MAX, -MAX)).toBe(MAX);
  });

  it('matches exact BigInt arithmetic or throws OVERFLOW (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.maxSafeInteger(), { maxLength: 8 }), (amounts) => {
        const exact = amounts.reduce((acc, a) => acc + BigInt(a), 0n);
        if (exact > BigInt(MAX) || exact < BigInt(MIN)) {
          expect(caught(() => sumFrancs(amounts)).code).toBe('OVERFLOW');
        } else {
          expect(BigInt(sumFrancs(amounts))).toBe(exact);
          expect(addFrancs(...amounts)).toBe(sumFrancs(amounts));
        }
      }),
    );
  });
});

describe('multiplyFrancs', () => {
  it('multiplies by an integer quantity', () => {
    expect(multiplyFrancs(25_000, 3)).toBe(75_000);
    expect(multiplyFrancs(25_000, -1)).toBe(-25_000);
    expect(Object.is(multiplyFrancs(-5, 0), 0)).toBe(true);
  });

  it('refuses a fractional quantity and an unsafe product', () => {
    const error = caught(() => multiplyFrancs(25_000, 1.5));
    expect(error.code).toBe('NOT_AN_INTEGER');
    expect(error.message).toBe('La quantité doit être un nombre entier.');
    expect(caught(() => multiplyFrancs(2 ** 30, 2 ** 30)).code).toBe('OVERFLOW');
    expect(caught(() => multiplyFrancs(0.5, 2)).code).toBe('NOT_AN_INTEGER');
  });
});

describe('percentOf', () => {
  it.each([
    [150_000, 1_250, 18_750], // 12,5 %
    [150_000, 10_000, 150_000], // 100 %
    [150_000, 0, 0],
    [3, 5_000, 2], // 1,5 → 2 (half-up)
    [5, 5_000, 3], // 2,5 → 3
    [1, 4_999, 0], // 0,4999 → 0
    [1, 5_000, 1], // 0,5 → 1
    [-5, 5_000, -3], // −2,5 → −3 (ties away from zero)
    [-3, 5_000, -2],
    [99, 3_333, 33], // 32,9967 → 33
    [100_000, -1_000, -10_000],
  ])('percentOf(%d, %d bp) is %d', (amount, bp, expected) => {
    expect(percentOf(amount, bp)).toBe(expected);
  });

  it('is within half a franc of the exact value and symmetric (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 20_000 }),
        (amount, bp) => {
          const result = percentOf(amount, bp);
          const error = BigInt(result) * 10_000n - BigInt(amount) * BigInt(bp);
          expect(error <= 5_000n && error >= -5_000n).toBe(true);
          expect(percentOf(-amount, bp)).toBe(-result + 0);
        },
      ),
    );
  });

  it('refuses fractional basis points and unsafe results', () => {
    expect(caught(() => percentOf(100, 12.5)).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => percentOf(MAX, 20_000)).code).toBe('OVERFLOW');
  });
});
