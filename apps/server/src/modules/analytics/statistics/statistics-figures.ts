import {
  ageingBucketValues,
  salesChannelValues,
  type AgeingBucket,
  type Statistics,
  type TrafficCards,
} from '@ecolage/contracts';
import type { DueCell, MoneyCell } from './statistics.repository';
import { kpi, oneDecimal, percentOf, sameDayAYearBefore } from './statistics-period';

/**
 * The screen's figures, assembled from the rollups' cells (pure: statistics.service.ts reads,
 * this file adds up).
 */

/** How many programmes « Top programmes » lists. */
export const TOP_PROGRAMMES = 5;

/** Where money received without a programme (a family credit shared by children) is named. */
export const NO_PROGRAMME = 'Sans programme';
export const NO_LEVEL = 'Sans niveau';

export interface MoneyTotals {
  amount: number;
  payments: number;
  laggedAmount: number;
  lagWeighted: number;
  slices: number;
}

export function moneyTotals(cells: readonly MoneyCell[]): MoneyTotals {
  const totals = { amount: 0, payments: 0, laggedAmount: 0, lagWeighted: 0, slices: 0 };
  for (const cell of cells) {
    totals.amount += cell.amount;
    totals.payments += cell.payments;
    totals.laggedAmount += cell.laggedAmount;
    totals.lagWeighted += cell.lagWeighted;
    totals.slices += cell.slices;
  }
  return totals;
}

/** Days from due date to payment, weighted by the amounts paid, one decimal (0 without any). */
export function averageDaysToPay(totals: MoneyTotals): number {
  return totals.laggedAmount === 0 ? 0 : oneDecimal(totals.lagWeighted / totals.laggedAmount);
}

export interface DueTotals {
  total: number;
  paid: number;
  overdue: number;
  invoices: number;
}

export function dueTotals(cells: readonly DueCell[]): DueTotals {
  const totals = { total: 0, paid: 0, overdue: 0, invoices: 0 };
  for (const cell of cells) {
    totals.total += cell.total;
    totals.paid += cell.paid;
    totals.overdue += cell.overdue;
    totals.invoices += cell.invoices;
  }
  return totals;
}

/**
 * The four cards of money: collected (refunds deducted); collection rate = paid / due of what
 * fell due in the period up to today (0 when nothing fell due); overdue = what of it is still
 * open, due before today; average days to pay. The previous period's rate and overdue are of
 * what fell due then, paid or open as it stands now (the rollups keep today's state of invoices).
 */
export function moneyCards(
  money: { current: MoneyTotals; previous: MoneyTotals },
  due: { current: DueTotals; previous: DueTotals },
): Statistics['money'] {
  const rate = (totals: DueTotals) => percentOf(totals.paid, totals.total) ?? 0;
  return {
    collected: kpi(money.current.amount, money.previous.amount),
    collectionRate: kpi(rate(due.current), rate(due.previous)),
    overdue: kpi(due.current.overdue, due.previous.overdue),
    averageDaysToPay: kpi(averageDaysToPay(money.current), averageDaysToPay(money.previous)),
  };
}

/** Every month of the period with its francs, and the same month a year before. */
export function monthlyRevenue(
  months: readonly string[],
  current: readonly MoneyCell[],
  previous: readonly MoneyCell[],
): Statistics['monthlyRevenue'] {
  const sumByMonth = (cells: readonly MoneyCell[]) => {
    const sums = new Map<string, number>();
    for (const cell of cells) sums.set(cell.month, (sums.get(cell.month) ?? 0) + cell.amount);
    return sums;
  };
  const now = sumByMonth(current);
  const before = sumByMonth(previous);
  return months.map((month) => ({
    month: month.slice(0, 7),
    amount: now.get(month) ?? 0,
    previousAmount: before.get(sameDayAYearBefore(month)) ?? 0,
  }));
}

/** Money by the channel its payer came through; every channel, zeros included. */
export function salesByChannel(cells: readonly MoneyCell[]): Statistics['salesByChannel'] {
  const channels = salesChannelValues.map((channel) => ({ channel, amount: 0, payments: 0 }));
  for (const cell of cells) {
    const row = channels.find((entry) => entry.channel === cell.channel);
    if (!row) continue;
    row.amount += cell.amount;
    row.payments += cell.payments;
  }
  return { total: channels.reduce((sum, row) => sum + row.amount, 0), channels };
}

