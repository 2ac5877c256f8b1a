import { formatFrancs, formatWholeNumber } from '@ecolage/money';
import { addDays, dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { findOrganizationById } from '../organizations';
import { findSchoolsWithWeeklySummary } from './notifications.repository';
import { notifyStaff } from './notify-staff.service';
import {
  isoWeekLabel,
  isoWeekMonday,
  weeklySchoolFigures,
  type WeeklySchoolFigures,
} from './weekly-figures';

/** The summary goes out on Monday from this hour of the school's day. */
export const SUMMARY_HOUR = 7;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourIn(timeZone: string, now: Date): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(now));
}

/**
 * The ISO week a school's summary covers at `now`: the week before, when it is Monday from 07:00
 * in the school's time zone; null at any other time.
 */
export function weekToSummarise(timeZone: string, now: Date): string | null {
  const today = dayIn(timeZone, now);
  if (isoWeekMonday(today) !== today || hourIn(timeZone, now) < SUMMARY_HOUR) return null;
  return addDays(today, -7);
}

const longDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayOf = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

const plural = (count: number, word: string) =>
  `${formatWholeNumber(count)} ${word}${count > 1 ? 's' : ''}`;

/** The week's figures in French: the bell's line and the e-mail's text. */
export function summaryTexts(schoolName: string, figures: WeeklySchoolFigures) {
  const period = `du ${dayOf(figures.weekStart)} au ${dayOf(figures.weekEnd)}`;
  const collected = `${formatFrancs(figures.collected)} encaissés (${plural(figures.paymentsCount, 'paiement')})`;
  const overdue = `impayés : ${formatFrancs(figures.overdue)}`;
  const channels = figures.collectedByChannel.map(
    (row) => `- ${row.label} : ${formatFrancs(row.amount)} (${plural(row.payments, 'paiement')})`,
  );
  const classes = figures.topOverdueClasses.map(
    (row, index) =>
      `${index + 1}. ${row.level} — ${row.programme} : ${formatFrancs(row.overdue)} ` +
      `(${plural(row.students, 'étudiant')})`,
  );
  return {
    title: 'Résumé de la semaine',
    body: `Semaine ${period} : ${collected} ; ${overdue}.`,
    subject: `Résumé de la semaine ${period} : ${formatFrancs(figures.collected)} encaissés`,
    text: [
      `Voici le résumé de la semaine ${period} pour ${schoolName}.`,
      '',
      `Encaissé : ${formatFrancs(figures.collected)} (${plural(figures.paymentsCount, 'paiement')}, remboursements déduits)`,
      ...(channels.length ? ['', 'Par canal :', ...channels] : []),
      '',
      `Impayés à ce jour : ${formatFrancs(figures.overdue)}`,
      ...(classes.length ? ['', 'Classes les plus en retard :', ...classes] : []),
    ].join('\n'),
  };
}

/**
 * The weekly summary of every school where someone wants it, at `now` (the test clock's in a
 * journey): on Monday from 07:00 in the school's time zone, a bell item and an e-mail to each
 * active member who may read the figures (statistics or payments) with « resume-hebdomadaire »
 * on. Exactly once per member and week, whatever the number of runs or processes: the item's
 * dedupe key is the ISO week, and only the items a run writes get their e-mail (in the same
 * transaction). Returns how many items were written.
 */
export async function sendWeeklySummaries(db: Database, now: Date): Promise<number> {
  let written = 0;
  for (const organizationId of await findSchoolsWithWeeklySummary(db)) {
    const school = await findOrganizationById(db, organizationId);
    if (!school) continue;
    const weekStart = weekToSummarise(school.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, now);
    if (!weekStart) continue;
    const figures = await weeklySchoolFigures(db, organizationId, weekStart);
    const texts = summaryTexts(school.name, figures);
    const items = await db.transaction((tx) =>
      notifyStaff(
        tx,
        {
          organizationId,
          kind: 'weekly_summary',
          title: texts.title,
          body: texts.body,
          link: '/admin',
          dedupeKey: `weekly_summary:${isoWeekLabel(weekStart)}`,
        },
        {
          email: {
            subject: texts.subject,
            text: texts.text,
            template: 'notifications.weekly_summary',
          },
        },
      ),
    );
    written += items.length;
  }
  return written;
}
