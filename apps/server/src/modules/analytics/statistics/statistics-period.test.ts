import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors';
import {
  birthYearsFor,
  kpi,
  monthsOf,
  resolvePeriod,
  sameDayAYearBefore,
  splitRange,
} from './statistics-period';

describe('the period of « Statistiques »', () => {
  it('« Année à ce jour » against the same days a year before, 29 February included', () => {
    expect(resolvePeriod('ytd', '2028-02-29')).toMatchObject({
      year: 2028,
      current: { from: '2028-01-01', to: '2028-02-29' },
      previous: { from: '2027-01-01', to: '2027-02-28' },
    });
    expect(sameDayAYearBefore('2026-03-01')).toBe('2025-03-01');
  });

  it('a past year whole, against the year before; absurd years refused in French', () => {
    expect(resolvePeriod('2024', '2026-06-15')).toMatchObject({
      label: '2024',
      current: { from: '2024-01-01', to: '2024-12-31' },
      previous: { from: '2023-01-01', to: '2023-12-31' },
    });
    for (const periode of ['0001', '1999', '2027']) {
      expect(() => resolvePeriod(periode, '2026-06-15')).toThrow(AppError);
    }
  });

  it('whole months from the monthly rollup, a partial month by its smaller side', () => {
    expect(splitRange({ from: '2026-01-01', to: '2026-06-15' })).toEqual({
      months: { from: '2026-01-01', until: '2026-06-01' },
      add: [{ from: '2026-06-01', to: '2026-06-15' }],
      subtract: [],
    });
    expect(splitRange({ from: '2026-01-01', to: '2026-06-16' })).toEqual({
      months: { from: '2026-01-01', until: '2026-07-01' },
      add: [],
      subtract: [{ from: '2026-06-17', to: '2026-06-30' }],
    });
    expect(splitRange({ from: '2025-01-01', to: '2025-12-31' })).toEqual({
      months: { from: '2025-01-01', until: '2026-01-01' },
      add: [],
      subtract: [],
    });
    expect(splitRange({ from: '2026-01-01', to: '2026-01-03' })).toEqual({
      months: null,
      add: [{ from: '2026-01-01', to: '2026-01-03' }],
      subtract: [],
    });
    expect(splitRange({ from: '2026-01-10', to: '2026-01-20' }).add).toEqual([
      { from: '2026-01-10', to: '2026-01-20' },
    ]);
    expect(monthsOf({ from: '2026-01-01', to: '2026-03-02' })).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it('ages reached in the year as birth years; a change in percent, none without a base', () => {
    expect(birthYearsFor(2026, { ageMin: 10, ageMax: 12 })).toEqual({ from: 2014, to: 2016 });
    expect(birthYearsFor(2026, { ageMin: 18 })).toEqual({ from: -32768, to: 2008 });
    expect(birthYearsFor(2026, {})).toBeNull();
    expect(kpi(150, 100)).toEqual({ value: 150, previous: 100, change: 50 });
    expect(kpi(5, 0)).toEqual({ value: 5, previous: 0, change: null });
  });
});
