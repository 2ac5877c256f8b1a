/**
 * What an SMS costs in characters (3GPP TS 23.038 / 23.040), shared by the server that sends and
 * the screens where a template is written (DESIGN.md §8b).
 *
 * GSM-7's basic set (one septet each) and the escaped characters of its extension table (two
 * septets each). A text entirely in it is 160 septets in one SMS, 153 per part when concatenated;
 * any other character turns the whole SMS into UCS-2: 70 UTF-16 units, 67 per part.
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const basicSet = new Set(GSM7_BASIC);
const extensionSet = new Set(GSM7_EXTENSION);

/** Septets per SMS alone, per part of a concatenated one (the rest is the part's header). */
const GSM7_SINGLE = 160;
const GSM7_PART = 153;
const UCS2_SINGLE = 70;
const UCS2_PART = 67;

/** Characters outside GSM-7, written the way a French SMS would. */
const replacements: Record<string, string> = {
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
  '\t': ' ',
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '„': '"',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '…': '...',
  '–': '-',
  '—': '-',
  '‑': '-',
  '°': 'o',
  œ: 'oe',
  Œ: 'OE',
};

/**
 * Letters of Ewe, Kabiyè and their neighbours (in names) with no accent to drop: their closest
 * Latin letter.
 */
const closestLatin: Record<string, string> = {
  ɔ: 'o',
  Ɔ: 'O',
  ɛ: 'e',
  Ɛ: 'E',
  ɖ: 'd',
  Ɖ: 'D',
  ŋ: 'n',
  Ŋ: 'N',
  ʋ: 'v',
  Ʋ: 'V',
  ɣ: 'g',
  Ɣ: 'G',
  ƒ: 'f',
  Ƒ: 'F',
  ɩ: 'i',
  Ɩ: 'I',
  ʊ: 'u',
  Ʊ: 'U',
};

function isGsm7Character(character: string): boolean {
  return basicSet.has(character) || extensionSet.has(character);
}

/** True when every character of the text is in GSM-7 (the SMS is then 160 characters a part). */
export function isGsm7(text: string): boolean {
  for (const character of text) if (!isGsm7Character(character)) return false;
  return true;
}

/**
 * The text in GSM-7: every character GSM-7 has is kept (é è à ù ì ò É Ç Ä Ö Ñ Ü ä ö ñ ü…); only
 * what would turn the SMS into UCS-2 is replaced — typographic quotes, dashes, ellipsis and
 * spaces by plain ones, œ by oe, Ewe and Kabiyè letters by their Latin neighbour (ɔ → o, ɖ → d),
 * other accented letters without their accent (ç â ê î ô û ë ï À È Ê Ô → c a e i o u e i A E E
 * O). What still has no GSM-7 form (an emoji) is dropped.
 */
export function toGsm7(text: string): string {
  let result = '';
  for (const character of text) {
    if (isGsm7Character(character)) {
      result += character;
      continue;
    }
    const replaced =
      replacements[character] ??
      closestLatin[character] ??
      character.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    for (const part of replaced) if (isGsm7Character(part)) result += part;
  }
  return result;
}

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets in GSM-7 (an extension character counts 2), UTF-16 code units in UCS-2. */
  units: number;
  /** SMS billed for the text: 0 for an empty text. */
  segments: number;
  /** Units one SMS holds: 160 or 70 alone, 153 or 67 per part when the text needs several. */
  perSegment: number;
}

/**
 * How many SMS a text is sent as. A part never splits an escaped GSM-7 character nor a UTF-16
 * surrogate pair (phones move it to the next part), so a long text can need one part more than
 * its units divided by 153 or 67.
 */
export function smsSegments(text: string): SmsSegments {
  const gsm = isGsm7(text);
  const sizes: number[] = [];
  for (const character of text) {
    sizes.push(gsm ? (extensionSet.has(character) ? 2 : 1) : character.length);
  }
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const single = gsm ? GSM7_SINGLE : UCS2_SINGLE;
  const part = gsm ? GSM7_PART : UCS2_PART;
  const encoding = gsm ? 'GSM-7' : 'UCS-2';
  if (units <= single) {
    return { encoding, units, segments: units === 0 ? 0 : 1, perSegment: single };
  }
  let segments = 1;
  let filled = 0;
  for (const size of sizes) {
    if (filled + size > part) {
      segments += 1;
      filled = 0;
    }
    filled += size;
  }
  return { encoding, units, segments, perSegment: part };
}
