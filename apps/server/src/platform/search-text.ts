import { sql, type SQL } from 'drizzle-orm';

/**
 * Letters with no accent to drop, spelt the way a parent types them on a phone: « Sacré-Cœur » is
 * found with « coeur », « Ɖokpo » with « dokpo ».
 */
const SPELT_OUT: Record<string, string> = {
  œ: 'oe',
  æ: 'ae',
  ɔ: 'o',
  ɛ: 'e',
  ɖ: 'd',
  ŋ: 'n',
  ƒ: 'f',
  ʋ: 'v',
  ɣ: 'g',
};
const SPELT_OUT_LETTERS = new RegExp(`[${Object.keys(SPELT_OUT).join('')}]`, 'gu');

/**
 * Text as the search box compares it: lower case, without accents, single spaces, the letters of
 * Ewe and Kabiyè spelt in Latin (`SPELT_OUT`). "Agbéko" and "AGBEKO" both become "agbeko",
 * "Kɔffi" and "KƆFFI" become "koffi". Students' and guardians' stored search keys are this fold
 * (migration 0023_top_bar_search spelt out the keys stored before it).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(SPELT_OUT_LETTERS, (letter) => SPELT_OUT[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A `LIKE` pattern matching `term` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What a search term matches in a search key: its folded text, and when it is mostly digits (a
 * phone number typed with spaces), its digits alone.
 */
export function searchTerms(term: string): string[] {
  const folded = foldForSearch(term);
  const digits = term.replace(/\D/g, '');
  const terms = [folded];
  if (digits.length >= 4 && digits.length >= folded.replace(/\s/g, '').length - 1) {
    terms.push(digits);
  }
  return [...new Set(terms.filter((value) => value.length > 0))];
}

/**
 * The words of a search term, folded (`foldForSearch`) with the letters above spelt out, split at
 * anything that is neither a letter nor a digit: « d’Adidogomé » gives `d` and `adidogome`.
 */
export function searchWords(term: string): string[] {
  return foldForSearch(term)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * `searchWords`' folding of a text column, in SQL, for tables without a stored search key:
 * decomposed (NFD) and stripped of its combining accents, the letters above spelt out in either
 * case, then lower-cased. The mapping comes before `lower()` because a database created with the
 * C locale (the embedded one) lowers ASCII letters only.
 */
export function foldedForSearchSql(text: SQL): SQL {
  const single = Object.entries(SPELT_OUT).filter(([, spelling]) => spelling.length === 1);
  const from = single.map(([letter]) => `${letter}${letter.toUpperCase()}`).join('');
  const to = single.map(([, spelling]) => `${spelling}${spelling}`).join('');
  let folded = sql`translate(regexp_replace(normalize(${text}, NFD), ${'[\u0300-\u036f]'}, '', 'g'), ${from}::text, ${to}::text)`;
  for (const [letter, spelling] of Object.entries(SPELT_OUT)) {
    if (spelling.length === 1) continue;
    folded = sql`replace(replace(${folded}, ${letter}::text, ${spelling}::text), ${letter.toUpperCase()}::text, ${spelling}::text)`;
  }
  return sql`lower(${folded})`;
}
