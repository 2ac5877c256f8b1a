import { describe, expect, it } from 'vitest';
import { changeInTime, formatChange, formatPercent } from './kpi-format';

describe('dashboard figures', () => {
  it('writes a rate the French way, or the English way', () => {
    expect(formatPercent(96.2, 'fr')).toBe('96,2\u00A0%');
    expect(formatPercent(100, 'fr')).toBe('100\u00A0%');
    expect(formatPercent(33.333, 'fr')).toBe('33,3\u00A0%');
    expect(formatPercent(96.2, 'en')).toBe('96.2%');
  });

  it('signs a change with a plus or a real minus, and has none for zero', () => {
    expect(formatChange(12, 'fr')).toBe('+12\u00A0%');
    expect(formatChange(-5.2, 'fr')).toBe('\u22125,2\u00A0%');
    expect(formatChange(2.14, 'fr')).toBe('+2,1\u00A0%');
    expect(formatChange(1234.5, 'fr')).toBe('+1\u202F234,5\u00A0%');
    expect(formatChange(-5.2, 'en')).toBe('\u22125.2%');
    expect(formatChange(0, 'fr')).toBeNull();
    expect(formatChange(0.04, 'fr')).toBeNull(); // « stable » once rounded
  });

  it('reads each change in time order, whichever side the server compares with', () => {
    const kpi = { value: 1_265_000, previous: 645_000, change: 96.1 };
    expect(changeInTime(kpi, 'earlier')).toBe(96.1);
    expect(changeInTime(kpi, 'later')).toBe(-49);
    expect(changeInTime({ value: 100, previous: 150, change: -33.3 }, 'later')).toBe(50);
    expect(changeInTime({ value: 0, previous: 150, change: null }, 'later')).toBeNull();
  });
});
