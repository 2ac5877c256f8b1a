/**
 * Text as the search box compares it: lower case, without accents, single spaces. "Agbéko" and
 * "AGBEKO" both become "agbeko".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
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
