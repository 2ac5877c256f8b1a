import { describe, expect, it } from 'vitest';
import { getStatistics } from './statistics.service';
import { useStatisticsFixture } from './statistics.test-support';

/** The figures of `GET /api/statistics` on known rollup rows: periods, every filter, empty state. */
describe('GET /api/statistics: the figures', () => {
  const { db, ids, school, statistics } = useStatisticsFixture();

  it('« Année à ce jour »: 1 January to today against the same days a year before', async () => {
    const answer = await statistics();
    expect(answer.period).toEqual({
      key: 'ytd',
      label: 'Année à ce jour',
      current: { from: '2026-01-01', to: '2026-06-15' },
      previous: { from: '2025-01-01', to: '2025-06-15' },
    });
    expect(answer.hasData).toBe(true);
    // 20 June 2025 is after the same day last year: left out of the comparison.
    expect(answer.money.collected).toEqual({ value: 440_000, previous: 280_000, change: 57.1 });
    // Due up to today: 690 000, of which 450 000 paid; open before today: 140 000 (today's 100 000
    // is not overdue). A year before: 120 000 due, 20 000 paid, 100 000 open.
    expect(answer.money.collectionRate).toEqual({ value: 65.2, previous: 16.7, change: 290.4 });
    expect(answer.money.overdue).toEqual({ value: 140_000, previous: 100_000, change: 40 });
    // (100 000 × 5 + 300 000 × −10 + 50 000 × 0) / 450 000; (80 000 × 2) / 280 000.
    expect(answer.money.averageDaysToPay).toEqual({ value: -5.6, previous: 0.6, change: -1033.3 });
    expect(answer.monthlyRevenue).toEqual([
      { month: '2026-01', amount: 100_000, previousAmount: 0 },
      { month: '2026-02', amount: 10_000, previousAmount: 200_000 },
      { month: '2026-03', amount: 280_000, previousAmount: 0 },
      { month: '2026-04', amount: 0, previousAmount: 0 },
      { month: '2026-05', amount: 0, previousAmount: 0 },
      { month: '2026-06', amount: 50_000, previousAmount: 80_000 },
    ]);
    expect(answer.salesByChannel).toEqual({
      total: 440_000,
      channels: [
        { channel: 'direct', amount: 60_000, payments: 2 },
        { channel: 'referral', amount: 0, payments: 0 },
        { channel: 'social', amount: 100_000, payments: 1 },
        { channel: 'campaign', amount: 0, payments: 0 },
        { channel: 'desk', amount: 280_000, payments: 1 },
      ],
    });
    expect(answer.topProgrammes).toEqual([
      {
        programmeId: ids.master,
        name: 'Master Droit',
        enrolments: 1,
        collected: 280_000,
        due: 360_000,
        collectionRate: 83.3,
      },
      {
        programmeId: ids.licence,
        name: 'Licence Informatique',
        enrolments: 3,
        collected: 150_000,
        due: 330_000,
        collectionRate: 45.5,
      },
    ]);
    expect(answer.collectionByLevel).toEqual([
      {
        programmeId: ids.licence,
        programmeName: 'Licence Informatique',
        levelId: ids.l1,
        levelName: 'L1',
        due: 330_000,
        paid: 150_000,
        collectionRate: 45.5,
      },
      {
        programmeId: ids.master,
        programmeName: 'Master Droit',
        levelId: ids.m1,
        levelName: 'M1',
        due: 360_000,
        paid: 300_000,
        collectionRate: 83.3,
      },
    ]);
    // Open today: 15 June and 15 September not yet due; 20 May 26 days late; 10 April 66 days;
    // 15 January 2026 and 1 June 2025 over 90 days.
    expect(answer.ageing).toEqual([
      { bucket: 'not_due', amount: 200_000, invoices: 2 },
      { bucket: 'days_0_30', amount: 30_000, invoices: 1 },
      { bucket: 'days_31_60', amount: 0, invoices: 0 },
      { bucket: 'days_61_90', amount: 60_000, invoices: 1 },
      { bucket: 'over_90', amount: 150_000, invoices: 2 },
    ]);
    expect(answer.studentsWithoutBirthDate).toBeNull();
    // Conversion = conversions / visitors; bounce = bounces / visits; session = seconds / visits.
    expect(answer.traffic).toEqual({
      visitors: { value: 50, previous: 20, change: 150 },
      conversionRate: { value: 10, previous: 5, change: 100 },
      bounceRate: { value: 41.7, previous: 20, change: 108.5 },
      averageSessionSeconds: { value: 60, previous: 40, change: 50 },
      visits: 60,
      pageviews: 92,
      conversions: 5,
    });
  });

  it('the current year asked by its number behaves as « Année à ce jour »', async () => {
    const answer = await statistics('?periode=2026');
    expect(answer.period.current).toEqual({ from: '2026-01-01', to: '2026-06-15' });
    expect(answer.period.label).toBe('2026');
    expect(answer.money.collected.value).toBe(440_000);
  });

  it('late in a month: the whole month less the days after today, a year apart too', async () => {
    const answer = await getStatistics(
      db(),
      school().organizationId,
      { periode: 'ytd' },
      new Date('2026-06-25T12:00:00Z'),
    );
    expect(answer.period.previous).toEqual({ from: '2025-01-01', to: '2025-06-25' });
    // 28 June 2026 is after today; 20 June 2025 is now within the same days last year.
    expect(answer.money.collected).toEqual({ value: 440_000, previous: 350_000, change: 25.7 });
    expect(answer.monthlyRevenue.at(-1)).toEqual({
      month: '2026-06',
      amount: 50_000,
      previousAmount: 150_000,
    });
  });

  it('a past year: 1 January to 31 December against the year before, every month', async () => {
    const answer = await statistics('?periode=2025');
    expect(answer.period.current).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(answer.period.previous).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(answer.money.collected).toEqual({ value: 350_000, previous: 40_000, change: 775 });
    expect(answer.monthlyRevenue).toHaveLength(12);
    expect(answer.monthlyRevenue[4]).toEqual({
      month: '2025-05',
      amount: 0,
      previousAmount: 40_000,
    });
    expect(answer.monthlyRevenue[5]).toEqual({
      month: '2025-06',
      amount: 150_000,
      previousAmount: 0,
    });
  });

  it('a year without data: an empty state, not zeros pretending', async () => {
    const answer = await statistics('?periode=2021');
    expect(answer.hasData).toBe(false);
    expect(answer.traffic).toBeNull();
    expect(answer.money.collected).toEqual({ value: 0, previous: 0, change: null });
    expect(answer.topProgrammes).toEqual([]);
    // Visits only: data without filters; under a filter (visits have no programme), none.
    const visitsOnly = await statistics('?periode=2023');
    expect(visitsOnly.hasData).toBe(true);
    expect(visitsOnly.traffic?.visitors.value).toBe(3);
    expect((await statistics(`?periode=2023&programme=${ids.licence}`)).hasData).toBe(false);
  });

  it('the programme filter keeps that programme’s money, dues and students', async () => {
    const answer = await statistics(`?programme=${ids.master}`);
    expect(answer.money.collected).toEqual({ value: 280_000, previous: 200_000, change: 40 });
    expect(answer.money.collectionRate.value).toBe(83.3);
    expect(answer.money.overdue.value).toBe(60_000);
    expect(answer.topProgrammes.map((row) => row.programmeId)).toEqual([ids.master]);
    expect(answer.salesByChannel.total).toBe(280_000);
    expect(answer.ageing.find((row) => row.bucket === 'days_61_90')?.amount).toBe(60_000);
    expect(answer.ageing.find((row) => row.bucket === 'over_90')?.amount).toBe(0);
  });

  it('ages reached in the period’s year; the previous period with its own year', async () => {
    // 14 to 16 in 2026: born 2010–2012; in 2025: born 2009–2011.
    const answer = await statistics('?ageMin=14&ageMax=16');
    expect(answer.money.collected).toEqual({ value: 150_000, previous: 80_000, change: 87.5 });
    expect(answer.money.collectionRate.value).toBe(45.5);
    expect(answer.money.overdue.value).toBe(80_000);
    expect(answer.topProgrammes).toEqual([
      expect.objectContaining({ programmeId: ids.licence, enrolments: 2, collected: 150_000 }),
    ]);
    expect(answer.studentsWithoutBirthDate).toBe(1);
    // An age with a source or a provider: the months of every dimension (January whole, June's
    // days from the slices).
    const ageAndSource = await statistics('?ageMin=14&ageMax=16&source=mobile_money');
    expect(ageAndSource.money.collected.value).toBe(100_000);
    const ageAndProvider = await statistics('?ageMin=14&ageMax=16&operateur=paygate');
    expect(ageAndProvider.money.collected.value).toBe(50_000);
    const older = await statistics(`?ageMin=20&programme=${ids.master}`);
    expect(older.money.collected.value).toBe(280_000);
    expect(older.studentsWithoutBirthDate).toBe(0);
  });

  it('source and provider filter the money received, never what is due', async () => {
    const cash = await statistics('?source=cash');
    expect(cash.money.collected).toEqual({ value: 280_000, previous: 200_000, change: 40 });
    expect(cash.salesByChannel.channels.find((row) => row.channel === 'desk')?.amount).toBe(
      280_000,
    );
    // What is due has no source: the rate and the overdue stay the school's.
    expect(cash.money.collectionRate.value).toBe(65.2);
    expect(cash.money.overdue.value).toBe(140_000);
    const paygate = await statistics('?operateur=paygate');
    expect(paygate.money.collected).toEqual({ value: 50_000, previous: 0, change: null });
    expect(paygate.money.averageDaysToPay.value).toBe(0);
    const none = await statistics('?source=cheque&operateur=wave');
    expect(none.money.collected.value).toBe(0);
  });

  it('nothing under the filters: hasData false', async () => {
    const answer = await statistics(`?programme=${ids.master}&ageMax=5`);
    expect(answer.hasData).toBe(false);
  });
});
