import { useTranslation } from 'react-i18next';
import { REGISTRATION_FEE_LABEL } from '@ecolage/contracts';
import { amountOrZero, formatMoney, readAmount } from '../../lib/amounts';
import { inSchoolOrder } from './months';
import { liveYearTotal } from './level-form';
import type { LevelValues } from './level-form';

/**
 * The year total of the level being typed (registration included), with how it is made up:
 * « Inscription 25 000 FCFA + 10 × 30 000 FCFA ». Fields not valid yet count as 0.
 */
export function LevelTotal({ values }: { values: LevelValues }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { registration, tuition, total } = liveYearTotal(values);
  const months = inSchoolOrder(values.billedMonths).length;
  const tuitionText =
    values.feeMode === 'monthly'
      ? t('programmes.levelForm.monthlyBreakdown', {
          count: months,
          amount: formatMoney(amountOrZero(readAmount(values.monthlyFee)), language),
        })
      : t('programmes.levelForm.scheduleBreakdown', {
          count: values.schedule.length,
          amount: formatMoney(tuition, language),
        });
  return (
    <div
      aria-live="polite"
      className="flex flex-col gap-1 rounded-xl bg-brand-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm text-slate-700">
        {REGISTRATION_FEE_LABEL} {formatMoney(registration, language)} + {tuitionText}
      </p>
      <p className="text-base font-bold text-brand-950">
        {t('programmes.levelForm.total', { amount: formatMoney(total, language) })}
      </p>
    </div>
  );
}
