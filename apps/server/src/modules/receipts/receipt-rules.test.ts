import { describe, expect, it } from 'vitest';
import {
  formatReceiptNumber,
  initialAndSurname,
  newVerificationCode,
  receiptStatus,
  verificationUrl,
} from './receipt-rules';

describe('receipt rules', () => {
  it('numbers REC-YYYY-NNNNNN', () => {
    expect(formatReceiptNumber(2026, 42)).toBe('REC-2026-000042');
    expect(formatReceiptNumber(2027, 123_456)).toBe('REC-2027-123456');
  });

  it('makes unguessable, URL-safe verification codes', () => {
    const codes = new Set(Array.from({ length: 200 }, newVerificationCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(verificationUrl('https://ecolage.tg/', 'abc')).toBe('https://ecolage.tg/verifier/abc');
  });

  it('derives the state from what was refunded', () => {
    expect(receiptStatus({ amount: 1000, refundedAmount: 0 })).toBe('valid');
    expect(receiptStatus({ amount: 1000, refundedAmount: 400 })).toBe('partially_refunded');
    expect(receiptStatus({ amount: 1000, refundedAmount: 1000 })).toBe('cancelled');
  });

  it('names students by initial and surname on the public page', () => {
    expect(initialAndSurname('Kossi Agbéko')).toBe('K. Agbéko');
    expect(initialAndSurname('  ama  Kuassi  Mensah ')).toBe('A. Mensah');
    expect(initialAndSurname('Yao')).toBe('Yao');
  });
});
