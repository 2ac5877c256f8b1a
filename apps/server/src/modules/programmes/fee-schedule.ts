import { daysInMonth, monthNames, REGISTRATION_FEE_LABEL, type FeeMode } from '@ecolage/contracts';
import type { LevelFees } from './programmes.repository';

/** One invoice an enrolment gives rise to: what it bills and when it falls due. */
export interface PlannedInvoice {
  /** Stable within an enrolment: `registration`, `month:2026-10`, `item:1`. Enrolling twice bills once. */
  scheduleKey: string;
  kind: 'registration' | 'tuition' | 'fee';
  label: string;
  amount: number;
  /** `YYYY-MM-DD`. */
  dueOn: string;
}

export interface SchoolYearDates {
  label: string;
  startsOn: string;
  endsOn: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The calendar year a month falls in within a school year starting in `startsOn`. */
function calendarYearOf(month: number, startsOn: string): number {
  const startYear = Number(startsOn.slice(0, 4));
  const startMonth = Number(startsOn.slice(5, 7));
  return month >= startMonth ? startYear : startYear + 1;
}

function day(year: number, month: number, dayOfMonth: number): string {
  const last = month === 2 && !isLeap(year) ? 28 : daysInMonth(month);
  return `${year}-${pad(month)}-${pad(Math.min(dayOfMonth, last))}`;
}

/** A due date never before the enrolment: a student is not late on the day they join. */
function notBefore(dueOn: string, enrolledOn: string): string {
  return dueOn < enrolledOn ? enrolledOn : dueOn;
}

/**
 * What enrolling in a level for a school year bills:
 * - the registration fee (« Inscription »), due on the day of enrolment, when it is not zero;
 * - in `monthly` mode, one instalment per billed month, due on the school's due day of that month,
 *   except the months already over when the student enrols (a student who joins in January does
 *   not owe October) — the month of enrolment falls due on the day of enrolment at the earliest;
 * - in `schedule` mode, every item of the schedule on its month and day within the school year
 *   (an item whose date has passed falls due on the day of enrolment).
 * Zero amounts bill nothing.
 */
export function planEnrolmentInvoices(
  level: LevelFees,
  year: SchoolYearDates,
  options: { monthlyDueDay: number; enrolledOn: string },
): PlannedInvoice[] {
  const planned: PlannedInvoice[] = [];
  if (level.registrationFee > 0) {
    planned.push({
      scheduleKey: 'registration',
      kind: 'registration',
      label: `${REGISTRATION_FEE_LABEL} ${level.name} ${year.label}`,
      amount: level.registrationFee,
      dueOn: options.enrolledOn,
    });
  }
  const mode: FeeMode = level.feeMode;
  if (mode === 'monthly' && level.monthlyFee > 0) {
    const enrolledMonth = options.enrolledOn.slice(0, 7);
    const months = [...level.billedMonths]
      .map((month) => ({ month, year: calendarYearOf(month, year.startsOn) }))
      .sort((a, b) => a.year - b.year || a.month - b.month);
    for (const { month, year: calendarYear } of months) {
      if (`${calendarYear}-${pad(month)}` < enrolledMonth) continue;
      planned.push({
        scheduleKey: `month:${calendarYear}-${pad(month)}`,
        kind: 'tuition',
        label: `Mensualité ${monthNames[month - 1]} ${calendarYear}`,
        amount: level.monthlyFee,
        dueOn: notBefore(day(calendarYear, month, options.monthlyDueDay), options.enrolledOn),
      });
    }
  }
  if (mode === 'schedule') {
    level.schedule.forEach((item, index) => {
      if (item.amount <= 0) return;
      const calendarYear = calendarYearOf(item.dueMonth, year.startsOn);
      planned.push({
        scheduleKey: `item:${index + 1}`,
        kind: 'tuition',
        label: item.label,
        amount: item.amount,
        dueOn: notBefore(day(calendarYear, item.dueMonth, item.dueDay), options.enrolledOn),
      });
    });
    planned.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
  }
  return planned;
}

/** What one student pays in a level over a full year (registration included). */
export function levelYearTotal(level: LevelFees): number {
  const tuition =
    level.feeMode === 'monthly'
      ? level.monthlyFee * level.billedMonths.length
      : level.schedule.reduce((sum, item) => sum + item.amount, 0);
  return level.registrationFee + tuition;
}
