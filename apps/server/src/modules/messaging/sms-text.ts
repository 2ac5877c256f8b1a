import { closestLatinLetters } from '../../platform/latin-letters';

/**
 * GSM-7's basic character set (3GPP TS 23.038) and the escaped characters of its extension table
 * (they count twice): an SMS in it is 160 characters per part, in UCS-2 only 70.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€';
const gsm7 = new Set([...GSM7_BASIC, ...GSM7_EXTENSION]);

/** Characters outside GSM-7, written the way a French SMS would. */
const replacements: Record<string, string> = {
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '…': '...',
  '–': '-',
  '—': '-',
  '°': 'o',
  œ: 'oe',
  Œ: 'OE',
};

/**
 * The text in GSM-7 (DESIGN.md §8b): characters the basic set has are kept (é, è, à, ù), the
 * others are written without their accent (â ê î ô û ç → a e i o u c), typographic quotes and
 * spaces become plain ones; what remains outside the set is dropped.
 */
export function toGsm7(text: string): string {
  let result = '';
  for (const character of text) {
    if (gsm7.has(character)) {
      result += character;
      continue;
    }
    const replaced = replacements[character] ?? closestLatinLetters(character);
    result += [...replaced].filter((part) => gsm7.has(part)).join('');
  }
  return result;
}
