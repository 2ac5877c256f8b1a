import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  baseChartValues,
  type AccountMapping,
  type BaseChart,
  type AccountMappingLine,
} from '@ecolage/contracts';
import { SubmitButton } from '../../../components/ui/button';
import { addFrenchStrings } from '../../../i18n/add-strings';
import { accountingJournal } from '../../../i18n/fr/accounting-journal';
import { ApiClientError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { can, useSession } from '../../auth/session-store';
import { frenchDay } from './journal-dialog';
import { useAccountingPeriods, useAccountMapping, useSaveAccountMapping } from './journal.api';

addFrenchStrings(accountingJournal);

type Draft = Record<string, { account: string; label: string }>;

const draftOf = (mapping: AccountMapping): Draft =>
  Object.fromEntries(
    mapping.lines.map((line) => [
      line.internalAccount,
      { account: line.account, label: line.label },
    ]),
  );

const inputClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-50 aria-[invalid=true]:border-red-600';

/** The line a server refusal names: `lines.3.account` in its issues, else none. */
function refusedLine(error: unknown, lines: readonly AccountMappingLine[]): string | null {
  if (!(error instanceof ApiClientError)) return null;
  for (const issue of error.issues) {
    const match = /lines\.(\d+)\./.exec(issue.path);
    if (match) return lines[Number(match[1])]?.internalAccount ?? null;
  }
  return null;
}

/**
 * « Paramètres comptables »: the base chart (SYSCOHADA révisé or SYSCEBNL), the school's account
 * for each of Écolage's accounts edited inline (a French error on the refused line), and the
 * closed periods. Editing needs manage:accounting; others read.
 */
export function AccountingSettingsTab() {
  const { t } = useTranslation();
  const mapping = useAccountMapping();
  const periods = useAccountingPeriods();
  const base = useId();
  if (mapping.isPending) {
    return <p className="py-6 text-slate-700">{t('accountingJournal.settings.loading')}</p>;
  }
  if (mapping.isError) {
    return (
      <p role="alert" className="py-6 text-red-800">
        {t('accountingJournal.settings.loadFailure')}
      </p>
    );
  }
  return (
    <div className="space-y-8 py-6">
      <MappingForm mapping={mapping.data} />
      <section aria-labelledby={`${base}-periodes`} className="space-y-2">
        <h2 id={`${base}-periodes`} className="text-lg font-bold text-slate-900">
          {t('accountingJournal.settings.periodsTitle')}
        </h2>
        {periods.data?.closedThrough ? (
          <p className="text-slate-900">
            {t('accountingJournal.settings.closedThrough', {
              day: frenchDay(periods.data.closedThrough),
            })}
          </p>
        ) : (
          <p className="text-slate-700">{t('accountingJournal.settings.nothingClosed')}</p>
        )}
        {periods.data && periods.data.closures.length > 0 ? (
          <ul className="list-disc space-y-1 pl-6 text-sm text-slate-700">
            {periods.data.closures.map((closure) => (
              <li key={closure.id}>
                {t('accountingJournal.settings.closedOn', {
                  day: frenchDay(closure.closedThrough),
                  name: closure.closedBy,
                  at: new Date(closure.closedAt).toLocaleDateString('fr-FR'),
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

/** The base chart and the mapping table, edited inline, saved at once. */
function MappingForm({ mapping }: { mapping: AccountMapping }) {
  const { t } = useTranslation();
  const session = useSession();
  const editable = can('manage:accounting', session);
  const save = useSaveAccountMapping();
  const [chart, setChart] = useState<BaseChart>(mapping.baseChart);
  const [draft, setDraft] = useState<Draft>(() => draftOf(mapping));
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const base = useId();
  const lines = mapping.lines;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const errors: Record<string, string> = {};
    for (const line of lines) {
      const account = draft[line.internalAccount]?.account.trim() ?? '';
      if (!/^\d{3,8}$/.test(account))
        errors[line.internalAccount] = t('accountingJournal.settings.mappingHint');
    }
    setLineErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const saved = await save.mutateAsync({
        baseChart: chart,
        lines: lines.map((line) => ({
          internalAccount: line.internalAccount,
          account: draft[line.internalAccount]!.account.trim(),
          label: draft[line.internalAccount]!.label.trim() || undefined,
        })),
      });
      setDraft(draftOf(saved));
      setNotice({ kind: 'ok', text: t('accountingJournal.settings.saved') });
    } catch (error) {
      const message = errorMessage(error, t, t('accountingJournal.settings.saveFailure'));
      const line = refusedLine(error, lines);
      if (line) setLineErrors({ [line]: message });
      setNotice({ kind: 'error', text: message });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <fieldset>
        <legend className="text-lg font-bold text-slate-900">
          {t('accountingJournal.settings.chartTitle')}
        </legend>
        <p className="mt-1 text-sm text-slate-700">{t('accountingJournal.settings.chartHint')}</p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {baseChartValues.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                name={`${base}-plan`}
                value={value}
                checked={chart === value}
                disabled={!editable}
                onChange={() => setChart(value)}
                className="size-4 accent-brand-600"
              />
              {t(`accountingJournal.settings.charts.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <section aria-labelledby={`${base}-comptes`} className="space-y-3">
        <h2 id={`${base}-comptes`} className="text-lg font-bold text-slate-900">
          {t('accountingJournal.settings.mappingTitle')}
        </h2>
        <p className="text-sm text-slate-700">{t('accountingJournal.settings.mappingHint')}</p>
        {!editable ? (
          <p className="text-sm text-slate-700">{t('accountingJournal.settings.readOnly')}</p>
        ) : null}
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('accountingJournal.settings.internal')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('accountingJournal.settings.account')}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('accountingJournal.settings.label')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {lines.map((line) => {
                const value = draft[line.internalAccount] ?? { account: '', label: '' };
                const error = lineErrors[line.internalAccount];
                const errorId = `${base}-erreur-${line.internalAccount}`;
                const name = `${line.internalAccount} ${line.internalLabel}`;
                const change = (patch: Partial<Draft[string]>) =>
                  setDraft((current) => ({
                    ...current,
                    [line.internalAccount]: { ...value, ...patch },
                  }));
                return (
                  <tr key={line.internalAccount} className="align-top">
                    <th scope="row" className="px-3 py-2 font-normal text-slate-900">
                      <span className="font-semibold">{line.internalAccount}</span>{' '}
                      {line.internalLabel}
                      {line.isDefault ? (
                        <span className="ml-2 text-xs text-slate-600">
                          ({t('accountingJournal.settings.byDefault')})
                        </span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2">
                      <input
                        inputMode="numeric"
                        value={value.account}
                        disabled={!editable}
                        aria-label={t('accountingJournal.settings.accountOf', { name })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        onChange={(event) => change({ account: event.target.value })}
                        className={`${inputClass} w-28`}
                      />
                      {error ? (
                        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
                          {error}
                        </p>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      <input
                        value={value.label}
                        disabled={!editable}
                        maxLength={120}
                        aria-label={t('accountingJournal.settings.labelOf', { name })}
                        onChange={(event) => change({ label: event.target.value })}
                        className={inputClass}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      {notice ? (
        <p
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={
            notice.kind === 'error'
              ? 'rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800'
              : 'rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900'
          }
        >
          {notice.text}
        </p>
      ) : null}
      {editable ? (
        <SubmitButton
          pending={save.isPending}
          label={t('accountingJournal.settings.save')}
          pendingLabel={t('accountingJournal.settings.saving')}
        />
      ) : null}
    </form>
  );
}
