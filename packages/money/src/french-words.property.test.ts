import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FRENCH_WORDS, amountInFrenchWords, numberInFrenchWords } from './french-words';

const VALUES: Record<string, number> = {
  zéro: 0, un: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9,
  dix: 10, onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16,
  vingt: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60,
}; // prettier-ignore
const SCALES: Record<string, number> = {
  mille: 1_000,
  million: 1_000_000,
  millions: 1_000_000,
  milliard: 1_000_000_000,
  milliards: 1_000_000_000,
};

/** An independent reader of French number words, to check the writer against. */
function readFrenchWords(words: string): number {
  let total = 0;
  let group = 0;
  let previous = '';
  for (const token of words.split(/[ -]/)) {
    if (token === 'et') continue;
    if (token === 'vingt' || token === 'vingts') {
      group += previous === 'quatre' ? 76 : 20; // « quatre » was already counted as 4
    } else if (token === 'cent' || token === 'cents') {
      group = (group === 0 ? 1 : group) * 100;
    } else if (token in SCALES) {
      total += (group === 0 ? 1 : group) * (SCALES[token] ?? NaN);
      group = 0;
    } else if (token in VALUES) {
      group += VALUES[token] ?? NaN;
    } else {
      throw new Error(`unknown word ${JSON.stringify(token)} in ${JSON.stringify(words)}`);
    }
    previous = token;
  }
  return total + group;
}

/** Any number in range, plus numbers built from interesting groups of three digits. */
const chunk = fc.oneof(
  fc.integer({ min: 0, max: 999 }),
  fc.constantFrom(0, 1, 21, 71, 80, 81, 100, 180, 200, 201, 280),
);
const numberArb = fc.oneof(
  fc.integer({ min: 0, max: MAX_FRENCH_WORDS }),
  fc
    .tuple(chunk, chunk, chunk, chunk)
    .map(([g, m, k, u]) => ((g * 1000 + m) * 1000 + k) * 1000 + u),
);

/** Spelling invariants of the traditional French form, checked on every generated number. */
function expectWellFormed(words: string): void {
  expect(words).toMatch(/^[a-zé]+(?:[ -][a-zé]+)*$/); // no double, leading or trailing space
  // Never « un cent » nor « un mille » for a leading 1 (« vingt et un mille » is fine)…
  expect(words).not.toMatch(/(?:^|milliards? |millions? )un (?:cent|mille)/);
  // …but always « un million », « un milliard »: singular exactly when the count is a lone 1.
  const singular = words.match(/\bmilli(?:on|ard)\b/g)?.length ?? 0;
  expect(words.match(/(?<=^|milliards? )un milli(?:on|ard)\b/g)?.length ?? 0).toBe(singular);
  expect(words).not.toMatch(/(?:^|milliards? )un milli(?:on|ard)s/);
  // Plural s only at the very end or before millions/milliards (nouns), never before mille.
  expect(words).not.toMatch(/(?:vingts|cents) (?!millions|milliards)/);
  // Hyphens only join tens and units: never around cent, mille, million, milliard or et.
  expect(words).not.toMatch(/-(?:cents?|mille|millions?|milliards?|et)\b/);
  expect(words).not.toMatch(/\b(?:cents?|mille|millions?|milliards?|et)-/);
  // « et » only in vingt/trente/…/soixante et un, and soixante et onze.
  for (const match of words.matchAll(/(\S+) et (\S+)/g)) {
    expect(['vingt', 'trente', 'quarante', 'cinquante', 'soixante']).toContain(match[1]);
    expect(match[2] === 'un' || (match[1] === 'soixante' && match[2] === 'onze')).toBe(true);
  }
}

describe('numberInFrenchWords — properties', () => {
  it('writes every number in range, well formed, and reads back to the same number', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        const words = numberInFrenchWords(n);
        expectWellFormed(words);
        expect(readFrenchWords(words)).toBe(n);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is exact for every number from 0 to 200 000 (exhaustive)', () => {
    const seen = new Set<string>();
    for (let n = 0; n <= 200_000; n += 1) {
      const words = numberInFrenchWords(n);
      if (readFrenchWords(words) !== n) expect(`${n}: ${words}`).toBe('reads back');
      seen.add(words);
    }
    expect(seen.size).toBe(200_001); // no two numbers share a spelling
  });

  it('reads back the whole table of small groups at every scale', () => {
    for (const scale of [1, 1_000, 1_000_000, 1_000_000_000]) {
      for (let group = 1; group <= 999; group += 1) {
        const words = numberInFrenchWords(group * scale);
        expectWellFormed(words);
        expect(readFrenchWords(words)).toBe(group * scale);
      }
    }
  });
});

describe('amountInFrenchWords — properties', () => {
  it('appends the right form of « francs CFA » to the number in words', () => {
    fc.assert(
      fc.property(numberArb, (n) => {
        const text = amountInFrenchWords(n);
        const words = numberInFrenchWords(n);
        const wholeMillions = n >= 1_000_000 && n % 1_000_000 === 0;
        const suffix = `${wholeMillions ? 'de ' : ''}${n <= 1 ? 'franc' : 'francs'} CFA`;
        expect(text).toBe(`${words} ${suffix}`);
        expect(text).not.toMatch(/ {2}|^ | $/);
        expect(/(?:millions?|milliards?) de francs CFA$/.test(text)).toBe(wholeMillions);
      }),
      { numRuns: 1_000 },
    );
  });
});
