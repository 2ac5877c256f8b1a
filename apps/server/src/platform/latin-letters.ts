/** Letters of Ewe, Kabiyè and their neighbours (in names): no accent to drop, a closest Latin letter. */
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
};

/**
 * A character the way a narrow character set (GSM-7 of SMS) can come closest to it: the letters
 * above by their Latin neighbour, accented letters without their accents (ô → o, ễ → e), anything
 * else as it is: the caller keeps what its set has.
 */
export function closestLatinLetters(character: string): string {
  return closestLatin[character] ?? character.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
