import { formatFrancs } from '@ecolage/money';
import { describe, expect, it } from 'vitest';
import type { ReceiptContent } from './receipt-content';
import { receiptView } from './receipt-view';

function content(school: Partial<ReceiptContent['school']> = {}): ReceiptContent {
  return {
    school: {
      name: 'École Ŋkɔ',
      address: '12 rue des Écoles, Tokoin, Lomé',
      phone: '+22890123456',
      email: 'contact@ecole-nko.tg',
      logo: null,
      brandColor: '#0B7A3E',
      ...school,
    },
    number: 'REC-2026-000001',
    issuedAt: '2026-10-01T08:30:00.000Z',
    timeZone: 'Africa/Lome',
    paidAt: '2026-10-01T08:29:00.000Z',
    payer: { name: 'Ɛyram Ʋɔvɔ', phone: '+22891234567' },
    students: [
      { id: 's', name: 'Ɖosseh Kɔffi Ŋlɔ', matricule: 'STU-001', programme: null, level: null },
    ],
    invoices: [],
    creditAmount: 50_000,
    amount: 50_000,
    amountInWords: 'cinquante mille francs CFA',
    method: 'CASH',
    provider: 'desk',
    providerRef: null,
    remainingBalance: 0,
    cashierName: null,
    verificationUrl: 'https://ecolage.tg/verifier/abc',
  };
}

const receipt = (school?: Partial<ReceiptContent['school']>) => ({
  content: content(school),
  amount: 50_000,
  refundedAmount: 0,
});

describe('receiptView', () => {
  it('keeps names letter for letter and prints phones in the national format', () => {
    const view = receiptView(receipt({ country: 'TG' }));
    expect(view.school.name).toBe('École Ŋkɔ');
    expect(view.payer.name).toBe('Ɛyram Ʋɔvɔ');
    expect(view.students[0]!.name).toBe('Ɖosseh Kɔffi Ŋlɔ');
    expect(view.school.contact).toBe('Tél. 90 12 34 56 · contact@ecole-nko.tg');
    expect(view.payer.phone).toBe('91 23 45 67');
    expect(view.amount).toBe(formatFrancs(50_000));
  });

  it('reads a receipt issued before the country was kept as Togolese; another country stays international', () => {
    expect(receiptView(receipt()).school.contact).toBe('Tél. 90 12 34 56 · contact@ecole-nko.tg');
    expect(receiptView(receipt({ country: 'BJ' })).payer.phone).toBe('+228 91 23 45 67');
  });

  it('draws the school’s colour and logo of today, else the colour frozen at issue', () => {
    const logo = { color: Buffer.from('c'), grey: Buffer.from('g') };
    const today = receiptView(receipt(), { color: '#F2C230', logo });
    expect(today.school.color).toBe('#F2C230');
    expect(today.school.logo).toBe(logo);
    const frozen = receiptView(receipt());
    expect(frozen.school.color).toBe('#0B7A3E');
    expect(frozen.school.logo).toBeNull();
    expect(frozen.school.initials).toBe('ÉŊ');
    expect(receiptView(receipt({ brandColor: 'rouge' })).school.color).toBe('#484D9B');
  });
});
