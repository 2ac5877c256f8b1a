import { MoneyError } from './errors';
import type { Francs } from './francs';

/** Space-like characters accepted as thousands separators: NBSP, figure space, NNBSP, tab. */
const SPACES = /[\u00A0\u2007\u202F\t]/g;
/** Optional currency unit at the end: FCFA, F CFA, CFA, F, XOF, franc(s) (CFA), with a dot. */
const UNIT = /\s*(?:f\s*cfa|francs?(?:\s*cfa)?|cfa|xof|f)\.?$/i;
/** Optional sign at the start: hyphen-minus, U+2212 MINUS SIGN or plus. */
const SIGN = /^([-+\u2212])\s*/;
const PLAIN = /^\d+$/;
/** Groups of three after the first, all separated by the same character (space or dot). */
const GROUPED = /^\d{1,3}([ .])\d{3}(?:\1\d{3})*$/;
const DIGITS_AND_SEPARATORS = /^[\d .,]+$/;
/** A decimal comma anywhere, or a dot followed by other than exactly three final digits. */
const DECIMAL_MARK = /,|\.\d{0,2}$|\.\d{4,}$/;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

const EXAMPLE = 'par exemple « 150 000 »';

/**
 * Parses an amount typed by a person, written the French way, into whole francs.
 *
 * Accepts digits alone (`"150000"`) or grouped by three with one kind of separator — a space,
 * U+202F, U+00A0 or a dot (`"150 000"`, `"1.500.000"`) — an optional sign (`-`, `−`, `+`) and
 * an optional unit (`FCFA`, `F CFA`, `CFA`, `F`, `XOF`, `francs CFA`). So everything
 * `formatFrancs(n)` and `formatFrancsAscii(n)` produce parses back to `n`.
 *
 * Throws a {@link MoneyError} with a French message: `NOT_AN_INTEGER` for decimals (`"150,5"`,
 * `"1.5"`; a comma is never a thousands separator in French, so `"150,000"` is refused too),
 * `INVALID_TEXT` for empty text, letters or bad grouping, `UNSAFE_INTEGER` past
 * ±Number.MAX_SAFE_INTEGER.
 */
export function parseFrancs(input: string): Francs {
  if (typeof input !== 'string') {
    throw new MoneyError('INVALID_TEXT', `Le montant doit être écrit en chiffres, ${EXAMPLE}.`);
  }
  let text = input.replace(SPACES, ' ').trim();
  if (text === '') {
    throw new MoneyError('INVALID_TEXT', `Saisissez un montant en francs, ${EXAMPLE}.`);
  }
  text = text.replace(UNIT, '');
  let negative = false;
  const sign = SIGN.exec(text);
  if (sign) {
    negative = sign[1] !== '+';
    text = text.slice(sign[0].length);
  }
  const body = text.replace(/ +/g, ' ');

  if (!PLAIN.test(body) && !GROUPED.test(body)) {
    const onlyDigits = DIGITS_AND_SEPARATORS.test(body) && /\d/.test(body);
    if (onlyDigits && DECIMAL_MARK.test(body)) {
      throw new MoneyError('NOT_AN_INTEGER', 'Le montant doit être un nombre entier de francs.');
    }
    if (onlyDigits) {
      throw new MoneyError(
        'INVALID_TEXT',
        `Le montant est mal écrit : regroupez les chiffres par trois, ${EXAMPLE}.`,
      );
    }
    throw new MoneyError(
      'INVALID_TEXT',
      `Le montant doit être un nombre entier de francs écrit en chiffres, ${EXAMPLE}.`,
    );
  }

  const magnitude = BigInt(body.replace(/[ .]/g, ''));
  if (magnitude > MAX) {
    throw new MoneyError(
      'UNSAFE_INTEGER',
      `Le montant est trop grand pour être calculé exactement (limite : ${Number.MAX_SAFE_INTEGER}).`,
    );
  }
  const value = Number(magnitude);
  return negative ? -value + 0 : value;
}
