import { useEffect, useId, useRef, useState } from 'react';
import type { BaseSyntheticEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMutating } from '@tanstack/react-query';
import { REGISTRATION_FEE_LABEL } from '@ecolage/contracts';
import type { FeeMode, Level, Programme } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormError, fieldError, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { BilledMonthsField } from './billed-months-field';
import { FeeScheduleEditor } from './fee-schedule-editor';
import type { FieldErrors } from './form-errors';
import { FormFooter, GroupError, NumberField, RadioOption } from './form-parts';
import {
  emptyRow,
  initialValues,
  levelErrorPaths,
  levelFormSchema,
  missingMessages,
} from './level-form';
import type { LevelValues } from './level-form';
import { LevelTotal } from './level-total';
import { programmeKeys, useCreateLevel, useUpdateLevel } from './programmes.api';

/**
 * « Ajouter un niveau » to a programme, and « Modifier » a level (the same form, filled): its
 * name, the registration fee (« Inscription »), then either a monthly fee over the billed
 * months or a fee schedule. The year total follows what is typed.
 */
export function LevelDialog({
  open,
  programme,
  level,
  onClose,
}: {
  open: boolean;
  programme: Programme | null;
  /** The level to edit; null to add one to `programme`. */
  level: Level | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const pending =
    useIsMutating({ mutationKey: programmeKeys.mutation('create-level') }) +
      useIsMutating({ mutationKey: programmeKeys.mutation('update-level') }) >
    0;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={
        level
          ? t('programmes.levelForm.editTitle', { name: level.name })
          : t('programmes.levelForm.addTitle', { programme: programme?.name ?? '' })
      }
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <FormFooter
          formId={formId}
          cancelLabel={t('ui.cancel')}
          onCancel={onClose}
          pending={pending}
          label={level ? t('programmes.levelForm.save') : t('programmes.levelForm.add')}
          pendingLabel={t('programmes.saving')}
        />
      }
    >
      {programme ? (
        <LevelForm
          formId={formId}
          programme={programme}
          level={level}
          nameRef={nameRef}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function LevelForm({
  formId,
  programme,
  level,
  nameRef,
  onDone,
}: {
  formId: string;
  programme: Programme;
  level: Level | null;
  nameRef: RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateLevel();
  const update = useUpdateLevel();
  const form = useSchemaForm(levelFormSchema, {
    defaultValues: initialValues(level, language),
    messages: missingMessages,
    codes: { LEVEL_NAME_TAKEN: 'name' },
  });
  const values = form.watch();
  const modeErrorId = useId();
  // The messages by field path (`schedule.1.amount`), as the schedule editor shows them.
  const errors: FieldErrors = Object.fromEntries(
    levelErrorPaths(values).flatMap((path) => {
      const message = fieldError(form, path as never);
      return message ? [[path, message]] : [];
    }),
  );

  function edited(path: string) {
    if (path.endsWith('.*')) form.clearErrors('schedule');
    else form.clearErrors(path as never);
  }

  function change<Field extends keyof LevelValues>(field: Field, value: LevelValues[Field]) {
    form.setValue(field, value as never);
    edited(field);
  }

  function chooseMode(mode: FeeMode) {
    form.setValue('feeMode', mode);
    // An empty schedule gets its first row at once.
    if (mode === 'schedule' && form.getValues('schedule').length === 0) {
      form.setValue('schedule', [emptyRow()]);
    }
    edited('feeMode');
  }

  const send = form.submitWith(async (request) => {
    if (level) await update.mutateAsync({ levelId: level.id, level: request });
    else await create.mutateAsync({ programmeId: programme.id, level: request });
    onDone();
    const name = request.name;
    notify.success(
      level
        ? t('programmes.levelForm.saved', { name })
        : t('programmes.levelForm.added', { name, programme: programme.name }),
    );
  }, t('ui.genericError'));

  // After a refused submit, once its messages are drawn: the first refused control in the
  // form's order (an input, or a refused group's first control).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        '[aria-invalid="true"], fieldset[data-invalid] input, fieldset[data-invalid] button',
      )
      ?.focus();
  }, [refusals]);

  async function submit(event: BaseSyntheticEvent) {
    await send(event);
    setRefusals((count) => count + 1);
  }

  return (
    <form
      ref={formRef}
      id={formId}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
    >
      <FormError form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          ref={nameRef}
          label={t('programmes.levelForm.name')}
          name="name"
          autoComplete="off"
          placeholder={t('programmes.levelForm.namePlaceholder')}
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
          error={errors.name}
        />
        <NumberField
          label={t('programmes.registration', { label: REGISTRATION_FEE_LABEL })}
          hint={t('programmes.levelForm.registrationHint')}
          name="registrationFee"
          unit="FCFA"
          tidy
          value={values.registrationFee}
          onValueChange={(text) => change('registrationFee', text)}
          error={errors.registrationFee}
        />
      </div>
      <fieldset aria-describedby={errors.feeMode ? modeErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          {t('programmes.levelForm.feeMode')}
        </legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <RadioOption
            name="feeMode"
            value="monthly"
            checked={values.feeMode === 'monthly'}
            onChange={() => chooseMode('monthly')}
            label={t('programmes.feeModes.monthly')}
            description={t('programmes.levelForm.monthlyHint')}
          />
          <RadioOption
            name="feeMode"
            value="schedule"
            checked={values.feeMode === 'schedule'}
            onChange={() => chooseMode('schedule')}
            label={t('programmes.feeModes.schedule')}
            description={t('programmes.levelForm.scheduleHint')}
          />
        </div>
        <GroupError id={modeErrorId}>{errors.feeMode}</GroupError>
      </fieldset>
      {values.feeMode === 'monthly' ? (
        <>
          <NumberField
            wrapperClassName="sm:max-w-xs"
            label={t('programmes.levelForm.monthlyFee')}
            name="monthlyFee"
            unit="FCFA"
            tidy
            value={values.monthlyFee}
            onValueChange={(text) => change('monthlyFee', text)}
            error={errors.monthlyFee}
          />
          <BilledMonthsField
            months={values.billedMonths}
            error={errors.billedMonths}
            onChange={(months) => change('billedMonths', months)}
          />
        </>
      ) : (
        <FeeScheduleEditor
          rows={values.schedule}
          errors={errors}
          onChange={(rows) => form.setValue('schedule', rows)}
          onFieldEdited={edited}
        />
      )}
      <LevelTotal values={values} />
    </form>
  );
}
