import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Level } from '@ecolage/contracts';
import { formatMoney } from '../../lib/amounts';
import { dayAndMonth, inSchoolOrder, monthLabel, monthRun } from './months';

/** « octobre à juillet », or the months one by one (« oct., déc., févr. ») when there are gaps. */
export function billedMonthsText(months: readonly number[], language: string, t: TFunction) {
  const run = monthRun(months);
  if (run) {
    return t('programmes.levels.monthRange', {
      from: monthLabel(run.from, language),
      to: monthLabel(run.to, language),
    });
  }
  return inSchoolOrder(months)
    .map((month) => monthLabel(month, language, months.length > 4 ? 'short' : 'long'))
    .join(', ');
}

/**
 * A level's tuition as the school set it: « 30 000 FCFA × 10 mois » over « octobre à juillet »,
 * or the items of its schedule with their amounts and due dates.
 */
export function LevelTuition({ level }: { level: Level }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  if (level.feeMode === 'monthly') {
    return (
      <div>
        <p className="font-medium text-slate-900 tabular-nums">
          {t('programmes.levels.monthly', {
            amount: formatMoney(level.monthlyFee, language),
            count: level.billedMonths.length,
          })}
        </p>
        <p className="text-xs text-slate-600">
          {level.billedMonths.length > 0
            ? billedMonthsText(level.billedMonths, language, t)
            : t('programmes.levels.noMonths')}
        </p>
      </div>
    );
  }
  return (
    <div>
      <p className="font-medium text-slate-900">
        {t('programmes.levels.schedule', { count: level.schedule.length })}
      </p>
      <ul className="mt-0.5 space-y-0.5 text-xs text-slate-700">
        {level.schedule.map((item, index) => (
          <li key={`${index}-${item.label}`}>
            {t('programmes.levels.scheduleItem', {
              label: item.label,
              amount: formatMoney(item.amount, language),
              date: dayAndMonth(item.dueDay, item.dueMonth, language),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
