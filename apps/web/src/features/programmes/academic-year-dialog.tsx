import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createAcademicYearRequestSchema, ProgrammeMessages } from '@ecolage/contracts';
import type { AcademicYear } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { errorsOf, serverFieldErrors, showErrors, without } from './form-errors';
import type { FieldErrors } from './form-errors';
import { FormFooter } from './form-parts';
import { useCreateAcademicYear } from './programmes.api';

const YEAR_FIELDS = ['label', 'startsOn', 'endsOn', 'current'];

/**
 * « Nouvelle année scolaire »: a label (2026-2027), its first and last days, and whether it
 * becomes the current year (the one enrolments and invoices go to). The first year of a school
 * is offered as current.
 */
export function AcademicYearDialog({
  open,
  years,
  onClose,
}: {
  open: boolean;
  years: readonly AcademicYear[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const labelRef = useRef<HTMLInputElement>(null);
  const create = useCreateAcademicYear();
  const [values, setValues] = useState({
    label: '',
    startsOn: '',
    endsOn: '',
    current: !years.some((year) => year.current),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function change(field: 'label' | 'startsOn' | 'endsOn', value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => without(current, field));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createAcademicYearRequestSchema.safeParse(values);
    if (showErrors(formRef.current, setErrors, parsed.success ? {} : errorsOf(parsed.error.issues)))
      return;
    if (!parsed.success) return;
    setFormError(null);
    try {
      await create.mutateAsync(parsed.data);
    } catch (error) {
      const fields = serverFieldErrors(error, (path) => YEAR_FIELDS.includes(path), {
        label: ProgrammeMessages.yearLabelTaken,
      });
      if (!showErrors(formRef.current, setErrors, fields)) {
        setFormError(errorMessage(error, t, t('ui.genericError')));
      }
      return;
    }
    onClose();
    notify.success(
      parsed.data.current
        ? t('programmes.years.createdCurrent', { label: parsed.data.label })
        : t('programmes.years.created', { label: parsed.data.label }),
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('programmes.years.new')}
      closeLabel={t('common.close')}
      initialFocus={labelRef}
      footer={
        <FormFooter
          formId={formId}
          cancelLabel={t('ui.cancel')}
          onCancel={onClose}
          pending={create.isPending}
          label={t('programmes.years.create')}
          pendingLabel={t('programmes.saving')}
        />
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <InputField
          ref={labelRef}
          label={t('programmes.years.label')}
          hint={t('programmes.years.labelHint')}
          name="label"
          autoComplete="off"
          value={values.label}
          onChange={(event) => change('label', event.target.value)}
          error={errors.label}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            type="date"
            label={t('programmes.years.startsOn')}
            name="startsOn"
            value={values.startsOn}
            onChange={(event) => change('startsOn', event.target.value)}
            error={errors.startsOn}
          />
          <InputField
            type="date"
            label={t('programmes.years.endsOn')}
            name="endsOn"
            min={values.startsOn || undefined}
            value={values.endsOn}
            onChange={(event) => change('endsOn', event.target.value)}
            error={errors.endsOn}
          />
        </div>
        <Checkbox
          name="current"
          label={t('programmes.years.makeCurrent')}
          description={t('programmes.years.makeCurrentHint')}
          checked={values.current}
          onChange={(event) =>
            setValues((current) => ({ ...current, current: event.target.checked }))
          }
        />
      </form>
    </Dialog>
  );
}
