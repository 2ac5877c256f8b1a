import { useId, useRef, useState } from 'react';
import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMutating } from '@tanstack/react-query';
import { REGISTRATION_FEE_LABEL } from '@ecolage/contracts';
import type { FeeMode, Level, Programme } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { BilledMonthsField } from './billed-months-field';
import { FeeScheduleEditor } from './fee-schedule-editor';
import { serverFieldErrors, showErrors, without } from './form-errors';
import type { FieldErrors } from './form-errors';
import { FormFooter, GroupError, NumberField, RadioOption } from './form-parts';
import { checkLevel, emptyRow, initialValues, isLevelField } from './level-form';
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
  const [values, setValues] = useState<LevelValues>(() => initialValues(level, language));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const modeErrorId = useId();

  function edited(path: string) {
    if (path.endsWith('.*')) {
      const prefix = path.slice(0, -1);
      setErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(prefix))),
      );
    }
    setErrors((current) => without(current, path));
  }

  function change<Field extends keyof LevelValues>(field: Field, value: LevelValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    edited(field);
  }

  function chooseMode(mode: FeeMode) {
    setValues((current) => ({
      ...current,
      feeMode: mode,
      // An empty schedule gets its first row at once.
      schedule:
        mode === 'schedule' && current.schedule.length === 0 ? [emptyRow()] : current.schedule,
    }));
    edited('feeMode');
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || update.isPending) return;
    const checked = checkLevel(values, {
      registrationFee: t('programmes.levelForm.registrationRequired'),
      monthlyFee: t('programmes.levelForm.monthlyRequired'),
      amount: t('programmes.schedule.amountRequired'),
      dueDay: t('programmes.schedule.dueDayRequired'),
      dueMonth: t('programmes.schedule.dueMonthRequired'),
    });
    if (showErrors(formRef.current, setErrors, checked.errors ?? {}) || !checked.request) return;
    setFormError(null);
    try {
      if (level) await update.mutateAsync({ levelId: level.id, level: checked.request });
      else await create.mutateAsync({ programmeId: programme.id, level: checked.request });
    } catch (error) {
      const fields = serverFieldErrors(error, isLevelField, {
        t,
        codes: { name: 'LEVEL_NAME_TAKEN' },
      });
      if (!showErrors(formRef.current, setErrors, fields)) {
        setFormError(errorMessage(error, t, t('ui.genericError')));
      }
      return;
    }
    onDone();
    const name = checked.request.name;
    notify.success(
      level
        ? t('programmes.levelForm.saved', { name })
        : t('programmes.levelForm.added', { name, programme: programme.name }),
    );
  }

  return (
    <form
      ref={formRef}
      id={formId}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-5"
    >
      <FormAlert>{formError}</FormAlert>
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
          onChange={(rows) => setValues((current) => ({ ...current, schedule: rows }))}
          onFieldEdited={edited}
        />
      )}
      <LevelTotal values={values} />
    </form>
  );
}
