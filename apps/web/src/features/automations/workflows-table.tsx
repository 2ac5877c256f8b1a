import { useTranslation } from 'react-i18next';
import { Archive, Copy, FlaskConical, History, Pencil } from 'lucide-react';
import type { Workflow } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { RowMenu } from './row-menu';
import type { RowMenuItem } from './row-menu';
import { ToggleSwitch } from './toggle-switch';
import { stepText, WorkflowStatusBadge } from './workflow-words';

export type RowAction = 'edit' | 'simulate' | 'history' | 'duplicate' | 'archive';

const ICONS: Record<RowAction, RowMenuItem['icon']> = {
  edit: <Pencil aria-hidden="true" className="size-4" />,
  simulate: <FlaskConical aria-hidden="true" className="size-4" />,
  history: <History aria-hidden="true" className="size-4" />,
  duplicate: <Copy aria-hidden="true" className="size-4" />,
  archive: <Archive aria-hidden="true" className="size-4" />,
};

/**
 * The spec's table: Nom, Déclencheur, Étape, Statut (it follows the switch), the on/off switch
 * and the « Action » menu. Without write:automations the switch is read-only and the menu keeps
 * « Simuler » and « Historique ».
 */
export function WorkflowsTable({
  workflows,
  busy,
  canWrite,
  pendingIds,
  onToggle,
  onAction,
}: {
  workflows: Workflow[];
  busy: boolean;
  canWrite: boolean;
  /** Workflows whose switch is being sent. */
  pendingIds: ReadonlySet<string>;
  onToggle: (workflow: Workflow, enabled: boolean) => void;
  onAction: (action: RowAction, workflow: Workflow) => void;
}) {
  const { t } = useTranslation();
  const actions: RowAction[] = canWrite
    ? ['edit', 'simulate', 'history', 'duplicate', 'archive']
    : ['simulate', 'history'];
  return (
    <Table
      caption={t('automations.table.caption')}
      layout="stack"
      busy={busy}
      minWidth="md:min-w-[56rem]"
    >
      <THead>
        <Tr>
          <Th>{t('automations.table.name')}</Th>
          <Th>{t('automations.table.trigger')}</Th>
          <Th>{t('automations.table.step')}</Th>
          <Th>{t('automations.table.status')}</Th>
          <Th>{t('automations.table.enabled')}</Th>
          <Th className="text-right">{t('automations.table.action')}</Th>
        </Tr>
      </THead>
      <TBody>
        {workflows.map((workflow) => (
          <Tr key={workflow.id}>
            <Td>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold text-slate-900">{workflow.name}</span>
                {workflow.isDefault ? (
                  <Badge tone="brand">{t('automations.table.default')}</Badge>
                ) : null}
              </span>
            </Td>
            <Td label={t('automations.table.trigger')}>
              {t(`automations.triggers.${workflow.trigger}`)}
            </Td>
            <Td label={t('automations.table.step')} className="max-md:text-right">
              {stepText(t, workflow)}
            </Td>
            <Td label={t('automations.table.status')}>
              <WorkflowStatusBadge status={workflow.enabled ? 'active' : 'paused'} />
            </Td>
            <Td label={t('automations.table.enabled')}>
              <ToggleSwitch
                checked={workflow.enabled}
                pending={pendingIds.has(workflow.id)}
                disabled={!canWrite}
                label={t('automations.table.switch', { name: workflow.name })}
                onChange={(enabled) => onToggle(workflow, enabled)}
              />
            </Td>
            <Td className="text-right">
              <RowMenu
                label={t('automations.table.menu', { name: workflow.name })}
                items={actions.map((action) => ({
                  key: action,
                  label: t(`automations.menu.${action}`),
                  icon: ICONS[action],
                  danger: action === 'archive',
                  onSelect: () => onAction(action, workflow),
                }))}
              />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
