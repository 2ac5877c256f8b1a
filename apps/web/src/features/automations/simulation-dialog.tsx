import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatFrancs } from '@ecolage/money';
import { SIMULATION_DEFAULT_DAYS } from '@ecolage/contracts';
import type { SimulationResult, SimulationRow, Workflow } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { notify } from '../../components/ui/toaster';
import { francsLocale } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useToggleWorkflow } from './automations.api';
import { useSimulation } from './runs.api';
import { WideDialog } from './wide-dialog';

function Totals({ result }: { result: SimulationResult }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { totals, prices } = result;
  const money = (amount: number) => formatFrancs(amount, francsLocale(language));
  const items = [
    { key: 'messages', value: formatNumber(totals.messages, language) },
    { key: 'recipients', value: formatNumber(totals.recipients, language) },
    { key: 'segments', value: formatNumber(totals.smsSegments, language) },
    { key: 'cost', value: money(totals.costXof) },
    { key: 'skipped', value: formatNumber(totals.skipped, language) },
  ] as const;
  return (
    <section aria-label={t('automations.simulate.totals')} className="space-y-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {items.map(({ key, value }) => (
          <div key={key} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">
              {t(`automations.simulate.${key}`)}
            </dt>
            <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">
        {t('automations.simulate.costHint', {
          sms: money(prices.smsSegment),
          whatsapp: money(prices.whatsappMessage),
        })}
      </p>
    </section>
  );
}

function reasonOf(t: TFunction, row: SimulationRow): string {
  return row.skipReason ? t(`automations.reasons.${row.skipReason}`) : '';
}

function Rows({ rows, skipped }: { rows: SimulationRow[]; skipped: boolean }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const money = (amount: number) => formatFrancs(amount, francsLocale(language));
  return (
    <Table
      caption={t(skipped ? 'automations.simulate.skippedCaption' : 'automations.simulate.caption')}
      dense
      minWidth={skipped ? 'min-w-[40rem]' : 'min-w-[64rem]'}
    >
      <THead>
        <Tr>
          <Th>{t('automations.simulate.student')}</Th>
          <Th>{t('automations.simulate.guardian')}</Th>
          {skipped ? (
            <Th>{t('automations.simulate.reason')}</Th>
          ) : (
            <>
              <Th>{t('automations.simulate.when')}</Th>
              <Th>{t('automations.simulate.channel')}</Th>
              <Th>{t('automations.simulate.text')}</Th>
              <Th className="text-right">{t('automations.simulate.parts')}</Th>
              <Th className="text-right">{t('automations.simulate.price')}</Th>
            </>
          )}
        </Tr>
      </THead>
      <TBody>
        {rows.map((row, index) => (
          <Tr key={`${row.studentId ?? ''}-${row.recipient ?? ''}-${row.scheduledFor}-${index}`}>
            <Td>
              <span className="block font-medium text-slate-900">{row.studentName ?? '—'}</span>
              <span className="block text-xs text-slate-600">{row.matricule}</span>
              <span className="block text-xs whitespace-nowrap text-slate-600">
                {row.occurrenceLabel}
              </span>
            </Td>
            <Td>
              <span className="block">{row.guardianName ?? '—'}</span>
              <span className="block font-mono text-xs whitespace-nowrap">
                {row.recipient ?? '—'}
              </span>
            </Td>
            {skipped ? (
              <Td>{reasonOf(t, row)}</Td>
            ) : (
              <>
                <Td className="whitespace-nowrap">{formatDateTime(row.scheduledFor, language)}</Td>
                <Td>{t(`automations.channels.${row.channel}`)}</Td>
                <Td className="min-w-64 text-xs whitespace-pre-wrap text-slate-700">{row.text}</Td>
                <Td className="text-right tabular-nums">{row.segments || '—'}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">{money(row.costXof)}</Td>
              </>
            )}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/**
 * « Simuler »: what the workflow would send in the coming days if it were on — who (student,
 * guardian, number), when, by which channel, how many SMS parts, what it costs — the totals, and
 * who would be skipped and why. Nothing is sent. « Activer » turns it on from here.
 */
export function SimulationDialog({
  workflow,
  canWrite,
  onClose,
}: {
  workflow: Workflow;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const simulation = useSimulation({ workflowId: workflow.id });
  const toggle = useToggleWorkflow();
  const result = simulation.data;
  const sent = result?.rows.filter((row) => row.skipReason === null) ?? [];
  const skipped = result?.rows.filter((row) => row.skipReason !== null) ?? [];

  async function activate() {
    try {
      await toggle.mutateAsync({ id: workflow.id, enabled: true });
      notify.success(t('automations.simulate.activated', { name: workflow.name }));
      onClose();
    } catch (error) {
      const status = t('automations.status.paused');
      notify.error(
        errorMessage(error, t, t('automations.toggle.failure', { name: workflow.name, status })),
      );
    }
  }

  let body;
  if (simulation.isPending) {
    body = <ListState tone="loading" title={t('automations.simulate.loading')} />;
  } else if (!result) {
    body = (
      <ListState
        tone="error"
        title={t('automations.simulate.failure')}
        retryLabel={t('ui.retry')}
        onRetry={() => void simulation.refetch()}
      />
    );
  } else {
    body = (
      <div className="space-y-6">
        <Totals result={result} />
        {!result.foreseeable ? (
          <p className="text-sm text-slate-700">{t('automations.simulate.unforeseeable')}</p>
        ) : sent.length === 0 ? (
          <p className="text-sm text-slate-700">{t('automations.simulate.none')}</p>
        ) : (
          <section className="space-y-2">
            <h3 className="text-base font-semibold text-slate-900">
              {t('automations.simulate.recipients')}
            </h3>
            <Rows rows={sent} skipped={false} />
          </section>
        )}
        {skipped.length > 0 ? (
          <section className="space-y-2">
            <h3 className="text-base font-semibold text-slate-900">
              {t('automations.simulate.skipped')}
            </h3>
            <Rows rows={skipped} skipped />
          </section>
        ) : null}
        {result.truncated ? (
          <p className="text-xs text-slate-600">
            {t('automations.simulate.truncated', { shown: result.rows.length })}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <WideDialog
      onClose={onClose}
      title={t('automations.simulate.title', { name: workflow.name })}
      description={t('automations.simulate.description', {
        days: result?.days ?? SIMULATION_DEFAULT_DAYS,
      })}
      closeLabel={t('common.close')}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('automations.simulate.close')}
          </Button>
          {canWrite && !workflow.enabled ? (
            <Button onClick={() => void activate()} disabled={toggle.isPending || !result}>
              {toggle.isPending
                ? t('automations.simulate.activating')
                : t('automations.simulate.activate')}
            </Button>
          ) : null}
        </div>
      }
    >
      {body}
    </WideDialog>
  );
}
