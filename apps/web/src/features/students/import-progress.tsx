import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import type { StudentImport } from '@ecolage/contracts';
import { FormAlert } from '../../components/ui/form-alert';
import { formatNumber } from '../../lib/format';

/** A labelled progress bar, 0 to 100 (`role="progressbar"`, with the value said in words). */
export function ImportProgressBar({
  label,
  value,
  valueText,
}: {
  label: string;
  value: number;
  valueText: string;
}) {
  const labelId = useId();
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span id={labelId} className="font-medium text-slate-800">
          {label}
        </span>
        <span className="text-slate-700 tabular-nums">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={valueText}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${clamped}%` }}
        />
      </div>
    </div>
  );
}

/** The share of the rows processed, in percent (100 once finished). */
function percentDone(run: StudentImport): number {
  if (run.status === 'done') return 100;
  if (run.totalRows <= 0) return 0;
  return Math.floor((run.processedRows / run.totalRows) * 100);
}

/**
 * Steps 3 and 4: the progress of a committed import (rows processed out of the total), then its
 * outcome: the counts of a finished import, or the server's reason when it failed.
 */
export function ImportRunStep({ run, pollFailed }: { run: StudentImport; pollFailed: boolean }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const number = (value: number) => formatNumber(value, language);
  const rows = t('studentImport.run.rows', {
    done: number(run.processedRows),
    total: number(run.totalRows),
  });
  return (
    <div className="space-y-5">
      <ImportProgressBar
        label={t('studentImport.run.progress')}
        value={percentDone(run)}
        valueText={rows}
      />
      {run.status === 'running' ? (
        <>
          <p className="text-sm text-slate-700">{t('studentImport.run.keepOpen')}</p>
          {pollFailed ? <FormAlert>{t('studentImport.run.pollFailure')}</FormAlert> : null}
        </>
      ) : null}
      {run.status === 'done' ? <ImportResult run={run} /> : null}
      {run.status === 'failed' ? (
        <FormAlert>
          {t('studentImport.result.failed')}
          {run.error ? <span className="mt-1 block font-normal">{run.error}</span> : null}
        </FormAlert>
      ) : null}
    </div>
  );
}

function ImportResult({ run }: { run: StudentImport }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const counts = [
    ['created', t('studentImport.result.created'), run.created],
    ['updated', t('studentImport.result.updated'), run.updated],
    ['skipped', t('studentImport.result.skipped'), run.skipped],
    ['enrolled', t('studentImport.result.enrolled'), run.enrolled],
    ['invoicesIssued', t('studentImport.result.invoicesIssued'), run.invoicesIssued],
  ] as const;
  return (
    <div className="space-y-3">
      <p role="status" className="flex items-center gap-2 font-semibold text-green-800">
        <CircleCheck aria-hidden="true" className="size-5" />
        {t('studentImport.result.done')}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {counts.map(([key, label, value]) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">
              {formatNumber(value, language)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
