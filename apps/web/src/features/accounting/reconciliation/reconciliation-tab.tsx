import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  reconciliationKindLabels,
  reconciliationKindValues,
  reconciliationResolutionLabels,
  reconciliationStatusLabels,
  reconciliationStatusValues,
  resolutionsByKind,
  statementSourceLabels,
  statementSourceValues,
  type ReconciliationItem,
  type ReconciliationKind,
  type ReconciliationResolution,
  type ReconciliationStatus,
  type StatementSource,
} from '@ecolage/contracts';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ListState } from '../../../components/ui/list-state';
import { SelectField } from '../../../components/ui/select';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { addFrenchStrings } from '../../../i18n/add-strings';
import { accountingReconciliation } from '../../../i18n/fr/accounting-reconciliation';
import { formatMoney } from '../../../lib/amounts';
import { ApiClientError } from '../../../lib/api-client';
import { filenameFromDisposition, saveBlob } from '../../../lib/download';
import { errorMessage } from '../../../lib/error-message';
import { apiDownload } from '../../auth/auth-client';
import type { AccountingTabProps } from '../accounting-tabs';
import {
  useImportStatement,
  useReconciliationItems,
  useResolveItem,
  useStatements,
  type ReconciliationParams,
} from './reconciliation.api';

addFrenchStrings(accountingReconciliation);

const frDay = (day: string | null) =>
  day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '—';

