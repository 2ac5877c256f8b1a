import type { Dashboard } from '@ecolage/contracts';
import { addDays, dayIn, DEFAULT_SCHOOL_TIME_ZONE, startOfSchoolDay } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/database';
import { collectedOnDays, kpi, oneDecimal, receivablesOn } from '../analytics';
import { overdueBalanceAsOf } from '../billing';
import { findOrganizationsByIds } from '../organizations';
import { countAttemptOutcomes, type AttemptOutcomes } from '../payments';
import { SettledFigures } from './settled-figures';

/** Days in each period of the success rate. */
const RATE_PERIOD_DAYS = 30;
/**
 * Attempts made this many days ago or more are settled: the reconciliation stops within the
 * payer's deadline plus the 72 h late-success watch, and a refund keeps a payment a success.
 */
const SETTLED_AFTER_DAYS = 6;

/** What the dashboard keeps per school and day (see SettledFigures). */
export interface DashboardHistory {
  /** Attempts of the current 30 days made before the last week. */
  settledOutcomes: AttemptOutcomes;
  /** Attempts of the 30 days before. */
  previousOutcomes: AttemptOutcomes;
  /** The overdue balance as it stood 30 days ago. */
  overdueThen: number;
}

export function createDashboardHistory() {
  return new SettledFigures<DashboardHistory>();
}

// A figure against the previous one: the same rule as « Statistiques »' cards.
export { kpi };

/** Succeeded attempts out of those that reached an outcome, in percent (0 without attempts). */
export function successRate(outcomes: AttemptOutcomes): number {
  return outcomes.attempted === 0 ? 0 : oneDecimal((outcomes.succeeded / outcomes.attempted) * 100);
}

/**
 * The four cards of the admin dashboard, for the school's calendar day at `now`, read from the
 * statistics' rollups (analytics, kept by the payments' events and refreshed every 5 minutes):
 * - encaissements du jour: payments that succeeded today (the cash desk's too) less refunds
 *   completed today, against yesterday (`collection_facts` of both days);
 * - taux de succès: of the attempts made in the last 30 days (today included) that reached an
 *   outcome, the share that succeeded (refunded or not), against the 30 days before;
 * - impayés: the balance of open invoices due before today (`receivable_days`), against the
 *   same balance as it stood 30 days ago (billing's `overdueBalanceAsOf`: the rollup keeps only
 *   today's balances);
 * - échéances à 7 jours: the balance due from today to the sixth day after, against the 7 days
 *   that follow (`receivable_days`).
 * The past's figures are computed once per school and day (`history`); the rest each time, in
 * parallel.
 */
export async function getDashboard(
  db: DbOrTx,
  organizationId: string,
  now: Date,
  history: SettledFigures<DashboardHistory>,
): Promise<Dashboard> {
  // The school's day at the app's clock (`schoolToday` reads the wall clock; tests set this one).
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  const timeZone = school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
  const today = dayIn(timeZone, now);
  const start = (daysFromToday: number) =>
    startOfSchoolDay(addDays(today, daysFromToday), timeZone);
  const periodStart = start(1 - RATE_PERIOD_DAYS);
  const settledBefore = start(-SETTLED_AFTER_DAYS);
  const thenDay = addDays(today, -30);

  const yesterday = addDays(today, -1);
  const [collected, recentOutcomes, receivables, past] = await Promise.all([
    collectedOnDays(db, organizationId, [today, yesterday]),
    countAttemptOutcomes(db, organizationId, settledBefore, start(1)),
    receivablesOn(db, organizationId, today),
    history.get(organizationId, today, async () => {
      const [settledOutcomes, previousOutcomes, overdueThen] = await Promise.all([
        countAttemptOutcomes(db, organizationId, periodStart, settledBefore),
        countAttemptOutcomes(db, organizationId, start(1 - 2 * RATE_PERIOD_DAYS), periodStart),
        overdueBalanceAsOf(db, organizationId, thenDay, startOfSchoolDay(thenDay, timeZone)),
      ]);
      return { settledOutcomes, previousOutcomes, overdueThen };
    }),
  ]);
  const outcomes = {
    attempted: past.settledOutcomes.attempted + recentOutcomes.attempted,
    succeeded: past.settledOutcomes.succeeded + recentOutcomes.succeeded,
  };
  return {
    today,
    collectedToday: kpi(collected.get(today) ?? 0, collected.get(yesterday) ?? 0),
    successRate: {
      ...kpi(successRate(outcomes), successRate(past.previousOutcomes)),
      ...outcomes,
    },
    overdue: kpi(receivables.overdue, past.overdueThen),
    dueNext7Days: kpi(receivables.dueNext7Days, receivables.dueFollowing7Days),
  };
}
