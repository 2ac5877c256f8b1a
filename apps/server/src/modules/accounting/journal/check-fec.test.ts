import { describe, expect, it } from 'vitest';
import { checkFec } from './check-fec';
import { FEC_FIELDS, cleanText, letterCode } from './journal-format';

const header = FEC_FIELDS.join('|');
const line = (journal: string, number: string, account: string, debit: string, credit: string) =>
  [
    journal,
    'J',
    number,
    '20261005',
    account,
    'Compte',
    '',
    '',
    'P1',
    '20261005',
    'Libellé',
    debit,
    credit,
    '',
    '',
    '20261005',
    '',
    '',
  ].join('|');

describe('checkFec', () => {
  it('accepts a balanced, sequential file', () => {
    const text = [
      header,
      line('VE', 'VE2026-000001', '4111', '100,00', '0,00'),
      line('VE', 'VE2026-000001', '70612', '0,00', '100,00'),
      line('VE', 'VE2026-000002', '4111', '50,00', '0,00'),
      line('VE', 'VE2026-000002', '70612', '0,00', '50,00'),
    ].join('\r\n');
    expect(checkFec(text, { from: '2026-10-01', to: '2026-10-31' })).toMatchObject({
      ok: true,
      entries: 2,
      lines: 4,
      debits: 150,
      credits: 150,
    });
  });

  it('finds an unbalanced entry, a gap, a date outside the period, a wrong field count, LF', () => {
    const text = [
      header,
      line('VE', 'VE2026-000001', '4111', '100,00', '0,00'),
      line('VE', 'VE2026-000001', '70612', '0,00', '90,00'),
      line('VE', 'VE2026-000003', '4111', '50,00', '0,00'),
      line('VE', 'VE2026-000003', '70612', '0,00', '50,00'),
      'VE|trop|court',
    ].join('\r\n');
    const check = checkFec(`${text}\nx`, { from: '2026-11-01', to: '2026-11-30' });
    expect(check.ok).toBe(false);
    const all = check.errors.join('\n');
    expect(all).toContain('CR LF');
    expect(all).toContain('déséquilibrée');
    expect(all).toContain('séquence rompue');
    expect(all).toContain('hors de la période');
    expect(all).toContain('champs au lieu de 18');
  });

  it('cleans labels and letters groups', () => {
    expect(cleanText(' Paiement\t|Mixx\r\nby  Yas ')).toBe('Paiement Mixx by Yas');
    expect([0, 1, 25, 26, 27, 701].map(letterCode)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ']);
  });
});
