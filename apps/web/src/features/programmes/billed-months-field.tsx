import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/ui/checkbox';
import { inSchoolOrder, monthLabel, SCHOOL_MONTHS } from './months';
import { GroupError } from './form-parts';

/**
 * « Mois facturés »: twelve toggles, September to August, October to July ticked for a new
 * level. A monthly fee is billed once for each ticked month.
 */
export function BilledMonthsField({
  months,
  error,
  onChange,
}: {
  months: number[];
  error: string | undefined;
  onChange: (months: number[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const errorId = useId();
  const countId = useId();
  return (
    <fieldset
      name="billedMonths"
      aria-describedby={[countId, error ? errorId : null].filter(Boolean).join(' ')}
      data-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">
        {t('programmes.levelForm.billedMonths')}
      </legend>
      <p id={countId} className="mt-0.5 text-sm text-slate-600" aria-live="polite">
        {t('programmes.levelForm.monthCount', { count: months.length })}
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        {SCHOOL_MONTHS.map((month) => (
          <li key={month}>
            <Checkbox
              label={<span className="capitalize">{monthLabel(month, language)}</span>}
              name="billedMonths"
              value={month}
              checked={months.includes(month)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? inSchoolOrder([...months, month])
                    : months.filter((item) => item !== month),
                )
              }
            />
          </li>
        ))}
      </ul>
      <GroupError id={errorId}>{error}</GroupError>
    </fieldset>
  );
}
