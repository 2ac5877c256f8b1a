import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { scholarshipRequestSchema } from '@ecolage/contracts';
import type { ScholarshipRequest, StudentDetail } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormError, FormField, fieldError, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { readAmount } from '../../lib/amounts';
import { readFormSchema } from '../payments/payment-form-schema';
import { useAcademicYears } from './student-detail.api';
import { useCreateScholarship } from './student-mutations.api';
import { FormFooter, RadioChoice } from './student-ui';

type Kind = 'percent' | 'fixed';

interface ScholarshipValues {
  studentId: string;
  name: string;
  kind: Kind;
  /** As typed: « 50 % », « 150 000 ». */
  value: string;
  reason: string;
  /** null: the current year. */
  academicYearId: string | null;
  currentYearId: string | null;
}

/** The year chosen, else the current one. */
const yearOf = (values: ScholarshipValues) => values.academicYearId ?? values.currentYearId ?? '';

/** The value typed read as a number (a percentage's « % » dropped). */
const scholarshipFormSchema = readFormSchema<ScholarshipValues, ScholarshipRequest>(
  scholarshipRequestSchema,
  {
    read: (values) => {
      const yearId = yearOf(values);
      return {
        studentId: values.studentId,
        ...(yearId ? { academicYearId: yearId } : {}),
        name: values.name,
        kind: values.kind,
        value: readAmount(
          values.kind === 'percent' ? values.value.replace(/\s*%\s*$/, '') : values.value,
        ),
        reason: values.reason,
      };
    },
  },
);

/**
 * « Nouvelle bourse » (issue:invoices): a name, a percentage or a fixed amount, the reason and
 * the school year (the current one by default). Creating is recommending: another member
 * holding grant:scholarships grants or refuses it. `POST /api/scholarships`.
 */
export function ScholarshipDialog({
  student,
  onClose,
}: {
  student: StudentDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const years = useAcademicYears();
  const create = useCreateScholarship();
  const currentYearId = years.data?.find((year) => year.current)?.id ?? null;
  const form = useSchemaForm(scholarshipFormSchema, {
    defaultValues: {
      studentId: student.id,
      name: '',
      kind: 'percent',
      value: '',
      reason: '',
      academicYearId: null,
      currentYearId,
    },
  });
  useEffect(() => form.setValue('currentYearId', currentYearId), [form, currentYearId]);
  // Registered in the page's order: the first field refused is the first focused.
  form.register('name');
  form.register('value');
  const values = form.watch();
  const yearId = yearOf({ ...values, currentYearId });

  const submit = form.submitWith(async (scholarship) => {
    await create.mutateAsync(scholarship);
    onClose();
    notify.success(t('studentDetail.scholarshipForm.recommended', { name: scholarship.name }));
  }, t('studentDetail.scholarshipForm.failure'));

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('studentDetail.scholarshipForm.title')}
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={create.isPending || form.formState.isSubmitting}
          label={t('studentDetail.scholarshipForm.submit')}
          pendingLabel={t('studentDetail.scholarshipForm.submitting')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <FormField
          form={form}
          ref={nameRef}
          name="name"
          label={t('studentDetail.scholarshipForm.name')}
          placeholder={t('studentDetail.scholarshipForm.namePlaceholder')}
          maxLength={80}
          autoComplete="off"
        />
        <RadioChoice<Kind>
          legend={t('studentDetail.scholarshipForm.kind')}
          name="kind"
          value={values.kind}
          options={[
            { value: 'percent', label: t('studentDetail.scholarshipForm.percent') },
            { value: 'fixed', label: t('studentDetail.scholarshipForm.fixed') },
          ]}
          onChange={(next) => {
            form.setValue('kind', next);
            form.clearErrors('value');
          }}
          error={fieldError(form, 'kind')}
        />
        <FormField
          form={form}
          name="value"
          label={
            values.kind === 'percent'
              ? t('studentDetail.scholarshipForm.valuePercent')
              : t('studentDetail.scholarshipForm.valueFixed')
          }
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
        />
        <TextareaField
          {...form.register('reason')}
          label={t('studentDetail.scholarshipForm.reason')}
          rows={3}
          maxLength={500}
          error={fieldError(form, 'reason')}
        />
        {years.data && years.data.length > 0 ? (
          <SelectField
            name="academicYearId"
            label={t('studentDetail.scholarshipForm.year')}
            options={years.data.map((year) => ({
              value: year.id,
              label: year.current
                ? t('studentDetail.scholarshipForm.current', { label: year.label })
                : year.label,
            }))}
            placeholder={yearId ? undefined : ''}
            value={yearId}
            onChange={(event) => {
              form.setValue('academicYearId', event.target.value);
              form.clearErrors('academicYearId');
            }}
            error={fieldError(form, 'academicYearId')}
          />
        ) : null}
      </form>
    </Dialog>
  );
}
