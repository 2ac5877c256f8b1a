/**
 * Bank account numbers of the UEMOA (decisions/0018): the RIB and its key, the IBAN (ISO 13616,
 * mod 97) and the BIC (ISO 9362). Pure functions, shared by the server (which refuses) and the
 * web form (which warns before sending).
 *
 * UEMOA RIB: 24 characters = bank code (5: the country's 2 letters + 3 digits, e.g. `TG009`;
 * older codes 1 letter + 4 digits) + branch code (5 digits) + account number (12 digits) + key
 * (2 digits). The key is the French RIB rule on these lengths: letters become digits (A, J → 1;
 * B, K, S → 2; C, L, T → 3; D, M, U → 4; E, N, V → 5; F, O, W → 6; G, P, X → 7; H, Q, Y → 8;
 * I, R, Z → 9) and the 24 digits read as one number are a multiple of 97, i.e.
 * key = 97 − ((bank·10¹⁷ + branch·10¹² + account) · 100 mod 97).
 */

/** Upper case, without spaces, dashes or dots (how people copy them from a bank letter). */
export function normaliseBankText(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

const ribShape = /^(?:[A-Z]{2}\d{3}|[A-Z]\d{4})\d{5}\d{12}\d{2}$/;

/** The French RIB letter rule: A, J → 1; B, K, S → 2; … I, R, Z → 9. */
function ribDigit(char: string): string {
  if (/\d/.test(char)) return char;
  const code = char.charCodeAt(0) - 64; // A = 1
  if (code <= 9) return String(code);
  if (code <= 18) return String(code - 9);
  return String(code - 17);
}

/** The remainder of a long digit string divided by 97. */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  }
  return remainder;
}

export type RibProblem = 'format' | 'key';

/** `null` when the (normalised) RIB is a well-formed UEMOA RIB with the right key. */
export function ribProblem(rib: string): RibProblem | null {
  const value = normaliseBankText(rib);
  if (!ribShape.test(value)) return 'format';
  // A key is 01 to 97: 00, 98 and 99 pass the modulo as 97, 01 and 02 would, but no bank issues them.
  const key = Number(value.slice(-2));
  if (key < 1 || key > 97) return 'key';
  const digits = [...value].map(ribDigit).join('');
  return mod97(digits) === 0 ? null : 'key';
}

/** The two-digit key of a RIB's first 22 characters (bank, branch, account). */
export function ribKey(bankBranchAccount: string): string {
  const digits = [...normaliseBankText(bankBranchAccount)].map(ribDigit).join('');
  return String(97 - mod97(`${digits}00`)).padStart(2, '0');
}

/** IBAN lengths of the UEMOA countries (BBAN = the 24-character RIB) and of a few others. */
const ibanLengths: Readonly<Record<string, number>> = {
  BJ: 28,
  BF: 28,
  CI: 28,
  ML: 28,
  NE: 28,
  SN: 28,
  TG: 28,
  GW: 25,
  CM: 27,
  CF: 27,
  CG: 27,
  GA: 27,
  TD: 27,
  GQ: 27,
  FR: 27,
  BE: 16,
  DE: 22,
  GB: 22,
  MA: 28,
  CH: 21,
};

/** True for an IBAN whose check digits are right (ISO 13616: mod 97 = 1) and length fits. */
export function isValidIban(iban: string): boolean {
  const value = normaliseBankText(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const expected = ibanLengths[value.slice(0, 2)];
  if (expected !== undefined && value.length !== expected) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  const digits = [...rearranged].map((char) => String(parseInt(char, 36))).join('');
  return mod97(digits) === 1;
}

/** True for a BIC: 4 letters (bank), 2 letters (country), 2 alphanumerics, optional 3 (branch). */
export function isValidBic(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(normaliseBankText(bic));
}

/** `TG009…0070` → `•••• 0070`: what members without `manage:settings` and the journal see. */
export function maskAccountNumber(value: string | null): string | null {
  if (!value) return value;
  return `•••• ${value.slice(-4)}`;
}

/** `TG53TG0090604310346500400070` → `TG53 TG00 9060 4310 3465 0040 0070`. */
export function groupByFour(value: string): string {
  return value.replace(/(.{4})(?=.)/g, '$1 ');
}
