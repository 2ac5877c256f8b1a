import { useTranslation } from 'react-i18next';
import { isInvoiceTrigger, studentStatusValues } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { SelectField } from '../../components/ui/select';
import { fieldError, FormField } from '../../components/ui/form';
import { tidyAmountText } from '../../lib/amounts';
import { useProgrammeOptions } from '../students/students.api';
import { TRIGGERS } from './workflow-form';
import type { WorkflowForm } from './workflow-form';

type Form = WorkflowForm;

const numberProps = { inputMode: 'numeric' as const, autoComplete: 'off', className: 'max-w-32' };

/**
 * « Déclencheur » and its parameters: N days before or after the due date, and for an overdue
 * invoice « répéter tous les M jours, jusqu’à K fois ».
 */
export function TriggerFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const [trigger, repeat] = form.watch(['trigger', 'params.repeat']);
  return (
    <div className="space-y-4">
      <SelectField
        label={t('automations.editor.trigger')}
        {...form.register('trigger', {
          // The weekly summary gives the school's figures: it goes to the team only.
          onChange: (event: { target: { value: string } }) => {
            if (event.target.value === 'weekly_summary') form.setValue('action.channel', 'staff');
          },
        })}
        error={fieldError(form, 'trigger')}
        options={TRIGGERS.map((value) => ({
          value,
          label: t(`automations.triggers.${value}`),
        }))}
      />
      {isInvoiceTrigger(trigger) ? (
        <FormField
          form={form}
          name="params.days"
          required
          label={
            trigger === 'invoice_due_in'
              ? t('automations.editor.daysBefore')
              : t('automations.editor.daysAfter')
          }
          hint={t('automations.editor.daysHint')}
          {...numberProps}
        />
      ) : null}
      {trigger === 'invoice_overdue' ? (
        <div className="space-y-3">
          <Checkbox
            label={t('automations.editor.repeat')}
            checked={repeat}
            onChange={(event) =>
              form.setValue('params.repeat', event.target.checked, { shouldDirty: true })
            }
          />
          {repeat ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                form={form}
                name="params.repeatEveryDays"
                required
                label={t('automations.editor.repeatEvery')}
                {...numberProps}
              />
              <FormField
                form={form}
                name="params.repeatTimes"
                required
                label={t('automations.editor.repeatTimes')}
                hint={t('automations.editor.repeatTimesHint')}
                {...numberProps}
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * « Conditions »: the programme (then only its levels), the student's status and the minimum
 * balance due, from the school's own programmes. The weekly summary takes none.
 */
export function ConditionFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const programmes = useProgrammeOptions();
  const [programmeId, levelId] = form.watch(['conditions.programmeId', 'conditions.levelId']);
  const active = (programmes.data ?? []).filter(
    (programme) => !programme.archived || programme.id === programmeId,
  );
  const programme = active.find((candidate) => candidate.id === programmeId);
  const levels = (programme?.levels ?? []).filter(
    (level) => !level.archived || level.id === levelId,
  );
  const balance = form.register('conditions.minimumBalance', {
    onBlur: (event: { target: { value: string } }) =>
      form.setValue('conditions.minimumBalance', tidyAmountText(event.target.value)),
  });
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">
        {t('automations.editor.conditions')}
      </legend>
      <p className="text-sm text-slate-600">{t('automations.editor.conditionsHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('automations.editor.programme')}
          placeholder={t('automations.editor.programmeAll')}
          {...form.register('conditions.programmeId', {
            // Another programme's level would be refused: the level starts again.
            onChange: () => form.setValue('conditions.levelId', ''),
          })}
          error={fieldError(form, 'conditions.programmeId')}
          options={active.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        />
        <SelectField
          label={t('automations.editor.level')}
          placeholder={t('automations.editor.levelAll')}
          disabled={!programme}
          hint={programme ? undefined : t('automations.editor.levelNeedsProgramme')}
          {...form.register('conditions.levelId')}
          error={fieldError(form, 'conditions.levelId')}
          options={levels.map((level) => ({ value: level.id, label: level.name }))}
        />
        <SelectField
          label={t('automations.editor.studentStatus')}
          placeholder={t('automations.editor.studentStatusAll')}
          {...form.register('conditions.studentStatus')}
          options={studentStatusValues.map((status) => ({
            value: status,
            label: t(`automations.studentStatus.${status}`),
          }))}
        />
        <FormField
          form={form}
          {...balance}
          name="conditions.minimumBalance"
          label={t('automations.editor.minimumBalance')}
          hint={t('automations.editor.minimumBalanceHint')}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
    </fieldset>
  );
}
