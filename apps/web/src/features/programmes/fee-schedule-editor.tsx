import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import { monthLabel, SCHOOL_MONTHS } from './months';
import type { FieldErrors } from './form-errors';
import { GroupError, NumberField } from './form-parts';
import { emptyRow } from './level-form';
import type { ScheduleRow } from './level-form';

/** The contracts allow 24 items at most. */
export const MAX_SCHEDULE_ROWS = 24;

/**
 * « Échéancier »: the level's fees as dated items (three tranches, a uniform, a trip), each with
 * a label, an amount and a due day and month that repeat every school year. Rows are added and
 * removed; each one is a group named « Échéance n » so its fields read well one by one.
 */
export function FeeScheduleEditor({
  rows,
  errors,
  onChange,
  onFieldEdited,
}: {
  rows: ScheduleRow[];
  /** Keyed `schedule`, `schedule.1.amount`… */
  errors: FieldErrors;
  onChange: (rows: ScheduleRow[]) => void;
  /** A field was changed: its message goes away (`schedule.*`: every message of the rows). */
  onFieldEdited: (path: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const errorId = useId();
  const monthOptions = SCHOOL_MONTHS.map((month) => ({
    value: String(month),
    label: monthLabel(month, language),
  }));

  function update(index: number, field: keyof Omit<ScheduleRow, 'key'>, value: string) {
    onChange(rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
    onFieldEdited(`schedule.${index}.${field}`);
  }

  return (
    <fieldset
      aria-describedby={errors.schedule ? errorId : undefined}
      data-invalid={errors.schedule ? true : undefined}
      className="space-y-3"
    >
      <legend className="text-sm font-medium text-slate-800">
        {t('programmes.schedule.title')}
      </legend>
      <p className="text-sm text-slate-600">{t('programmes.schedule.hint')}</p>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">
          {t('programmes.schedule.empty')}
        </p>
      ) : (
        <ol className="space-y-3">
          {rows.map((row, index) => {
            const number = index + 1;
            const path = (field: string) => `schedule.${index}.${field}`;
            return (
              <li key={row.key}>
                <fieldset className="rounded-xl border border-slate-200 p-3 sm:p-4">
                  <legend className="px-1 text-sm font-semibold text-slate-900">
                    {t('programmes.schedule.item', { number })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-6">
                    <InputField
                      wrapperClassName="sm:col-span-6"
                      label={t('programmes.schedule.label')}
                      name={path('label')}
                      autoComplete="off"
                      placeholder={t('programmes.schedule.labelPlaceholder', { number })}
                      value={row.label}
                      onChange={(event) => update(index, 'label', event.target.value)}
                      error={errors[path('label')]}
                    />
                    <NumberField
                      wrapperClassName="sm:col-span-3"
                      label={t('programmes.schedule.amount')}
                      name={path('amount')}
                      unit="FCFA"
                      tidy
                      value={row.amount}
                      onValueChange={(text) => update(index, 'amount', text)}
                      error={errors[path('amount')]}
                    />
                    <NumberField
                      wrapperClassName="sm:col-span-1"
                      label={t('programmes.schedule.dueDay')}
                      name={path('dueDay')}
                      maxLength={2}
                      value={row.dueDay}
                      onValueChange={(text) => update(index, 'dueDay', text)}
                      error={errors[path('dueDay')]}
                    />
                    <SelectField
                      wrapperClassName="sm:col-span-2"
                      label={t('programmes.schedule.dueMonth')}
                      name={path('dueMonth')}
                      placeholder={t('programmes.schedule.monthPlaceholder')}
                      options={monthOptions}
                      value={row.dueMonth}
                      onChange={(event) => update(index, 'dueMonth', event.target.value)}
                      error={errors[path('dueMonth')]}
                    />
                  </div>
                  <div className="mt-3 flex justify-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={t('programmes.schedule.removeLabel', { number })}
                      onClick={() => {
                        onChange(rows.filter((_, at) => at !== index));
                        // The rows after it move up: their messages no longer match.
                        onFieldEdited('schedule.*');
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('programmes.schedule.remove')}
                    </Button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <GroupError id={errorId}>{errors.schedule}</GroupError>
      <Button
        variant="secondary"
        size="sm"
        disabled={rows.length >= MAX_SCHEDULE_ROWS}
        onClick={() => {
          onChange([...rows, emptyRow()]);
          onFieldEdited('schedule');
        }}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('programmes.schedule.add')}
      </Button>
    </fieldset>
  );
}
