import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, utcDay, utcMidnight } from './days';

const DAY_MS = 86_400_000;
/** Any day of the years a school's dates live in (2000–2100). */
const anyDay = fc
  .integer({ min: Date.UTC(2000, 0, 1) / DAY_MS, max: Date.UTC(2100, 11, 31) / DAY_MS })
  .map((index) => new Date(index * DAY_MS).toISOString().slice(0, 10));

describe('days', () => {
  it('crosses months, years and leap days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-26', 0)).toBe('2026-11-26');
    expect(addDays('2026-11-26', -30)).toBe('2026-10-27');
  });

  it('counts whole days of 24 hours, whatever the day', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -800, max: 800 }), (day, days) => {
        const later = addDays(day, days);
        expect(utcMidnight(later).getTime() - utcMidnight(day).getTime()).toBe(days * DAY_MS);
        expect(addDays(later, -days)).toBe(day);
      }),
    );
  });

  it('reads the UTC day of an instant', () => {
    expect(utcDay(new Date('2026-03-09T23:59:59Z'))).toBe('2026-03-09');
    expect(utcMidnight('2026-03-09').toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });
});