/** The queue's filters in the address: `?vue=rapprochement&ecart=fee_differs&etat=open&page=2`. */
function readParams(search: URLSearchParams): ReconciliationParams {
  const kind = search.get('ecart');
  const status = search.get('etat');
  const page = Number(search.get('page') ?? '1');
  return {
    kind: (reconciliationKindValues as readonly string[]).includes(kind ?? '')
      ? (kind as ReconciliationKind)
      : null,
    status: (reconciliationStatusValues as readonly string[]).includes(status ?? '')
      ? (status as ReconciliationStatus)
      : status === 'tous'
        ? null
        : 'open',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function ImportForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const [source, setSource] = useState<StatementSource | ''>('');
  const fileRef = useRef<HTMLInputElement>(null);
  const importing = useImportStatement();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!source || !file) return;
    importing.mutate({ source, file });
  };
  const error = importing.error;
  const issues = error instanceof ApiClientError ? error.issues : [];
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('reconciliation.importTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('reconciliation.importLead')}</p>
      <form className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit}>
        <SelectField
          label={t('reconciliation.source')}
          placeholder={t('reconciliation.sourcePlaceholder')}
          value={source}
          required
          onChange={(event) => setSource(event.target.value as StatementSource)}
          options={statementSourceValues.map((value) => ({
            value,
            label: statementSourceLabels[value],
          }))}
        />
        <label className="block text-sm font-medium text-slate-800">
          {t('reconciliation.file')}
          <input
            ref={fileRef}
            type="file"
            required
            accept=".csv,.json,.jsonl,.txt,text/csv,application/json"
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 text-sm"
          />
        </label>
        <SubmitButton
          pending={importing.isPending}
          label={t('reconciliation.importButton')}
          pendingLabel={t('reconciliation.importing')}
        />
      </form>
      <div aria-live="polite">
        {importing.isSuccess ? (
          <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            {t('reconciliation.imported', {
              matched: importing.data.matched,
              differences: Object.values(importing.data.differences).reduce((a, b) => a + b, 0),
              credits: importing.data.incomingCredits,
            })}
          </p>
        ) : null}
        {error ? (
          <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            <p>{errorMessage(error, t, t('reconciliation.importFailed'))}</p>
            {issues.length > 0 ? (
              <>
                <p className="mt-2 font-semibold">{t('reconciliation.rowErrors')}</p>
                <ul className="mt-1 list-disc pl-5">
                  {issues.map((issue, index) => (
                    <li key={`${issue.path}-${index}`}>{issue.message}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function StatementsList() {
  const { t } = useTranslation();
  const titleId = useId();
  const statements = useStatements();
  if (!statements.isSuccess) return null;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('reconciliation.statementsTitle')}
      </h3>
      {statements.data.items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('reconciliation.statementsEmpty')}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {statements.data.items.map((statement) => (
            <li key={statement.id} className="rounded-lg bg-slate-50 px-3 py-2">
              {t('reconciliation.statementLine', {
                source: statementSourceLabels[statement.source],
                file: statement.fileName,
                from: frDay(statement.periodStart),
                to: frDay(statement.periodEnd),
                lines: statement.lineCount,
                matched: statement.matchedCount,
                differences: statement.differenceCount,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResolveDialog({ item, onClose }: { item: ReconciliationItem; onClose: () => void }) {
  const { t } = useTranslation();
  const choices = resolutionsByKind[item.kind];
  const [resolution, setResolution] = useState<ReconciliationResolution>(choices[0]!);
  const [note, setNote] = useState('');
  const resolving = useResolveItem();
  const noteId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolving.mutate({ itemId: item.id, resolution, note }, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('reconciliation.resolveTitle')}
      closeLabel={t('reconciliation.close')}
      description={`${reconciliationKindLabels[item.kind]} · ${item.providerTxnId ?? item.reference ?? ''}`}
    >
      <form className="space-y-4" onSubmit={submit}>
        <SelectField
          label={t('reconciliation.resolution')}
          value={resolution}
          onChange={(event) => setResolution(event.target.value as ReconciliationResolution)}
          options={choices.map((value) => ({
            value,
            label: reconciliationResolutionLabels[value],
          }))}
        />
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
          {t('reconciliation.note')}
        </label>
        <textarea
          id={noteId}
          required
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="block min-h-24 w-full rounded-lg border border-slate-300 p-2 text-base"
        />
        {resolving.error ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(resolving.error, t, t('reconciliation.resolveFailed'))}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('reconciliation.cancel')}
          </Button>
          <SubmitButton
            pending={resolving.isPending}
            label={t('reconciliation.confirm')}
            pendingLabel={t('reconciliation.confirm')}
          />
        </div>
      </form>
    </Dialog>
  );
}

function ReportDownload() {
  const { t } = useTranslation();
  const titleId = useId();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (format: 'pdf' | 'xlsx') => {
    setFailure(null);
    try {
      const file = await apiDownload(
        `/api/accounting/reconciliation/report?from=${from}&to=${to}&format=${format}`,
      );
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? `rapprochement.${format}`);
    } catch (error) {
      setFailure(errorMessage(error, t, t('reconciliation.reportFailed')));
    }
  };
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('reconciliation.reportTitle')}
      </h3>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-800">
          {t('reconciliation.reportFrom')}
          <input
            type="date"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className="mt-1 block rounded-lg border border-slate-300 p-2"
          />
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('reconciliation.reportTo')}
          <input
            type="date"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className="mt-1 block rounded-lg border border-slate-300 p-2"
          />
        </label>
        <Button variant="secondary" onClick={() => void download('pdf')}>
          {t('reconciliation.reportPdf')}
        </Button>
        <Button variant="secondary" onClick={() => void download('xlsx')}>
          {t('reconciliation.reportXlsx')}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

/**
 * « Comptabilité › Rapprochement » (reconcile:payments): import a provider's or the bank's
 * statement, the statements imported, the queue of differences (filters in the address), each
 * resolved with a note, the period's report.
 */
export function ReconciliationTab({ search, update }: AccountingTabProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const params = readParams(search);
  const items = useReconciliationItems(params);
  const [resolving, setResolving] = useState<ReconciliationItem | null>(null);
  const money = (value: number | null) =>
    value === null ? '—' : formatMoney(value, i18n.language);
  const data = items.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  let body;
  if (items.isPending) body = <ListState tone="loading" title={t('reconciliation.loading')} />;
  else if (items.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('reconciliation.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void items.refetch()}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = <ListState title={t('reconciliation.empty')}>{t('reconciliation.emptyHint')}</ListState>;
  } else {
    // The shared table's cells (text-slate-800, mirrored light in the dark theme): the same
    // look and contrast as the other accounting tables.
    const amount = 'text-right whitespace-nowrap tabular-nums';
    body = (
      <Table caption={t('reconciliation.queueTitle')} minWidth="min-w-[52rem]" dense>
        <THead>
          <tr role="row">
            {(
              [
                'day',
                'kind',
                'reference',
                'statementAmount',
                'ourAmount',
                'fees',
                'status',
                'action',
              ] as const
            ).map((column) => (
              <Th
                key={column}
                className={
                  column === 'statementAmount' || column === 'ourAmount' || column === 'fees'
                    ? 'text-right'
                    : undefined
                }
              >
                {t(`reconciliation.columns.${column}`)}
              </Th>
            ))}
          </tr>
        </THead>
        <TBody>
          {data.items.map((item) => (
            <Tr key={item.id}>
              <Td className="whitespace-nowrap">{frDay(item.day)}</Td>
              <Td>{reconciliationKindLabels[item.kind]}</Td>
              <Td className="font-mono text-xs break-all">
                {item.providerTxnId ?? item.reference ?? '—'}
              </Td>
              <Td className={`font-semibold ${amount}`}>{money(item.statementAmount)}</Td>
              <Td className={amount}>{money(item.ourAmount)}</Td>
              <Td className={amount}>
                {money(item.statementFee)} / {money(item.ourFee)}
              </Td>
              <Td>
                {reconciliationStatusLabels[item.status]}
                {item.resolution ? (
                  <span className="block text-xs text-slate-600">
                    {reconciliationResolutionLabels[item.resolution]} — {item.note}
                  </span>
                ) : null}
              </Td>
              <Td>
                {item.status === 'open' ? (
                  <Button size="sm" variant="secondary" onClick={() => setResolving(item)}>
                    {t('reconciliation.resolve')}
                  </Button>
                ) : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    );
  }

  return (
    <div className="space-y-6 py-4">
      <ImportForm />
      <StatementsList />
      <section aria-labelledby={titleId} className="space-y-3">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {t('reconciliation.queueTitle')}
        </h3>
        <div className="flex flex-wrap gap-3">
          <SelectField
            compact
            label={t('reconciliation.filterKind')}
            value={params.kind ?? ''}
            onChange={(event) => update({ ecart: event.target.value || null, page: null })}
            options={[
              { value: '', label: t('reconciliation.allKinds') },
              ...reconciliationKindValues.map((value) => ({
                value,
                label: reconciliationKindLabels[value],
              })),
            ]}
          />
          <SelectField
            compact
            label={t('reconciliation.filterStatus')}
            value={params.status ?? 'tous'}
            onChange={(event) =>
              update({
                etat: event.target.value === 'open' ? null : event.target.value,
                page: null,
              })
            }
            options={[
              ...reconciliationStatusValues.map((value) => ({
                value,
                label: reconciliationStatusLabels[value],
              })),
              { value: 'tous', label: t('reconciliation.allStatuses') },
            ]}
          />
        </div>
        {body}
        {data && pageCount > 1 ? (
          <nav
            className="flex items-center gap-2 text-sm text-slate-800"
            aria-label={t('reconciliation.queueTitle')}
          >
            <Button
              size="sm"
              variant="secondary"
              disabled={params.page <= 1}
              onClick={() => update({ page: params.page > 2 ? String(params.page - 1) : null })}
            >
              ‹
            </Button>
            <span>
              {params.page} / {pageCount}
            </span>
            <Button
              size="sm"
              variant="secondary"
              disabled={params.page >= pageCount}
              onClick={() => update({ page: String(params.page + 1) })}
            >
              ›
            </Button>
          </nav>
        ) : null}
      </section>
      <ReportDownload />
      {resolving ? <ResolveDialog item={resolving} onClose={() => setResolving(null)} /> : null}
    </div>
  );
}
