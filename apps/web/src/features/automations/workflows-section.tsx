import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Workflow as WorkflowIcon } from 'lucide-react';
import type { Workflow } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { notify } from '../../components/ui/toaster';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { useListPageCount } from '../../lib/list-params';
import type { ParamsPatch } from '../../lib/list-params';
import {
  useArchiveWorkflow,
  useDuplicateWorkflow,
  useToggleWorkflow,
  useWorkflows,
} from './automations.api';
import { automationParamsPatch, WORKFLOWS_PAGE_SIZE } from './automations-params';
import type { AutomationParams } from './automations-params';
import { RunsDialog } from './runs-dialog';
import { SimulationDialog } from './simulation-dialog';
import { WorkflowEditor } from './workflow-editor';
import type { EditorSubject } from './workflow-editor';
import { WORKFLOW_PRESETS } from './workflow-presets';
import { WorkflowsTable } from './workflows-table';
import type { RowAction } from './workflows-table';

/** What is open over the list. */
type Open =
  | { kind: 'editor'; subject: EditorSubject }
  | { kind: 'simulate' | 'history' | 'archive'; workflow: Workflow }
  | null;

/** The list when the school has no workflow: what they are for, and the ready-made reminders. */
function EmptyWorkflows({
  canWrite,
  onPreset,
}: {
  canWrite: boolean;
  onPreset: (preset: (typeof WORKFLOW_PRESETS)[number]) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <WorkflowIcon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">
        {t('automations.table.emptyTitle')}
      </p>
      <p className="mt-1 max-w-xl text-sm text-slate-700">{t('automations.table.emptyHint')}</p>
      {canWrite ? (
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          {WORKFLOW_PRESETS.map((preset) => (
            <Button key={preset.key} variant="secondary" size="sm" onClick={() => onPreset(preset)}>
              {preset.name}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * « Automatisations » tab: search and pages on the server (in the address), the table with its
 * switch (shown at once, put back with a message if the server refuses) and row menu, the
 * editor, the simulation, the history and the archive confirmation.
 */
export function WorkflowsSection({
  params,
  update,
  canWrite,
  creating,
  onCreated,
}: {
  params: AutomationParams;
  update: (patch: ParamsPatch, options?: { replace?: boolean }) => void;
  canWrite: boolean;
  /** « Nouvelle automatisation » was pressed (the button is in the page's header). */
  creating: boolean;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const { search, page } = params;
  const workflows = useWorkflows({ search, page, pageSize: WORKFLOWS_PAGE_SIZE });
  const toggle = useToggleWorkflow();
  const duplicate = useDuplicateWorkflow();
  const archive = useArchiveWorkflow();
  const [open, setOpen] = useState<Open>(null);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const pages = useListPageCount(workflows, page, WORKFLOWS_PAGE_SIZE, update);
  const data = workflows.data;
  const shown: Open = creating ? { kind: 'editor', subject: {} } : open;

  function close() {
    setOpen(null);
    if (creating) onCreated();
  }

  function onToggle(workflow: Workflow, enabled: boolean) {
    setPendingIds((ids) => new Set(ids).add(workflow.id));
    toggle.mutate(
      { id: workflow.id, enabled },
      {
        onSuccess: () =>
          notify.success(
            t(enabled ? 'automations.toggle.enabled' : 'automations.toggle.paused', {
              name: workflow.name,
            }),
          ),
        onError: (error) =>
          notify.error(
            errorMessage(
              error,
              t,
              t('automations.toggle.failure', {
                name: workflow.name,
                status: t(`automations.status.${workflow.enabled ? 'active' : 'paused'}`),
              }),
            ),
          ),
        onSettled: () =>
          setPendingIds((ids) => {
            const next = new Set(ids);
            next.delete(workflow.id);
            return next;
          }),
      },
    );
  }

  async function onAction(action: RowAction, workflow: Workflow) {
    if (action === 'edit') setOpen({ kind: 'editor', subject: { workflow } });
    else if (action === 'duplicate') {
      try {
        const copy = await duplicate.mutateAsync(workflow.id);
        notify.success(t('automations.duplicate.done', { name: copy.name }));
      } catch (error) {
        notify.error(errorMessage(error, t, t('automations.duplicate.failure')));
      }
    } else setOpen({ kind: action, workflow });
  }

  async function confirmArchive(workflow: Workflow) {
    try {
      await archive.mutateAsync(workflow.id);
      setOpen(null);
      notify.success(t('automations.archive.done', { name: workflow.name }));
    } catch (error) {
      setOpen(null);
      notify.error(errorMessage(error, t, t('automations.archive.failure')));
    }
  }

  let body;
  if (workflows.isPending) {
    body = <ListState tone="loading" title={t('automations.table.loading')} />;
  } else if (workflows.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('automations.table.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void workflows.refetch()}
      >
        {errorStatus(workflows.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = search ? (
      <ListState title={t('automations.table.emptyTitle')}>
        {t('automations.table.emptySearch')}
      </ListState>
    ) : (
      <EmptyWorkflows
        canWrite={canWrite}
        onPreset={(preset) => setOpen({ kind: 'editor', subject: { preset } })}
      />
    );
  } else {
    body = (
      <WorkflowsTable
        workflows={data.items}
        busy={workflows.isPlaceholderData}
        canWrite={canWrite}
        pendingIds={pendingIds}
        onToggle={onToggle}
        onAction={(action, workflow) => void onAction(action, workflow)}
      />
    );
  }

  return (
    <div className="space-y-4">
      <SearchField
        className="sm:w-80"
        label={t('automations.search')}
        placeholder={t('automations.searchPlaceholder')}
        value={search}
        onSearch={(next) =>
          update(automationParamsPatch({ search: next, page: 1 }), { replace: true })
        }
      />
      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={WORKFLOWS_PAGE_SIZE}
          onPageChange={(next) => update(automationParamsPatch({ page: next }))}
        />
      ) : null}

      {shown?.kind === 'editor' ? (
        <WorkflowEditor
          subject={shown.subject}
          onClose={close}
          onSaved={(workflow, simulate) => {
            if (creating) onCreated();
            setOpen(simulate ? { kind: 'simulate', workflow } : null);
          }}
        />
      ) : null}
      {shown?.kind === 'simulate' ? (
        <SimulationDialog workflow={shown.workflow} canWrite={canWrite} onClose={close} />
      ) : null}
      {shown?.kind === 'history' ? <RunsDialog workflow={shown.workflow} onClose={close} /> : null}
      <ConfirmDialog
        open={shown?.kind === 'archive'}
        title={t('automations.archive.title')}
        confirmLabel={t('automations.archive.confirm')}
        pendingLabel={t('automations.archive.pending')}
        cancelLabel={t('ui.cancel')}
        closeLabel={t('common.close')}
        pending={archive.isPending}
        tone="danger"
        onConfirm={() => {
          if (shown?.kind === 'archive') void confirmArchive(shown.workflow);
        }}
        onClose={close}
      >
        <p>
          {shown?.kind === 'archive'
            ? t('automations.archive.body', { name: shown.workflow.name })
            : null}
        </p>
      </ConfirmDialog>
    </div>
  );
}
