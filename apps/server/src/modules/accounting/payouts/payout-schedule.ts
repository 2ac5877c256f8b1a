import { addDays } from '@ecolage/contracts';
import type { PayoutSchedule } from './payouts.tables';

/** ISO weekday of a school day `YYYY-MM-DD`: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/**
 * Whether the schedule makes a payout on school day `today`, and the last day of the lines it
 * takes: daily → every day, the lines up to yesterday; weekly → on its weekday, the lines up to
 * yesterday (the week before). Null when today is not a payout day.
 */
export function scheduledCutoff(
  settings: { schedule: PayoutSchedule; weekday: number },
  today: string,
): string | null {
  if (settings.schedule === 'weekly' && isoWeekday(today) !== settings.weekday) return null;
  return addDays(today, -1);
}
