import { describe, expect, it } from 'vitest';
import { MoneyError } from '@ecolage/money';
import { ProviderRequestError } from './errors';
import {
  lookup,
  parseProviderDate,
  parseWireAmount,
  plainNote,
  requirePayerMsisdn,
  togoNationalNumber,
  wireAmount,
} from './wire';

describe('wire helpers', () => {
  it('sends whole francs as they are and refuses fractions, zero and negatives', () => {
    expect(wireAmount({ amount: 15000, currency: 'XOF' })).toBe(15000);
    expect(() => wireAmount({ amount: 150.5, currency: 'XOF' })).toThrow(MoneyError);
    expect(() => wireAmount({ amount: 0, currency: 'XOF' })).toThrow(ProviderRequestError);
    expect(() => wireAmount({ amount: -5, currency: 'XOF' })).toThrow(ProviderRequestError);
  });

  it('reads provider amounts as whole francs only, never through floats', () => {
    expect(
      [15000, '15000', ' 15000 ', '15000.00', '15000.5', '1.5e4', '', 'abc', 15000.5, null].map(
        parseWireAmount,
      ),
    ).toEqual([
      15000,
      15000,
      15000,
      15000,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('keeps provider notes plain: no accents, quotes or guillemets, cut to size', () => {
    expect(plainNote("Frais d'écolage « T1 » — Licence 1", 160)).toBe(
      'Frais d ecolage T1 Licence 1',
    );
    expect(plainNote('Scolarité première année', 10)).toBe('Scolarite');
  });

  it('checks payer numbers', () => {
    expect(togoNationalNumber('+22890123456')).toBe('90123456');
    expect(() => togoNationalNumber('+2289012345')).toThrow(ProviderRequestError);
    const base = {
      attemptId: 'a',
      invoiceId: 'i',
      money: { amount: 1, currency: 'XOF' as const },
      description: '',
      notifyUrl: '',
    };
    expect(() => requirePayerMsisdn(base)).toThrow(
      'Le numéro de téléphone du payeur est obligatoire',
    );
    expect(() => requirePayerMsisdn({ ...base, payer: { msisdnE164: '90123456' } })).toThrow(
      "n'est pas au format international",
    );
  });

  it("reads PayGate's local date-times as UTC (Lomé) and ISO dates as given", () => {
    expect(parseProviderDate('2024-01-15 10:02:00')?.toISOString()).toBe(
      '2024-01-15T10:02:00.000Z',
    );
    expect(parseProviderDate('2024-01-15T10:02:00+01:00')?.toISOString()).toBe(
      '2024-01-15T09:02:00.000Z',
    );
    expect(parseProviderDate('not a date')).toBeUndefined();
  });

  it('looks up own keys only', () => {
    expect(lookup({ SUCCESS: 'succeeded' }, 'SUCCESS')).toBe('succeeded');
    expect(lookup({ SUCCESS: 'succeeded' }, 'constructor')).toBeUndefined();
  });
});
