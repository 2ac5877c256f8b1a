export { MoneyError, MoneyErrorCode } from './errors';
export {
  addFrancs,
  assertFrancs,
  isFrancs,
  multiplyFrancs,
  percentOf,
  subtractFrancs,
  sumFrancs,
} from './francs';
export type { Francs } from './francs';
export { parseFrancs } from './parse';
export { allocateFrancs, splitEvenly } from './allocate';
export {
  CURRENCY_LABEL,
  NARROW_NO_BREAK_SPACE,
  NO_BREAK_SPACE,
  formatFrancs,
  formatFrancsAscii,
  formatWholeNumber,
} from './format';
export type { FrancsLocale } from './format';
export { MAX_FRENCH_WORDS, amountInFrenchWords, numberInFrenchWords } from './french-words';
