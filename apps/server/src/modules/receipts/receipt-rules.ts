import { randomBytes } from 'node:crypto';
import type { ReceiptStatusValue } from '@ecolage/contracts';

/** `REC-2026-000042`: the school's sequence of the year, six digits. */
export function formatReceiptNumber(year: number, sequence: number): string {
  return `REC-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The key of the public verification page: 18 random bytes in base64url (24 characters, 144
 * bits), so a receipt cannot be found by guessing nor by counting.
 */
export function newVerificationCode(): string {
  return randomBytes(18).toString('base64url');
}

/** Valid, partly refunded, or cancelled once the whole amount went back to the payer. */
export function receiptStatus(receipt: {
  amount: number;
  refundedAmount: number;
}): ReceiptStatusValue {
  if (receipt.refundedAmount <= 0) return 'valid';
  return receipt.refundedAmount >= receipt.amount ? 'cancelled' : 'partially_refunded';
}

/** « A. Kuassi »: the first name's initial and the surname, enough to match a paper. */
export function initialAndSurname(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  return `${words[0]!.charAt(0).toUpperCase()}. ${words.at(-1)}`;
}

/** The public page a receipt's QR code opens. */
export function verificationUrl(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/verifier/${code}`;
}
