import { paymentMethodLabels, type PaymentMethodValue } from '@ecolage/contracts';
import { addDays, DEFAULT_SCHOOL_TIME_ZONE, startOfSchoolDay } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db/database';
import { findReceivables, findTopOverdueClasses } from '../billing';
import { findOrganizationById } from '../organizations';
import { sumCollected, sumCollectedByWallet } from '../payments';

/** How many classes the summary names. */
export const TOP_OVERDUE_CLASSES = 5;

export interface WeeklySchoolFigures {
  /** The Monday and the Sunday of the week, in the school's calendar. */
  weekStart: string;
  weekEnd: string;
  /** Received in the week less the refunds completed in it (the dashboard's « encaissements »). */
  collected: number;
  /** The week's succeeded payments by wallet or desk method, largest first (before refunds). */
  collectedByChannel: { channel: string; label: string; amount: number; payments: number }[];
  /** The balance of open invoices due before the Monday after the week, as it stands now. */
  overdue: number;
  /** The classes that owe the most (level and programme), with how many students owe. */
  topOverdueClasses: { level: string; programme: string; overdue: number; students: number }[];
  /** Payments that succeeded in the week. */
  paymentsCount: number;
}

/**
 * A school's figures for the week that starts on `weekStartDay` (`YYYY-MM-DD`, a Monday: the ISO
 * week), its days in the school's time zone: through payments' and billing's index functions.
 * The overdue balance and the classes are today's (the summary is written on the Monday after).
 */
export async function weeklySchoolFigures(
  db: DbOrTx,
  organizationId: string,
  weekStartDay: string,
): Promise<WeeklySchoolFigures> {
  const school = await findOrganizationById(db, organizationId);
  const timeZone = school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
  const nextMonday = addDays(weekStartDay, 7);
  const since = startOfSchoolDay(weekStartDay, timeZone);
  const before = startOfSchoolDay(nextMonday, timeZone);
  const [collected, byWallet, receivables, classes] = await Promise.all([
    sumCollected(db, organizationId, since, before),
    sumCollectedByWallet(db, organizationId, since, before),
    findReceivables(db, organizationId, nextMonday),
    findTopOverdueClasses(db, organizationId, nextMonday, TOP_OVERDUE_CLASSES),
  ]);
  return {
    weekStart: weekStartDay,
    weekEnd: addDays(weekStartDay, 6),
    collected,
    collectedByChannel: byWallet.map((row) => ({
      channel: row.wallet,
      label: paymentMethodLabels[row.wallet as PaymentMethodValue] ?? row.wallet,
      amount: row.amount,
      payments: row.payments,
    })),
    overdue: receivables.overdue,
    topOverdueClasses: classes,
    paymentsCount: byWallet.reduce((total, row) => total + row.payments, 0),
  };
}

/** The Monday of the ISO week of a day (`YYYY-MM-DD`). */
export function isoWeekMonday(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** `2026-W48`: the ISO week of a Monday (the year of its Thursday). */
export function isoWeekLabel(monday: string): string {
  const thursday = new Date(`${addDays(monday, 3)}T00:00:00Z`);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 1));
  while (firstThursday.getUTCDay() !== 4) firstThursday.setUTCDate(firstThursday.getUTCDate() + 1);
  const week = Math.round((thursday.getTime() - firstThursday.getTime()) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
