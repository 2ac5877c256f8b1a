import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Workflow, WorkflowStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';

type StepSource = Pick<Workflow, 'trigger' | 'params' | 'action'>;

/** When a workflow runs, in the reader's language (« J-3 avant l’échéance »). */
export function whenText(
  t: TFunction,
  { trigger, params }: Pick<StepSource, 'trigger' | 'params'>,
) {
  const days = params.days ?? 0;
  switch (trigger) {
    case 'invoice_due_in':
      return days > 0 ? t('automations.step.dueIn', { days }) : t('automations.step.dueDay');
    case 'invoice_overdue':
      if (params.repeatEveryDays && params.repeatTimes) {
        return params.repeatEveryDays === 1
          ? t('automations.step.overdueDaily', { days, times: params.repeatTimes })
          : t('automations.step.overdueRepeat', {
              days,
              every: params.repeatEveryDays,
              times: params.repeatTimes,
            });
      }
      return t('automations.step.overdue', { days });
    default:
      return t(`automations.step.${trigger}`);
  }
}

/** What a workflow does (« SMS au payeur principal », « Notification à l’équipe (2 rôles) »). */
export function actionText(t: TFunction, { action }: Pick<StepSource, 'action'>) {
  if (action.channel === 'staff') {
    return t('automations.step.staff', { count: action.staffRoleIds.length });
  }
  const channel = t(`automations.channels.${action.channel}`);
  return action.recipients === 'all_guardians'
    ? t('automations.step.allGuardians', { channel })
    : t('automations.step.mainPayer', { channel });
}

/** The table's « Étape »: « J-3 avant l’échéance · SMS au payeur principal ». */
export function stepText(t: TFunction, workflow: StepSource): string {
  return `${whenText(t, workflow)} · ${actionText(t, workflow)}`;
}

/** « Actif » (green) or « En pause » (grey): it follows the switch. */
export function WorkflowStatusBadge({ status }: { status: WorkflowStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={status === 'active' ? 'green' : 'grey'}>
      <span
        aria-hidden="true"
        className={`size-1.5 rounded-full ${status === 'active' ? 'bg-green-600' : 'bg-slate-500'}`}
      />
      {t(`automations.status.${status}`)}
    </Badge>
  );
}
