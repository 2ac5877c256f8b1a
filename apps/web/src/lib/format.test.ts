import { describe, expect, it } from 'vitest';
import { formatInteger, formatXof } from './format';

describe('formatXof', () => {
  it('groups thousands with a narrow no-break space and keeps FCFA on the same line', () => {
    expect(formatXof(165_000)).toBe('165\u202F000\u00A0FCFA');
    expect(formatXof(1_000_000)).toBe('1\u202F000\u202F000\u00A0FCFA');
    expect(formatXof(0)).toBe('0\u00A0FCFA');
  });

  it('uses commas in English and never prints dollars', () => {
    expect(formatXof(165_000, 'en')).toBe('165,000\u00A0FCFA');
    expect(formatXof(165_000)).not.toContain('$');
  });

  it('prints a plain hyphen for negative amounts and refuses fractions', () => {
    expect(formatInteger(-1500)).toBe('-1\u202F500');
    expect(() => formatXof(12.5)).toThrow(RangeError);
  });
});
