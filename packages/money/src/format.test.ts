import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFrancs, formatFrancsAscii, formatWholeNumber } from './format';
import { parseFrancs } from './parse';
import { caught } from './money.test-support';

const NNBSP = '\u202F';
const NBSP = '\u00A0';
const MAX = Number.MAX_SAFE_INTEGER;

/** The GSM 03.38 basic character set (without the escape-table characters). */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

describe('formatFrancs (French)', () => {
  it.each([
    [0, `0${NBSP}FCFA`],
    [5, `5${NBSP}FCFA`],
    [999, `999${NBSP}FCFA`],
    [1_000, `1${NNBSP}000${NBSP}FCFA`],
    [150_000, `150${NNBSP}000${NBSP}FCFA`],
    [1_500_000, `1${NNBSP}500${NNBSP}000${NBSP}FCFA`],
    [-150_000, `-150${NNBSP}000${NBSP}FCFA`],
    [MAX, `9${NNBSP}007${NNBSP}199${NNBSP}254${NNBSP}740${NNBSP}991${NBSP}FCFA`],
  ])('formats %d as %j', (amount, expected) => {
    expect(formatFrancs(amount)).toBe(expected);
    expect(formatFrancs(amount, 'fr')).toBe(expected);
  });

  it('prints a negative zero as 0', () => {
    expect(formatFrancs(-0)).toBe(`0${NBSP}FCFA`);
    expect(formatFrancsAscii(-0)).toBe('0 FCFA');
  });

  it('starts negatives with U+002D HYPHEN-MINUS, as Intl fr-FR does', () => {
    expect(formatFrancs(-1).codePointAt(0)).toBe(0x2d);
    expect(formatFrancs(-150_000)).toBe(
      `${new Intl.NumberFormat('fr-FR').format(-150_000)}${NBSP}FCFA`,
    );
  });

  it('uses the grouping of Intl.NumberFormat fr-FR (property)', () => {
    const intl = new Intl.NumberFormat('fr-FR');
    fc.assert(
      fc.property(fc.maxSafeInteger(), (amount) => {
        expect(formatFrancs(amount)).toBe(`${intl.format(amount)}${NBSP}FCFA`);
        expect(formatFrancs(amount)).toMatch(/^-?\d{1,3}(\u202F\d{3})*\u00A0FCFA$/);
      }),
    );
  });

  it('refuses non-integers', () => {
    expect(caught(() => formatFrancs(1.5)).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => formatFrancs(NaN)).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => formatFrancs(2 ** 53)).code).toBe('UNSAFE_INTEGER');
  });
});

describe('formatFrancs (English)', () => {
  it.each([
    [0, `0${NBSP}FCFA`],
    [1_000, `1,000${NBSP}FCFA`],
    [150_000, `150,000${NBSP}FCFA`],
    [-1_500_000, `-1,500,000${NBSP}FCFA`],
  ])('formats %d as %j', (amount, expected) => {
    expect(formatFrancs(amount, 'en')).toBe(expected);
  });

  it('groups by three with commas and keeps every digit (property)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (amount) => {
        const text = formatFrancs(amount, 'en');
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\u00A0FCFA$/);
        expect(Number(text.replace(/[,\u00A0FCA]/g, ''))).toBe(amount);
      }),
    );
  });
});

describe('formatFrancsAscii', () => {
  it.each([
    [0, '0 FCFA'],
    [1_000, '1 000 FCFA'],
    [150_000, '150 000 FCFA'],
    [-150_000, '-150 000 FCFA'],
    [25_500_000, '25 500 000 FCFA'],
  ])('formats %d as %j', (amount, expected) => {
    expect(formatFrancsAscii(amount)).toBe(expected);
  });

  it('only uses ASCII characters of the GSM-7 basic set (property)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (amount) => {
        const text = formatFrancsAscii(amount);
        expect(text).toMatch(/^-?\d{1,3}( \d{3})* FCFA$/);
        for (const char of text) {
          expect(char.charCodeAt(0)).toBeLessThan(128);
          expect(GSM7).toContain(char);
        }
      }),
    );
  });

  it('refuses non-integers', () => {
    expect(caught(() => formatFrancsAscii(0.5)).code).toBe('NOT_AN_INTEGER');
  });
});

describe('formatting round-trips through parseFrancs', () => {
  it('parseFrancs(formatFrancs(n)) === n and the same for the ASCII form (property)', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (amount) => {
        expect(parseFrancs(formatFrancs(amount))).toBe(amount);
        expect(parseFrancs(formatFrancsAscii(amount))).toBe(amount);
      }),
    );
  });

  it.each([0, 1, -1, 999, 1_000, -1_000, MAX, -MAX])('round-trips the edge %d', (amount) => {
    expect(parseFrancs(formatFrancs(amount))).toBe(amount);
    expect(parseFrancs(formatFrancsAscii(amount))).toBe(amount);
  });
});

describe('formatWholeNumber', () => {
  it('groups quantities like amounts, without the unit', () => {
    expect(formatWholeNumber(1000)).toBe('1\u202F000');
    expect(formatWholeNumber(1_000_000, 'en')).toBe('1,000,000');
    expect(formatWholeNumber(5)).toBe('5');
  });

  it('refuses a non-integer with a French message', () => {
    expect(() => formatWholeNumber(2.5)).toThrow('Le nombre doit être un nombre entier');
  });
});
