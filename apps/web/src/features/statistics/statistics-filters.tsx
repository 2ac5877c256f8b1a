import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal, X } from 'lucide-react';
import type { StatisticsOptions } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select';
import { AdvancedFiltersDialog } from './advanced-filters-dialog';
import { advancedFilterCount, hasStatisticsFilters, NO_FILTERS } from './statistics-params';
import type { StatisticsFilters } from './statistics-params';

type Change = (state: Partial<StatisticsFilters>) => void;

/**
 * « Période », « Programme », « Filtres avancés » (a dialog), then the advanced filters in force
 * as chips, each removable, and « Effacer les filtres ». Every change goes to the address.
 */
export function StatisticsFilterBar({
  filters,
  options,
  onChange,
}: {
  filters: StatisticsFilters;
  options: StatisticsOptions | undefined;
  onChange: Change;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState(false);
  const periods = options?.periods.length
    ? options.periods
    : [{ key: 'ytd', label: t('statistics.filters.ytd') }];
  const periodOptions = periods.map((period) => ({ value: period.key, label: period.label }));
  if (!periodOptions.some((option) => option.value === filters.period)) {
    periodOptions.push({ value: filters.period, label: filters.period });
  }
  const programmeOptions = (options?.programmes ?? []).map((programme) => ({
    value: programme.id,
    label: programme.name,
  }));
  if (filters.programme && !programmeOptions.some((option) => option.value === filters.programme)) {
    programmeOptions.push({
      value: filters.programme,
      label: t('statistics.filters.unknownProgramme'),
    });
  }
  const count = advancedFilterCount(filters);

  return (
    <div className="space-y-3">
      <div
        role="group"
        aria-label={t('statistics.filters.label')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,14rem)_minmax(0,18rem)_auto] lg:items-end"
      >
        <SelectField
          compact
          label={t('statistics.filters.period')}
          value={filters.period}
          onChange={(event) => onChange({ period: event.target.value })}
          options={periodOptions}
        />
        <SelectField
          compact
          label={t('statistics.filters.programme')}
          value={filters.programme ?? ''}
          placeholder={t('statistics.filters.allProgrammes')}
          onChange={(event) => onChange({ programme: event.target.value || null })}
          options={programmeOptions}
        />
        <div>
          <Button variant="secondary" onClick={() => setDialog(true)} aria-haspopup="dialog">
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {count > 0
              ? t('statistics.filters.advancedCount', { count })
              : t('statistics.filters.advanced')}
          </Button>
        </div>
      </div>
      <Chips filters={filters} onChange={onChange} />
      <AdvancedFiltersDialog
        open={dialog}
        filters={filters}
        sources={options?.sources}
        providers={options?.providers}
        onClose={() => setDialog(false)}
        onApply={(advanced) => {
          setDialog(false);
          onChange(advanced);
        }}
      />
    </div>
  );
}

function Chips({ filters, onChange }: { filters: StatisticsFilters; onChange: Change }) {
  const { t } = useTranslation();
  const chips: { key: string; label: string; remove: Partial<StatisticsFilters> }[] = [];
  const { ageMin, ageMax } = filters;
  if (ageMin !== null || ageMax !== null) {
    chips.push({
      key: 'age',
      label:
        ageMin !== null && ageMax !== null
          ? t('statistics.filters.chipAge', { min: ageMin, max: ageMax })
          : ageMin !== null
            ? t('statistics.filters.chipAgeMin', { min: ageMin })
            : t('statistics.filters.chipAgeMax', { max: ageMax }),
      remove: { ageMin: null, ageMax: null },
    });
  }
  if (filters.source) {
    chips.push({
      key: 'source',
      label: t('statistics.filters.chipSource', {
        label: t(`statistics.sources.${filters.source}`),
      }),
      remove: { source: null },
    });
  }
  if (filters.provider) {
    chips.push({
      key: 'provider',
      label: t('statistics.filters.chipProvider', {
        label: t(`statistics.providers.${filters.provider}`),
      }),
      remove: { provider: null },
    });
  }
  if (chips.length === 0 && !hasStatisticsFilters(filters)) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      {chips.length > 0 ? (
        <ul aria-label={t('statistics.filters.applied')} className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.key}>
              <span className="inline-flex min-h-10 items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200 ring-inset">
                {chip.label}
                <button
                  type="button"
                  aria-label={t('statistics.filters.remove', { label: chip.label })}
                  onClick={() => onChange(chip.remove)}
                  className="inline-flex size-8 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => onChange({ ...NO_FILTERS })}>
        {t('statistics.filters.clear')}
      </Button>
    </div>
  );
}