/**
 * Programmes by money received (largest first, at most five, money without a programme left
 * out), each with its enrolled students and what fell due for it and is paid.
 */
export function topProgrammes(
  money: readonly MoneyCell[],
  due: readonly DueCell[],
  names: ReadonlyMap<string, string>,
  enrolled: ReadonlyMap<string, number>,
): Statistics['topProgrammes'] {
  const collected = new Map<string, number>();
  for (const cell of money) {
    if (cell.programmeId === null) continue;
    collected.set(cell.programmeId, (collected.get(cell.programmeId) ?? 0) + cell.amount);
  }
  const dueByProgramme = new Map<string, { total: number; paid: number }>();
  for (const cell of due) {
    if (cell.programmeId === null) continue;
    const sums = dueByProgramme.get(cell.programmeId) ?? { total: 0, paid: 0 };
    sums.total += cell.total;
    sums.paid += cell.paid;
    dueByProgramme.set(cell.programmeId, sums);
  }
  return [...collected.entries()]
    .filter(([, amount]) => amount > 0)
    .sort(
      ([idA, a], [idB, b]) => b - a || (names.get(idA) ?? '').localeCompare(names.get(idB) ?? ''),
    )
    .slice(0, TOP_PROGRAMMES)
    .map(([programmeId, amount]) => {
      const sums = dueByProgramme.get(programmeId) ?? { total: 0, paid: 0 };
      return {
        programmeId,
        name: names.get(programmeId) ?? NO_PROGRAMME,
        enrolments: enrolled.get(programmeId) ?? 0,
        collected: amount,
        due: sums.total,
        collectionRate: percentOf(sums.paid, sums.total),
      };
    });
}

/** What fell due and is paid, per programme and level (by name), only where something fell due. */
export function collectionByLevel(
  due: readonly DueCell[],
  names: { programmes: ReadonlyMap<string, string>; levels: ReadonlyMap<string, string> },
): Statistics['collectionByLevel'] {
  return due
    .filter((cell) => cell.total > 0)
    .map((cell) => ({
      programmeId: cell.programmeId,
      programmeName: (cell.programmeId && names.programmes.get(cell.programmeId)) || NO_PROGRAMME,
      levelId: cell.levelId,
      levelName: (cell.levelId && names.levels.get(cell.levelId)) || NO_LEVEL,
      due: cell.total,
      paid: cell.paid,
      collectionRate: percentOf(cell.paid, cell.total),
    }))
    .sort(
      (a, b) =>
        a.programmeName.localeCompare(b.programmeName, 'fr') ||
        a.levelName.localeCompare(b.levelName, 'fr'),
    );
}

/** Every bucket of the ageing, in order, zeros included. */
export function ageing(
  buckets: ReadonlyMap<AgeingBucket, { amount: number; invoices: number }>,
): Statistics['ageing'] {
  return ageingBucketValues.map((bucket) => ({
    bucket,
    amount: buckets.get(bucket)?.amount ?? 0,
    invoices: buckets.get(bucket)?.invoices ?? 0,
  }));
}

/** What public's `trafficTotals` answers for a span of days. */
export interface TrafficTotals {
  visitors: number;
  visits: number;
  bounces: number;
  durationSeconds: number;
  pageviews: number;
  conversions: number;
}

/**
 * The four traffic cards: visitors; conversion = conversions / visitors (percent, one decimal);
 * bounce = bounces / visits (percent, one decimal); average session = duration / visits (whole
 * seconds). Null when the period had no visit.
 */
export function trafficCards(current: TrafficTotals, previous: TrafficTotals): TrafficCards | null {
  if (current.visits === 0) return null;
  const conversion = (totals: TrafficTotals) => percentOf(totals.conversions, totals.visitors) ?? 0;
  const bounce = (totals: TrafficTotals) => percentOf(totals.bounces, totals.visits) ?? 0;
  const session = (totals: TrafficTotals) =>
    totals.visits === 0 ? 0 : Math.round(totals.durationSeconds / totals.visits);
  return {
    visitors: kpi(current.visitors, previous.visitors),
    conversionRate: kpi(conversion(current), conversion(previous)),
    bounceRate: kpi(bounce(current), bounce(previous)),
    averageSessionSeconds: kpi(session(current), session(previous)),
    visits: current.visits,
    pageviews: current.pageviews,
    conversions: current.conversions,
  };
}
