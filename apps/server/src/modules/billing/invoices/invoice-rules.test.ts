import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOfFrancs, scholarshipDiscounts, siblingPercent } from './invoice-rules';
import { lateFeeFor } from '../late-fees/late-fees.service';

describe('billing rules', () => {
  it('rounds percentages half up to the whole franc', () => {
    expect(percentOfFrancs(150_000, 10)).toBe(15_000);
    expect(percentOfFrancs(150_005, 10)).toBe(15_001);
    expect(percentOfFrancs(150_004, 10)).toBe(15_000);
    expect(percentOfFrancs(99, 33)).toBe(33);
  });

  it('gives the sibling rate by rank', () => {
    const rule = { enabled: true, secondChildPercent: 10, thirdChildPercent: 15 };
    expect([1, 2, 3, 4].map((rank) => siblingPercent(rank, rule))).toEqual([0, 10, 15, 15]);
    expect(siblingPercent(2, { ...rule, enabled: false })).toBe(0);
  });

  it('caps late fees at the school’s cap', () => {
    expect(lateFeeFor({ kind: 'fixed', value: 5_000, cap: 12_000 }, 100_000, 10_000)).toBe(2_000);
    expect(lateFeeFor({ kind: 'percent', value: 2, cap: 0 }, 150_000, 0)).toBe(3_000);
    expect(lateFeeFor({ kind: 'fixed', value: 5_000, cap: 5_000 }, 100_000, 5_000)).toBe(0);
  });

  it('a fixed scholarship is spread exactly, never above an invoice’s balance (property)', () => {
    const invoice = fc.record({
      tuition: fc.integer({ min: 0, max: 2_000_000 }),
      balance: fc.integer({ min: 0, max: 2_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(invoice, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (invoices, value, alreadyApplied) => {
          const parts = scholarshipDiscounts({ kind: 'fixed', value }, invoices, alreadyApplied);
          const room = invoices.reduce((sum, i) => sum + Math.min(i.tuition, i.balance), 0);
          const expected = Math.min(Math.max(0, value - alreadyApplied), room);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(expected);
          parts.forEach((part, index) => {
            expect(Number.isInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(invoices[index]!.balance);
          });
        },
      ),
    );
  });

  it('a percentage scholarship takes its share of tuition, capped by the balance (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            tuition: fc.integer({ min: 0, max: 2_000_000 }),
            balance: fc.integer({ min: 0, max: 2_000_000 }),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 1, max: 100 }),
        (invoices, percent) => {
          const parts = scholarshipDiscounts({ kind: 'percent', value: percent }, invoices, 0);
          parts.forEach((part, index) => {
            const { tuition, balance } = invoices[index]!;
            expect(part).toBe(Math.min(percentOfFrancs(tuition, percent), balance));
          });
        },
      ),
    );
  });
});
