import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateWorkflowInput, Workflow } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { FormError, FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { ActionFields } from './action-fields';
import { useSaveWorkflow } from './automations.api';
import { ConditionFields, TriggerFields } from './trigger-fields';
import { BLANK_WORKFLOW } from './workflow-presets';
import { workflowFormSchema, workflowValues } from './workflow-form';

/** What the editor opens on: a saved workflow, or a new one (blank or from a preset). */
export type EditorSubject = { workflow: Workflow } | { preset?: CreateWorkflowInput };

function sourceOf(subject: EditorSubject): CreateWorkflowInput {
  if ('workflow' in subject) {
    const { workflow } = subject;
    return {
      name: workflow.name,
      trigger: workflow.trigger,
      params: workflow.params,
      conditions: workflow.conditions,
      action: {
        ...workflow.action,
        subject: workflow.action.subject ?? undefined,
      },
      enabled: workflow.enabled,
    };
  }
  return subject.preset ?? BLANK_WORKFLOW;
}

/**
 * The workflow editor (a modal dialog: focus kept inside, Escape closes, every control labelled):
 * name, trigger and its days, conditions, action and message with its placeholders, counter and
 * preview. A new workflow is created paused unless « Activer maintenant »; « Enregistrer et
 * simuler » opens the simulation, from which it is turned on.
 */
export function WorkflowEditor({
  subject,
  onClose,
  onSaved,
}: {
  subject: EditorSubject;
  onClose: () => void;
  /** Called with the saved workflow; `simulate` when the reader asked to simulate it next. */
  onSaved: (workflow: Workflow, simulate: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const save = useSaveWorkflow();
  const editing = 'workflow' in subject ? subject.workflow : null;
  const form = useSchemaForm(workflowFormSchema(i18n.t), {
    defaultValues: workflowValues(sourceOf(subject), i18n.language),
    messages: (translate) => ({
      name: { required: translate('automations.editor.nameRequired') },
      'params.days': { invalid: translate('automations.editor.daysRange') },
      'params.repeatEveryDays': { invalid: translate('automations.editor.repeatEveryRange') },
      'params.repeatTimes': { invalid: translate('automations.editor.repeatTimesRange') },
      'action.subject': { invalid: translate('automations.editor.subjectRequired') },
      'action.staffRoleIds': { invalid: translate('automations.editor.staffRolesRequired') },
      'conditions.minimumBalance': { invalid: translate('automations.editor.minimumInvalid') },
    }),
    codes: { AUTOMATION_NAME_TAKEN: 'name' },
  });
  const enabled = form.watch('enabled');

  // Creating a paused workflow, the simulation comes next (Enter does that too); else a save.
  const simulateFirst = !editing && !enabled;
  const busy = save.isPending || form.formState.isSubmitting;

  function submitAnd(simulate: boolean) {
    return form.submitWith(async (values) => {
      const { enabled: _enabled, ...changes } = values;
      // A change keeps the workflow on or off: the switch (enable / pause) says that.
      const saved = editing
        ? await save.mutateAsync({ id: editing.id, body: changes })
        : await save.mutateAsync({ body: values });
      const status = t(`automations.status.${saved.enabled ? 'active' : 'paused'}`);
      notify.success(
        editing
          ? t('automations.editor.saved', { name: saved.name })
          : t('automations.editor.created', { name: saved.name, status }),
      );
      onSaved(saved, simulate);
    }, t('automations.editor.failure'));
  }

  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title={
        editing
          ? t('automations.editor.editTitle', { name: editing.name })
          : t('automations.editor.createTitle')
      }
      description={t('automations.editor.description')}
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('automations.editor.cancel')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void submitAnd(!simulateFirst)()}
          >
            {simulateFirst ? t('automations.editor.save') : t('automations.editor.saveAndSimulate')}
          </Button>
          <FormSubmitButton
            form={form}
            formId={formId}
            pending={save.isPending}
            label={
              simulateFirst ? t('automations.editor.saveAndSimulate') : t('automations.editor.save')
            }
            pendingLabel={t('automations.editor.saving')}
          />
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void submitAnd(simulateFirst)(event)}
        className="space-y-6"
      >
        <FormError form={form} />
        <FormField
          form={form}
          name="name"
          required
          ref={nameRef}
          label={t('automations.editor.name')}
          placeholder={t('automations.editor.namePlaceholder')}
          autoComplete="off"
          maxLength={80}
        />
        <TriggerFields form={form} />
        {form.watch('trigger') === 'weekly_summary' ? null : <ConditionFields form={form} />}
        <ActionFields form={form} />
        {editing ? null : (
          <Checkbox
            label={t('automations.editor.activateNow')}
            description={t('automations.editor.activateNowHint')}
            checked={enabled}
            onChange={(event) =>
              form.setValue('enabled', event.target.checked, { shouldDirty: true })
            }
          />
        )}
      </form>
    </Dialog>
  );
}
