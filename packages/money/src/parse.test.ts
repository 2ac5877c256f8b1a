import { describe, expect, it } from 'vitest';
import { parseFrancs } from './parse';
import { caught } from './money.test-support';

const NNBSP = '\u202F';
const NBSP = '\u00A0';

describe('parseFrancs — accepted', () => {
  it.each([
    ['150000', 150_000],
    ['150 000', 150_000],
    [`150${NNBSP}000`, 150_000],
    [`150${NBSP}000`, 150_000],
    ['150.000', 150_000],
    ['1.500.000', 1_500_000],
    ['1 500 000', 1_500_000],
    ['150 000 FCFA', 150_000],
    [`150${NNBSP}000${NBSP}FCFA`, 150_000],
    ['150000FCFA', 150_000],
    ['150 000 F CFA', 150_000],
    ['150 000 fcfa', 150_000],
    ['150 000 F', 150_000],
    ['150 000 CFA', 150_000],
    ['150 000 XOF', 150_000],
    ['150 000 francs CFA', 150_000],
    ['1 franc', 1],
    ['  25 000  ', 25_000],
    ['150  000', 150_000], // a doubled space between groups is tolerated
    ['0', 0],
    ['999', 999],
    ['1 000', 1_000],
    ['-150 000 FCFA', -150_000],
    ['\u2212150 000', -150_000], // U+2212 MINUS SIGN
    ['+150 000', 150_000],
    ['9 007 199 254 740 991', Number.MAX_SAFE_INTEGER],
    ['-9007199254740991', Number.MIN_SAFE_INTEGER],
  ])('parses %j as %d', (input, expected) => {
    expect(parseFrancs(input)).toBe(expected);
  });

  it('never returns a negative zero', () => {
    expect(Object.is(parseFrancs('-0'), 0)).toBe(true);
  });
});

describe('parseFrancs — refused', () => {
  it.each(['150,5', '150,50', '1.5', '150.50', '150 000,00', '1.5000', '150,000', '150,'])(
    'refuses the decimal %j with NOT_AN_INTEGER',
    (input) => {
      const error = caught(() => parseFrancs(input));
      expect(error.code).toBe('NOT_AN_INTEGER');
      expect(error.message).toBe('Le montant doit être un nombre entier de francs.');
    },
  );

  it.each(['abc', '12a', 'FCFA', '--5', '1e5', '0x10', '- ', '150 000 euros', '½'])(
    'refuses %j with INVALID_TEXT and a French sentence',
    (input) => {
      const error = caught(() => parseFrancs(input));
      expect(error.code).toBe('INVALID_TEXT');
      expect(error.message).toBe(
        'Le montant doit être un nombre entier de francs écrit en chiffres, par exemple « 150 000 ».',
      );
    },
  );

  it.each(['1 50 000', '15 0000', '1500 000', '1.500 000', '1 500.000', '1.50.000'])(
    'refuses the badly grouped %j',
    (input) => {
      const error = caught(() => parseFrancs(input));
      expect(error.code).toBe('INVALID_TEXT');
      expect(error.message).toMatch(/regroupez les chiffres par trois/);
    },
  );

  it.each(['', '   ', NBSP])('refuses the empty input %j', (input) => {
    const error = caught(() => parseFrancs(input));
    expect(error.code).toBe('INVALID_TEXT');
    expect(error.message).toBe('Saisissez un montant en francs, par exemple « 150 000 ».');
  });

  it('refuses amounts beyond the safe-integer range', () => {
    expect(caught(() => parseFrancs('9 007 199 254 740 992')).code).toBe('UNSAFE_INTEGER');
    expect(caught(() => parseFrancs('-9007199254740992')).code).toBe('UNSAFE_INTEGER');
    expect(caught(() => parseFrancs('1'.repeat(400))).code).toBe('UNSAFE_INTEGER');
  });

  it('refuses a non-string at run time', () => {
    expect(caught(() => parseFrancs(150_000 as unknown as string)).code).toBe('INVALID_TEXT');
  });
});
