import { describe, expect, it } from 'vitest';
import { readAmount, readWhole, tidyAmountText } from '../../lib/amounts';
import { monthRun } from './months';
import { checkLevel, emptyRow, initialValues, liveYearTotal } from './level-form';

const missing = {
  registrationFee: 'inscription ?',
  monthlyFee: 'mensualité ?',
  amount: 'montant ?',
  dueDay: 'jour ?',
  dueMonth: 'mois ?',
};

describe('amounts as typed', () => {
  it('reads what people type into francs, leaving the refusals to the schemas', () => {
    expect(readAmount('150 000')).toBe(150000);
    expect(readAmount('150000')).toBe(150000);
    expect(readAmount('150\u202F000\u00A0FCFA')).toBe(150000);
    expect(readAmount('150,5')).toBe(150.5);
    expect(readAmount('1 500,50')).toBe(1500.5);
    expect(readAmount('-5000')).toBe(-5000);
    expect(readAmount('douze')).toBeNaN();
    expect(readAmount('  ')).toBeUndefined();
    expect(readWhole('12')).toBe(12);
    expect(readWhole('12,5')).toBe(12.5);
    expect(readWhole('x')).toBeNaN();
    expect(tidyAmountText('150000').replace(/\s/g, ' ')).toBe('150 000');
    expect(tidyAmountText('150,5')).toBe('150,5');
  });

  it('names a run of months, or none when there is a gap', () => {
    expect(monthRun([10, 11, 12, 1, 2, 3, 4, 5, 6, 7])).toEqual({ from: 10, to: 7 });
    expect(monthRun([1, 12, 11])).toEqual({ from: 11, to: 1 });
    expect(monthRun([10, 12])).toBeNull();
  });
});

describe('checkLevel', () => {
  it('gives the contracts’ French messages, by field path', () => {
    const values = {
      ...initialValues(null, 'fr'),
      name: '  ',
      registrationFee: '-1',
      monthlyFee: '10,5',
    };
    expect(checkLevel(values, missing).errors).toEqual({
      name: 'Le nom du niveau est obligatoire.',
      registrationFee: 'Les frais d’inscription ne peut pas être négatif.',
      monthlyFee: 'La mensualité doit être un nombre entier de francs (pas de centimes).',
    });
    expect(checkLevel({ ...values, billedMonths: [] }, missing).errors).toMatchObject({
      billedMonths: 'Choisissez au moins un mois facturé.',
    });
  });

  it('sends only the chosen fee mode, as integers', () => {
    const values = {
      ...initialValues(null, 'fr'),
      name: ' 6e ',
      registrationFee: '10 000',
      feeMode: 'schedule' as const,
      monthlyFee: '5000',
      schedule: [{ ...emptyRow(), label: 'T1', amount: '60 000', dueDay: '5', dueMonth: '10' }],
    };
    expect(checkLevel(values, missing).request).toEqual({
      name: '6e',
      registrationFee: 10000,
      feeMode: 'schedule',
      monthlyFee: 0,
      billedMonths: [],
      schedule: [{ label: 'T1', amount: 60000, dueDay: 5, dueMonth: 10 }],
    });
    expect(liveYearTotal(values).total).toBe(70000);
    expect(
      checkLevel({ ...values, schedule: [{ ...values.schedule[0]!, amount: '' }] }, missing).errors,
    ).toEqual({ 'schedule.0.amount': 'montant ?' });
  });
});
