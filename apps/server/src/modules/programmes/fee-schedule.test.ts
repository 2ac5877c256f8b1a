import { describe, expect, it } from 'vitest';
import { levelYearTotal, planEnrolmentInvoices } from './fee-schedule';

const year = { label: '2026-2027', startsOn: '2026-09-01', endsOn: '2027-07-31' };
const monthly = {
  name: 'L1',
  registrationFee: 50_000,
  feeMode: 'monthly' as const,
  monthlyFee: 150_000,
  billedMonths: [10, 11, 12, 1, 2, 3, 4, 5, 6, 7],
  schedule: [],
};

describe('planEnrolmentInvoices', () => {
  it('bills the registration on the day of enrolment and each billed month on the due day', () => {
    const plan = planEnrolmentInvoices(monthly, year, {
      monthlyDueDay: 5,
      enrolledOn: '2026-09-10',
    });
    expect(plan).toHaveLength(11);
    expect(plan[0]).toEqual({
      scheduleKey: 'registration',
      kind: 'registration',
      label: 'Inscription L1 2026-2027',
      amount: 50_000,
      dueOn: '2026-09-10',
    });
    expect(plan.slice(1).map((item) => item.dueOn)).toEqual([
      '2026-10-05',
      '2026-11-05',
      '2026-12-05',
      '2027-01-05',
      '2027-02-05',
      '2027-03-05',
      '2027-04-05',
      '2027-05-05',
      '2027-06-05',
      '2027-07-05',
    ]);
    expect(plan[4]!.label).toBe('Mensualité janvier 2027');
    expect(levelYearTotal(monthly)).toBe(1_550_000);
  });

  it('does not bill the months already over when a student joins mid-year', () => {
    const plan = planEnrolmentInvoices(monthly, year, {
      monthlyDueDay: 5,
      enrolledOn: '2027-01-20',
    });
    expect(plan.map((item) => item.scheduleKey)).toEqual([
      'registration',
      'month:2027-01',
      'month:2027-02',
      'month:2027-03',
      'month:2027-04',
      'month:2027-05',
      'month:2027-06',
      'month:2027-07',
    ]);
  });

  it('bills a schedule on its dates, 29 February on the 28th of a common year, nothing for zero', () => {
    const level = {
      ...monthly,
      registrationFee: 0,
      feeMode: 'schedule' as const,
      schedule: [
        { label: '2e tranche', amount: 300_000, dueMonth: 2, dueDay: 29 },
        { label: '1re tranche', amount: 400_000, dueMonth: 10, dueDay: 15 },
        { label: 'Examen', amount: 25_000, dueMonth: 6, dueDay: 1 },
      ],
    };
    const plan = planEnrolmentInvoices(level, year, { monthlyDueDay: 5, enrolledOn: '2026-09-01' });
    expect(plan.map((item) => [item.label, item.dueOn, item.amount])).toEqual([
      ['1re tranche', '2026-10-15', 400_000],
      ['2e tranche', '2027-02-28', 300_000],
      ['Examen', '2027-06-01', 25_000],
    ]);
    expect(levelYearTotal(level)).toBe(725_000);
  });
});
