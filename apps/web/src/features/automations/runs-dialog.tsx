import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { sendStatusValues } from '@ecolage/contracts';
import type { SendStatusValue, Workflow, WorkflowRun, WorkflowRunCounts } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SelectField } from '../../components/ui/select';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { pageCount } from '../../lib/list-params';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useWorkflowRuns } from './runs.api';
import { WideDialog } from './wide-dialog';

const RUNS_PAGE_SIZE = 10;

const STATUS_TONES: Record<SendStatusValue, BadgeTone> = {
  planned: 'blue',
  queued: 'purple',
  sent: 'teal',
  delivered: 'green',
  failed: 'red',
  skipped: 'grey',
};

function Counts({ counts }: { counts: WorkflowRunCounts }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const reasons = Object.entries(counts.skippedByReason).filter(([, count]) => (count ?? 0) > 0);
  return (
    <section aria-label={t('automations.runs.counts')} className="space-y-3">
      <dl className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {sendStatusValues.map((status) => (
          <div key={status} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">
              {t(`automations.runs.${status}`)}
            </dt>
            <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">
              {formatNumber(counts[status], language)}
            </dd>
          </div>
        ))}
      </dl>
      {reasons.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {t('automations.runs.skippedBy')}
          </h3>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm text-slate-800">
            {reasons.map(([reason, count]) => (
              <li key={reason} className="rounded-full bg-slate-100 px-3 py-1">
                {t(`automations.reasons.${reason as keyof WorkflowRunCounts['skippedByReason']}`)} :{' '}
                <span className="font-semibold tabular-nums">
                  {formatNumber(count ?? 0, language)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Why a send was skipped or put off, in the reader's language. */
export function runReason(t: TFunction, run: WorkflowRun): string {
  if (run.skipReason) return t(`automations.reasons.${run.skipReason}`);
  if (run.deferredReason) return t(`automations.deferred.${run.deferredReason}`);
  return '';
}

/**
 * « Historique » of a workflow: how many sends were planned, queued, sent, delivered, failed or
 * skipped (and why), then each send with its student, recipient, occurrence, time, status and
 * reason (« payé entre-temps », « heures calmes (reporté) », « désabonné »…), page by page.
 */
export function RunsDialog({ workflow, onClose }: { workflow: Workflow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [status, setStatus] = useState<SendStatusValue | null>(null);
  const [page, setPage] = useState(1);
  const runs = useWorkflowRuns({ workflowId: workflow.id, status, page, pageSize: RUNS_PAGE_SIZE });
  const data = runs.data;

  let list;
  if (runs.isPending) {
    list = <ListState tone="loading" title={t('automations.runs.loading')} />;
  } else if (!data) {
    list = (
      <ListState
        tone="error"
        title={t('automations.runs.failure')}
        retryLabel={t('ui.retry')}
        onRetry={() => void runs.refetch()}
      />
    );
  } else if (data.items.length === 0) {
    list = <ListState title={t('automations.runs.empty')} />;
  } else {
    list = (
      <Table
        caption={t('automations.runs.caption')}
        dense
        busy={runs.isPlaceholderData}
        minWidth="min-w-[52rem]"
      >
        <THead>
          <Tr>
            <Th>{t('automations.runs.student')}</Th>
            <Th>{t('automations.runs.recipient')}</Th>
            <Th>{t('automations.runs.occurrence')}</Th>
            <Th>{t('automations.runs.when')}</Th>
            <Th>{t('automations.runs.status')}</Th>
            <Th>{t('automations.runs.reason')}</Th>
          </Tr>
        </THead>
        <TBody>
          {data.items.map((run) => (
            <Tr key={run.id}>
              <Td>
                <span className="block font-medium text-slate-900">{run.studentName ?? '—'}</span>
                {run.matricule ? (
                  <span className="block text-xs text-slate-600">{run.matricule}</span>
                ) : null}
              </Td>
              <Td>
                <span className="block">{run.guardianName ?? ''}</span>
                <span className="block font-mono text-xs">{run.recipient}</span>
              </Td>
              <Td>{run.occurrenceLabel}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(run.scheduledFor, language)}</Td>
              <Td>
                <Badge tone={STATUS_TONES[run.status]}>
                  {t(`automations.runs.status_${run.status}`)}
                </Badge>
              </Td>
              <Td>{runReason(t, run)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    );
  }

  const pages = data ? pageCount(data.total, RUNS_PAGE_SIZE) : 1;
  return (
    <WideDialog
      onClose={onClose}
      title={t('automations.runs.title', { name: workflow.name })}
      closeLabel={t('common.close')}
    >
      <div className="space-y-5">
        {data ? <Counts counts={data.counts} /> : null}
        <SelectField
          compact
          wrapperClassName="sm:w-64"
          label={t('automations.runs.filter')}
          placeholder={t('automations.runs.filterAll')}
          value={status ?? ''}
          onChange={(event) => {
            setStatus(sendStatusValues.find((value) => value === event.target.value) ?? null);
            setPage(1);
          }}
          options={sendStatusValues.map((value) => ({
            value,
            label: t(`automations.runs.status_${value}`),
          }))}
        />
        {list}
        {data && data.total > RUNS_PAGE_SIZE ? (
          <Pager
            page={Math.min(page, pages)}
            pageCount={pages}
            total={data.total}
            pageSize={RUNS_PAGE_SIZE}
            onPageChange={setPage}
          />
        ) : null}
      </div>
    </WideDialog>
  );
}
