import { MoneyError } from './errors';
import { assertSafeInteger } from './francs';

/** Largest number {@link numberInFrenchWords} writes out: 999 999 999 999. */
export const MAX_FRENCH_WORDS = 999_999_999_999;

const UNITS = [
  'zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf',
  'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize',
  'dix-sept', 'dix-huit', 'dix-neuf',
]; // prettier-ignore
/** Tens from 20 to 60; 70 and 90 are built on soixante and quatre-vingt. */
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

function unit(n: number): string {
  return UNITS[n] ?? '';
}

/**
 * 0–99 without zéro. `final` means nothing but million(s)/milliard(s) follows, so quatre-vingt
 * takes its plural s (« quatre-vingts », « quatre-vingts millions », but « quatre-vingt mille »).
 */
function belowHundred(n: number, final: boolean): string {
  if (n < 20) return unit(n);
  const tens = Math.floor(n / 10);
  const units = n % 10;
  if (tens === 7 || tens === 9) {
    // soixante-dix … soixante-dix-neuf, quatre-vingt-dix … quatre-vingt-dix-neuf
    const base = tens === 7 ? 'soixante' : 'quatre-vingt';
    const rest = n - (tens === 7 ? 60 : 80);
    return tens === 7 && rest === 11 ? 'soixante et onze' : `${base}-${unit(rest)}`;
  }
  if (tens === 8) {
    if (units === 0) return final ? 'quatre-vingts' : 'quatre-vingt';
    return `quatre-vingt-${unit(units)}`; // no « et » in quatre-vingt-un
  }
  const word = TENS[tens] ?? '';
  if (units === 0) return word;
  return units === 1 ? `${word} et un` : `${word}-${unit(units)}`;
}

/** 1–999; `final` as in {@link belowHundred}: cent takes an s only when it ends the group. */
function belowThousand(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return belowHundred(rest, final);
  const cent = hundreds === 1 ? 'cent' : `${unit(hundreds)} cent`;
  if (rest === 0) return hundreds > 1 && final ? `${cent}s` : cent;
  return `${cent} ${belowHundred(rest, final)}`;
}

/** « un million », « deux cents millions » : million and milliard are nouns and agree. */
function scale(count: number, noun: string): string {
  return count === 1 ? `un ${noun}` : `${belowThousand(count, true)} ${noun}s`;
}

/**
 * Writes an integer from 0 to 999 999 999 999 in French words, in the traditional spelling used
 * on receipts and cheques (before the 1990 reform): hyphens only between tens and units below
 * one hundred (« quatre-vingt-dix-sept »), « et » without hyphens (« vingt et un », « soixante
 * et onze »), spaces everywhere else (« deux cent mille »).
 *
 * Agreement: « quatre-vingts » and « deux cents » take an s when they end the number or come
 * before « millions »/« milliards » (nouns), not before « mille » (invariable adjective) nor
 * before another number: « quatre-vingt mille », « deux cent un ». « cent » and « mille » are
 * never preceded by « un »; « un million », « un milliard » are.
 *
 * Throws a MoneyError: `NOT_AN_INTEGER` for non-integers, `OUT_OF_RANGE` below 0 or above
 * {@link MAX_FRENCH_WORDS}.
 *
 * @example numberInFrenchWords(150_000) // "cent cinquante mille"
 */
export function numberInFrenchWords(n: number): string {
  assertSafeInteger(n, 'Le nombre');
  if (n < 0 || n > MAX_FRENCH_WORDS) {
    throw new MoneyError(
      'OUT_OF_RANGE',
      'Le nombre à écrire en lettres doit être compris entre 0 et 999 999 999 999.',
    );
  }
  if (n === 0) return 'zéro';

  const milliards = Math.floor(n / 1_000_000_000);
  const millions = Math.floor(n / 1_000_000) % 1000;
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;

  const words: string[] = [];
  if (milliards > 0) words.push(scale(milliards, 'milliard'));
  if (millions > 0) words.push(scale(millions, 'million'));
  if (thousands === 1) words.push('mille');
  else if (thousands > 1) words.push(`${belowThousand(thousands, false)} mille`);
  if (rest > 0) words.push(belowThousand(rest, true));
  return words.join(' ');
}

/**
 * Writes an amount in francs CFA in French words for receipts (same spelling and range as
 * {@link numberInFrenchWords}): « zéro franc CFA », « un franc CFA », « deux francs CFA »,
 * « cent cinquante mille francs CFA ». A whole number of millions or milliards takes « de »:
 * « un million de francs CFA », « deux milliards de francs CFA », but « un million deux cents
 * francs CFA ». Throws a MoneyError outside 0–999 999 999 999 or for non-integers.
 */
export function amountInFrenchWords(amount: number): string {
  assertSafeInteger(amount, 'Le montant', ' de francs');
  const words = numberInFrenchWords(amount);
  const noun = amount <= 1 ? 'franc CFA' : 'francs CFA';
  const de = amount >= 1_000_000 && amount % 1_000_000 === 0 ? 'de ' : '';
  return `${words} ${de}${noun}`;
}
