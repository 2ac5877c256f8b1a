import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { createAcademicYearRequestSchema } from '@ecolage/contracts';
import type { AcademicYear } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { FormError, FormField, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { FormFooter } from './form-parts';
import { useCreateAcademicYear } from './programmes.api';

/**
 * « Nouvelle année scolaire »: a label (2026-2027), its first and last days, and whether it
 * becomes the current year (the one enrolments and invoices go to). The first year of a school
 * is offered as current. A label the school already has comes back as YEAR_LABEL_TAKEN.
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
  const labelRef = useRef<HTMLInputElement>(null);
  const create = useCreateAcademicYear();
  const form = useSchemaForm(createAcademicYearRequestSchema, {
    defaultValues: {
      label: '',
      startsOn: '',
      endsOn: '',
      current: !years.some((year) => year.current),
    },
    codes: { YEAR_LABEL_TAKEN: 'label' },
  });
  const startsOn = form.watch('startsOn');
  const current = form.watch('current') ?? false;

  const submit = form.submitWith(async (year) => {
    await create.mutateAsync(year);
    onClose();
    notify.success(
      year.current
        ? t('programmes.years.createdCurrent', { label: year.label })
        : t('programmes.years.created', { label: year.label }),
    );
  }, t('ui.genericError'));

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
          pending={create.isPending || form.formState.isSubmitting}
          label={t('programmes.years.create')}
          pendingLabel={t('programmes.saving')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <FormField
          form={form}
          ref={labelRef}
          label={t('programmes.years.label')}
          hint={t('programmes.years.labelHint')}
          name="label"
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            type="date"
            label={t('programmes.years.startsOn')}
            name="startsOn"
          />
          <FormField
            form={form}
            type="date"
            label={t('programmes.years.endsOn')}
            name="endsOn"
            min={startsOn || undefined}
          />
        </div>
        <Checkbox
          name="current"
          label={t('programmes.years.makeCurrent')}
          description={t('programmes.years.makeCurrentHint')}
          checked={current}
          onChange={(event) => form.setValue('current', event.target.checked)}
        />
      </form>
    </Dialog>
  );
}
