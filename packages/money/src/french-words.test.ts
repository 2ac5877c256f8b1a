import { describe, expect, it } from 'vitest';
import { MAX_FRENCH_WORDS, amountInFrenchWords, numberInFrenchWords } from './french-words';
import { caught } from './money.test-support';

// Hand-checked against the traditional (pre-1990) spelling used on receipts and cheques.
const NUMBERS: [number, string][] = [
  [0, 'zéro'],
  [1, 'un'],
  [2, 'deux'],
  [10, 'dix'],
  [11, 'onze'],
  [16, 'seize'],
  [17, 'dix-sept'],
  [19, 'dix-neuf'],
  [20, 'vingt'],
  [21, 'vingt et un'],
  [22, 'vingt-deux'],
  [31, 'trente et un'],
  [41, 'quarante et un'],
  [51, 'cinquante et un'],
  [61, 'soixante et un'],
  [69, 'soixante-neuf'],
  [70, 'soixante-dix'],
  [71, 'soixante et onze'],
  [72, 'soixante-douze'],
  [77, 'soixante-dix-sept'],
  [79, 'soixante-dix-neuf'],
  [80, 'quatre-vingts'],
  [81, 'quatre-vingt-un'],
  [88, 'quatre-vingt-huit'],
  [90, 'quatre-vingt-dix'],
  [91, 'quatre-vingt-onze'],
  [97, 'quatre-vingt-dix-sept'],
  [99, 'quatre-vingt-dix-neuf'],
  [100, 'cent'],
  [101, 'cent un'],
  [121, 'cent vingt et un'],
  [180, 'cent quatre-vingts'],
  [200, 'deux cents'],
  [201, 'deux cent un'],
  [280, 'deux cent quatre-vingts'],
  [999, 'neuf cent quatre-vingt-dix-neuf'],
  [1_000, 'mille'],
  [1_001, 'mille un'],
  [1_100, 'mille cent'],
  [1_980, 'mille neuf cent quatre-vingts'],
  [2_000, 'deux mille'],
  [21_000, 'vingt et un mille'],
  [71_000, 'soixante et onze mille'],
  [80_000, 'quatre-vingt mille'],
  [80_080, 'quatre-vingt mille quatre-vingts'],
  [81_000, 'quatre-vingt-un mille'],
  [100_000, 'cent mille'],
  [150_000, 'cent cinquante mille'],
  [200_000, 'deux cent mille'],
  [200_200, 'deux cent mille deux cents'],
  [280_000, 'deux cent quatre-vingt mille'],
  [999_999, 'neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf'],
  [1_000_000, 'un million'],
  [1_000_001, 'un million un'],
  [1_001_000, 'un million mille'],
  [1_000_200, 'un million deux cents'],
  [2_000_000, 'deux millions'],
  [21_000_000, 'vingt et un millions'],
  [80_000_000, 'quatre-vingts millions'],
  [100_000_000, 'cent millions'],
  [200_000_000, 'deux cents millions'],
  [201_000_000, 'deux cent un millions'],
  [280_000_000, 'deux cent quatre-vingts millions'],
  [1_000_000_000, 'un milliard'],
  [2_000_000_000, 'deux milliards'],
  [80_000_000_000, 'quatre-vingts milliards'],
  [200_000_000_000, 'deux cents milliards'],
  [1_002_003_004, 'un milliard deux millions trois mille quatre'],
  [1_200_080_000, 'un milliard deux cents millions quatre-vingt mille'],
  [
    MAX_FRENCH_WORDS,
    'neuf cent quatre-vingt-dix-neuf milliards neuf cent quatre-vingt-dix-neuf millions ' +
      'neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf',
  ],
];

const AMOUNTS: [number, string][] = [
  [0, 'zéro franc CFA'],
  [1, 'un franc CFA'],
  [2, 'deux francs CFA'],
  [80, 'quatre-vingts francs CFA'],
  [1_000, 'mille francs CFA'],
  [150_000, 'cent cinquante mille francs CFA'],
  [999_999, 'neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf francs CFA'],
  [1_000_000, 'un million de francs CFA'],
  [2_000_000, 'deux millions de francs CFA'],
  [80_000_000, 'quatre-vingts millions de francs CFA'],
  [1_000_000_000, 'un milliard de francs CFA'],
  [2_000_000_000, 'deux milliards de francs CFA'],
  [1_002_000_000, 'un milliard deux millions de francs CFA'],
  [1_000_200, 'un million deux cents francs CFA'],
  [1_001_000, 'un million mille francs CFA'],
  [2_000_001, 'deux millions un francs CFA'],
];

describe('numberInFrenchWords — hand-checked table', () => {
  it.each(NUMBERS)('writes %d as %j', (n, words) => {
    expect(numberInFrenchWords(n)).toBe(words);
  });
});

describe('amountInFrenchWords — hand-checked table', () => {
  it.each(AMOUNTS)('writes %d as %j', (n, words) => {
    expect(amountInFrenchWords(n)).toBe(words);
  });
});

describe('range and type checks', () => {
  it.each([-1, MAX_FRENCH_WORDS + 1, Number.MAX_SAFE_INTEGER])(
    'refuses %d with OUT_OF_RANGE',
    (n) => {
      const error = caught(() => numberInFrenchWords(n));
      expect(error.code).toBe('OUT_OF_RANGE');
      expect(error.message).toBe(
        'Le nombre à écrire en lettres doit être compris entre 0 et 999 999 999 999.',
      );
      expect(caught(() => amountInFrenchWords(n)).code).toBe('OUT_OF_RANGE');
    },
  );

  it.each([1.5, NaN, Infinity, -Infinity])('refuses %d with NOT_AN_INTEGER', (n) => {
    expect(caught(() => numberInFrenchWords(n)).code).toBe('NOT_AN_INTEGER');
    expect(caught(() => amountInFrenchWords(n)).message).toBe(
      'Le montant doit être un nombre entier de francs.',
    );
  });

  it('writes a negative zero as zéro', () => {
    expect(amountInFrenchWords(-0)).toBe('zéro franc CFA');
  });
});
