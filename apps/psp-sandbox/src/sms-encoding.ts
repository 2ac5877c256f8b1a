// What the phone network bills a text as (3GPP TS 23.038 / 23.040), counted by the sandbox on its
// own: the badge of each SMS on the téléphone page and the `num_segments` / `smsCount` the
// providers answer. Independent of the product's counter, so the two check each other.
//
// GSM-7: the basic set costs one septet a character, the extension table (^ { } \ [ ~ ] | € and
// form feed) two; 160 septets in one SMS, 153 per part of a concatenated one. Any other character
// turns the whole text into UCS-2: 70 UTF-16 units, 67 per part. A part never splits an escaped
// character nor a surrogate pair.
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '^{}\\[~]|€\f';
const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

export interface SmsCount {
  encoding: 'GSM-7' | 'UCS-2';
  /** SMS the text is sent as (0 for an empty text). */
  segments: number;
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
}

export function countSms(text: string): SmsCount {
  const characters = [...text];
  const gsm = characters.every((character) => basic.has(character) || extension.has(character));
  const sizes = characters.map((character) =>
    gsm ? (extension.has(character) ? 2 : 1) : character.length,
  );
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const encoding = gsm ? 'GSM-7' : 'UCS-2';
  if (units <= (gsm ? 160 : 70)) return { encoding, segments: units === 0 ? 0 : 1, units };
  const part = gsm ? 153 : 67;
  let segments = 1;
  let filled = 0;
  for (const size of sizes) {
    if (filled + size > part) {
      segments += 1;
      filled = 0;
    }
    filled += size;
  }
  return { encoding, segments, units };
}

/** « GSM-7 · 1 SMS », « UCS-2 · 2 SMS ». */
export function smsBadge(count: Pick<SmsCount, 'encoding' | 'segments'>): string {
  return `${count.encoding} · ${count.segments} SMS`;
}
