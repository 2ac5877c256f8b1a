import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarCheck, Plus } from 'lucide-react';
import type { AcademicYear } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListState } from '../../components/ui/list-state';
import { notify } from '../../components/ui/toaster';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { AcademicYearDialog } from './academic-year-dialog';
import { currentYear, useAcademicYears, useSetCurrentYear } from './programmes.api';

/** « 1 oct. 2026 – 31 juil. 2027 ». */
export function yearDates(year: AcademicYear, language: string): string {
  return `${formatDate(year.startsOn, language)} – ${formatDate(year.endsOn, language)}`;
}

/**
 * The school's academic years, the current one marked « En cours ». With write:programmes:
 * create a year and make another one current (after confirmation: enrolments and invoices
 * then go to it).
 */
export function AcademicYearsSection({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const years = useAcademicYears();
  const setCurrent = useSetCurrentYear();
  const [creator, setCreator] = useState({ open: false, round: 0 });
  const [toMakeCurrent, setToMakeCurrent] = useState<AcademicYear | null>(null);
  const previous = currentYear(years.data);

  async function confirmCurrent() {
    if (!toMakeCurrent || setCurrent.isPending) return;
    const { id, label } = toMakeCurrent;
    try {
      await setCurrent.mutateAsync(id);
      setToMakeCurrent(null);
      notify.success(t('programmes.years.nowCurrent', { label }));
    } catch (error) {
      setToMakeCurrent(null);
      notify.error(errorMessage(error, t, t('ui.genericError')));
    }
  }

  let body;
  if (years.isPending) {
    body = <ListState tone="loading" title={t('programmes.years.loading')} />;
  } else if (years.isError) {
    body = (
      <ListState
        tone="error"
        title={t('programmes.years.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void years.refetch()}
      >
        {errorStatus(years.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (years.data.length === 0) {
    body = (
      <ListState title={t('programmes.years.empty')}>{t('programmes.years.emptyHint')}</ListState>
    );
  } else {
    // Latest first.
    const sorted = [...years.data].sort((a, b) => b.startsOn.localeCompare(a.startsOn));
    body = (
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {sorted.map((year) => (
          <li
            key={year.id}
            aria-labelledby={`annee-${year.id}`}
            className={[
              'flex flex-col gap-2 rounded-2xl border bg-white p-4',
              year.current ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
            ].join(' ')}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`annee-${year.id}`} className="text-base font-bold text-slate-900">
                {year.label}
              </h3>
              {year.current ? <Badge tone="green">{t('programmes.years.current')}</Badge> : null}
            </div>
            <p className="text-sm text-slate-700">{yearDates(year, language)}</p>
            {canWrite && !year.current ? (
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                aria-label={t('programmes.years.makeCurrentLabel', { label: year.label })}
                onClick={() => setToMakeCurrent(year)}
              >
                <CalendarCheck aria-hidden="true" className="size-4" />
                {t('programmes.years.setCurrent')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="annees-titre" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="annees-titre" className="text-xl font-bold text-slate-900">
            {t('programmes.years.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('programmes.years.lead')}</p>
        </div>
        {canWrite ? (
          <Button
            onClick={() => setCreator((current) => ({ open: true, round: current.round + 1 }))}
            className="max-sm:w-full"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('programmes.years.new')}
          </Button>
        ) : null}
      </div>
      {body}
      {canWrite ? (
        <>
          <AcademicYearDialog
            key={creator.round}
            open={creator.open}
            years={years.data ?? []}
            onClose={() => setCreator((current) => ({ ...current, open: false }))}
          />
          <ConfirmDialog
            open={toMakeCurrent !== null}
            onClose={() => setToMakeCurrent(null)}
            title={t('programmes.years.confirmTitle', { label: toMakeCurrent?.label ?? '' })}
            confirmLabel={t('programmes.years.setCurrent')}
            pendingLabel={t('programmes.saving')}
            cancelLabel={t('ui.cancel')}
            closeLabel={t('common.close')}
            pending={setCurrent.isPending}
            onConfirm={() => void confirmCurrent()}
          >
            <p>
              {previous
                ? t('programmes.years.confirmBodyReplace', {
                    label: toMakeCurrent?.label ?? '',
                    previous: previous.label,
                  })
                : t('programmes.years.confirmBody', { label: toMakeCurrent?.label ?? '' })}
            </p>
          </ConfirmDialog>
        </>
      ) : null}
    </section>
  );
}
