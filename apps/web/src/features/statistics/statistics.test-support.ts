import type { CashForecast, Statistics, StatisticsOptions } from '@ecolage/contracts';

/** Answers of the statistics API, typed by the contracts, for the page's tests. */
export const PROGRAMME_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
export const OTHER_PROGRAMME_ID = '8e2f3a4b-5c6d-4e7f-9081-92a3b4c5d6e7';
const LEVEL_ID = '9f3a4b5c-6d7e-4f80-a192-a3b4c5d6e7f8';

export const OPTIONS: StatisticsOptions = {
  periods: [
    { key: 'ytd', label: 'Année à ce jour' },
    { key: '2026', label: '2026' },
    { key: '2025', label: '2025' },
  ],
  programmes: [
    { id: PROGRAMME_ID, name: 'Programmation' },
    { id: OTHER_PROGRAMME_ID, name: 'Design' },
  ],
  sources: ['mobile_money', 'card', 'cash', 'cheque', 'transfer'],
  providers: ['paygate', 'mtn', 'desk'],
};

export const STATISTICS: Statistics = {
  period: {
    key: 'ytd',
    label: 'Année à ce jour',
    current: { from: '2026-01-01', to: '2026-11-21' },
    previous: { from: '2025-01-01', to: '2025-11-21' },
  },
  hasData: true,
  traffic: {
    visitors: { value: 4_820, previous: 4_000, change: 20.5 },
    conversionRate: { value: 12.5, previous: 10, change: 25 },
    bounceRate: { value: 38.2, previous: 35, change: 9.1 },
    averageSessionSeconds: { value: 125, previous: 130, change: -3.8 },
    visits: 5_300,
    pageviews: 9_100,
    conversions: 602,
  },
  money: {
    collected: { value: 1_250_000, previous: 1_000_000, change: 25 },
    collectionRate: { value: 87.4, previous: 90, change: -2.9 },
    overdue: { value: 325_000, previous: 400_000, change: -18.8 },
    averageDaysToPay: { value: 12.5, previous: 12.5, change: 0 },
  },
  monthlyRevenue: [
    { month: '2026-01', amount: 600_000, previousAmount: 450_000 },
    { month: '2026-02', amount: 650_000, previousAmount: 550_000 },
  ],
  topProgrammes: [
    {
      programmeId: PROGRAMME_ID,
      name: 'Programmation',
      enrolments: 42,
      collected: 900_000,
      due: 1_000_000,
      collectionRate: 90,
    },
  ],
  salesByChannel: {
    total: 1_250_000,
    channels: [
      { channel: 'direct', amount: 500_000, payments: 10 },
      { channel: 'referral', amount: 250_000, payments: 5 },
      { channel: 'social', amount: 125_000, payments: 3 },
      { channel: 'campaign', amount: 125_000, payments: 2 },
      { channel: 'desk', amount: 250_000, payments: 4 },
    ],
  },
  collectionByLevel: [
    {
      programmeId: PROGRAMME_ID,
      programmeName: 'Programmation',
      levelId: LEVEL_ID,
      levelName: 'Licence 1',
      due: 1_000_000,
      paid: 900_000,
      collectionRate: 90,
    },
  ],
  ageing: [
    { bucket: 'not_due', amount: 100_000, invoices: 2 },
    { bucket: 'days_0_30', amount: 200_000, invoices: 3 },
    { bucket: 'days_31_60', amount: 25_000, invoices: 1 },
    { bucket: 'days_61_90', amount: 0, invoices: 0 },
    { bucket: 'over_90', amount: 0, invoices: 0 },
  ],
  studentsWithoutBirthDate: null,
};

export const FORECAST: CashForecast = {
  asOf: '2026-11-21',
  basis: 'school',
  rangeMethod: 'backtest',
  weeks: [
    {
      from: '2026-11-16',
      to: '2026-11-22',
      expected: 300_000,
      low: 250_000,
      high: 360_000,
      received: 120_000,
    },
    {
      from: '2026-11-23',
      to: '2026-11-29',
      expected: 280_000,
      low: 200_000,
      high: 350_000,
      received: 0,
    },
  ],
  months: [
    {
      from: '2026-11-01',
      to: '2026-11-30',
      expected: 1_200_000,
      low: 1_000_000,
      high: 1_400_000,
      received: 700_000,
    },
    {
      from: '2026-12-01',
      to: '2026-12-31',
      expected: 900_000,
      low: 700_000,
      high: 1_100_000,
      received: 0,
    },
  ],
  accuracy: {
    mape: 13.2,
    accuracyPercent: 86.8,
    coverage: 83,
    months: [{ month: '2026-10', forecast: 1_000_000, actual: 1_100_000 }],
  },
};
