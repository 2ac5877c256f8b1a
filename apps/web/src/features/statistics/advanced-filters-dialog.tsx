import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  paymentChannelValues,
  paymentSourceValues,
  STATISTICS_AGE_MAX,
  STATISTICS_AGE_MIN,
} from '@ecolage/contracts';
import type { PaymentChannelValue, PaymentSource } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import type { StatisticsFilters } from './statistics-params';

type Advanced = Pick<StatisticsFilters, 'ageMin' | 'ageMax' | 'source' | 'provider'>;

interface Draft {
  ageMin: string;
  ageMax: string;
  source: string;
  provider: string;
}

/** A typed age: null when empty, NaN when not a whole number of years in range. */
function readAge(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed)) return Number.NaN;
  const age = Number(trimmed);
  return age >= STATISTICS_AGE_MIN && age <= STATISTICS_AGE_MAX ? age : Number.NaN;
}

/**
 * « Filtres avancés »: an age range (ages reached in the period's year), the payment's source
 * and its operator. « Annuler » (or Escape, or the backdrop) leaves the filters as they were;
 * « Appliquer » checks the ages (a whole number, minimum ≤ maximum) and hands them over.
 */
export function AdvancedFiltersDialog({
  open,
  filters,
  sources,
  providers,
  onApply,
  onClose,
}: {
  open: boolean;
  filters: Advanced;
  /** What the options offer (every source and operator when they have not loaded). */
  sources: readonly PaymentSource[] | undefined;
  providers: readonly PaymentChannelValue[] | undefined;
  onApply: (filters: Advanced) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const first = useRef<HTMLInputElement>(null);
  const initial = (): Draft => ({
    ageMin: filters.ageMin === null ? '' : String(filters.ageMin),
    ageMax: filters.ageMax === null ? '' : String(filters.ageMax),
    source: filters.source ?? '',
    provider: filters.provider ?? '',
  });
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<{ ageMin?: string; ageMax?: string }>({});
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts from the filters in force: what was typed and cancelled is gone.
    setWasOpen(open);
    if (open) {
      setDraft(initial());
      setErrors({});
    }
  }

  const sourceChoices = sources?.length ? sources : paymentSourceValues;
  const providerChoices: PaymentChannelValue[] = [
    ...(providers?.length ? providers : paymentChannelValues),
  ];
  if (!providerChoices.includes('desk')) providerChoices.push('desk');

  function submit(event: FormEvent) {
    event.preventDefault();
    const ageMin = readAge(draft.ageMin);
    const ageMax = readAge(draft.ageMax);
    const next: typeof errors = {};
    const outOfRange = t('statistics.advanced.ageOutOfRange', {
      min: STATISTICS_AGE_MIN,
      max: STATISTICS_AGE_MAX,
    });
    if (Number.isNaN(ageMin)) next.ageMin = outOfRange;
    if (Number.isNaN(ageMax)) next.ageMax = outOfRange;
    if (!next.ageMin && !next.ageMax && ageMin !== null && ageMax !== null && ageMin > ageMax) {
      next.ageMin = t('statistics.advanced.agesReversed');
    }
    setErrors(next);
    if (next.ageMin || next.ageMax) {
      (next.ageMin ? first.current : document.getElementById('statistiques-age-max'))?.focus();
      return;
    }
    onApply({
      ageMin,
      ageMax,
      source: paymentSourceValues.find((value) => value === draft.source) ?? null,
      provider: paymentChannelValues.find((value) => value === draft.provider) ?? null,
    });
  }

  const formId = 'statistiques-filtres-avances';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('statistics.advanced.title')}
      description={t('statistics.advanced.description')}
      closeLabel={t('statistics.advanced.close')}
      initialFocus={first}
      footer={
        <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('statistics.advanced.cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {t('statistics.advanced.apply')}
          </Button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">
            {t('statistics.advanced.ageLegend')}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <InputField
              ref={first}
              id="statistiques-age-min"
              label={t('statistics.advanced.ageMin')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="10"
              value={draft.ageMin}
              error={errors.ageMin}
              onChange={(event) => setDraft({ ...draft, ageMin: event.target.value })}
            />
            <InputField
              id="statistiques-age-max"
              label={t('statistics.advanced.ageMax')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="65"
              value={draft.ageMax}
              error={errors.ageMax}
              onChange={(event) => setDraft({ ...draft, ageMax: event.target.value })}
            />
          </div>
          <p className="mt-2 text-sm text-slate-600">{t('statistics.advanced.ageHint')}</p>
        </fieldset>
        <SelectField
          label={t('statistics.advanced.source')}
          value={draft.source}
          placeholder={t('statistics.advanced.all')}
          onChange={(event) => setDraft({ ...draft, source: event.target.value })}
          options={sourceChoices.map((value) => ({
            value,
            label: t(`statistics.sources.${value}`),
          }))}
        />
        <SelectField
          label={t('statistics.advanced.provider')}
          value={draft.provider}
          placeholder={t('statistics.advanced.allProviders')}
          onChange={(event) => setDraft({ ...draft, provider: event.target.value })}
          options={providerChoices.map((value) => ({
            value,
            label: t(`statistics.providers.${value}`),
          }))}
        />
      </form>
    </Dialog>
  );
}
