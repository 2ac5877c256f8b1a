import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scholarshipRequestSchema } from '@ecolage/contracts';
import type { ScholarshipRequest, StudentItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormError, FormField, fieldError, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { cashDesk } from '../../i18n/fr/cash-desk';
import { readAmount } from '../../lib/amounts';
import { StudentPicker, studentLine } from '../cash-desk/student-picker';
import { readFormSchema } from '../payments/payment-form-schema';
import { FormFooter, RadioChoice } from '../students/student-ui';
import { useRecommendScholarship } from './scholarships.api';

// The student picker's words.
addFrenchStrings(cashDesk);

type Kind = 'percent' | 'fixed';

interface ScholarshipValues {
  studentId: string;
  name: string;
  kind: Kind;
  /** As typed: « 25 », « 150 000 ». */
  value: string;
  reason: string;
}

const scholarshipFormSchema = readFormSchema<ScholarshipValues, ScholarshipRequest>(
  scholarshipRequestSchema,
  {
    read: (values) => ({
      studentId: values.studentId,
      name: values.name,
      kind: values.kind,
      value: readAmount(
        values.kind === 'percent' ? values.value.replace(/\s*%\s*$/, '') : values.value,
      ),
      reason: values.reason,
    }),
  },
);

/**
 * « Nouvelle Bourse » (issue:invoices): the student found by name or matricule (the cash desk's
 * picker), the scholarship's name, a percentage or a fixed amount, the reason. Creating is
 * recommending, for the school's current year: another member holding grant:scholarships
 * decides. `POST /api/scholarships`.
 */
export function ScholarshipNewDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const recommend = useRecommendScholarship();
  const [student, setStudent] = useState<StudentItem | null>(null);
  const form = useSchemaForm(scholarshipFormSchema, {
    defaultValues: {
      studentId: '',
      name: '',
      kind: 'percent' as Kind,
      value: '',
      reason: '',
    },
    messages: (translate) => ({
      studentId: { required: translate('scholarshipsTab.form.studentRequired') },
    }),
  });
  const kind = form.watch('kind');

  const submit = form.submitWith(async (request) => {
    const saved = await recommend.mutateAsync(request);
    notify.success(
      t('scholarshipsTab.form.recommended', { name: saved.name, student: saved.student.fullName }),
    );
    onClose();
  }, t('scholarshipsTab.form.failure'));

  function choose(next: StudentItem | null) {
    setStudent(next);
    form.setValue('studentId', next?.id ?? '');
    form.clearErrors('studentId');
    if (next) requestAnimationFrame(() => nameRef.current?.focus());
  }

  const studentError = fieldError(form, 'studentId');
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('scholarshipsTab.form.title')}
      description={t('scholarshipsTab.form.note')}
      closeLabel={t('common.close')}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={recommend.isPending || form.formState.isSubmitting}
          label={t('scholarshipsTab.form.submit')}
          pendingLabel={t('scholarshipsTab.form.submitting')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-800">
            {t('scholarshipsTab.form.student')}
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          </legend>
          {student ? (
            <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{student.fullName}</span>
                <span className="block text-sm text-slate-700">{studentLine(student)}</span>
              </span>
              <Button variant="secondary" size="sm" onClick={() => choose(null)}>
                {t('scholarshipsTab.form.change')}
              </Button>
            </div>
          ) : (
            <StudentPicker onChoose={choose} autoFocus />
          )}
          {studentError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {studentError}
            </p>
          ) : null}
        </fieldset>
        <FormField
          form={form}
          ref={nameRef}
          name="name"
          required
          label={t('scholarshipsTab.form.name')}
          placeholder={t('scholarshipsTab.form.namePlaceholder')}
          maxLength={80}
          autoComplete="off"
        />
        <RadioChoice<Kind>
          legend={t('scholarshipsTab.form.kind')}
          name="kind"
          value={kind}
          options={[
            { value: 'percent', label: t('scholarshipsTab.form.percent') },
            { value: 'fixed', label: t('scholarshipsTab.form.fixed') },
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
          required
          label={t(
            kind === 'percent'
              ? 'scholarshipsTab.form.valuePercent'
              : 'scholarshipsTab.form.valueFixed',
          )}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
        />
        <TextareaField
          {...form.register('reason')}
          label={t('scholarshipsTab.form.reason')}
          rows={3}
          maxLength={500}
          aria-required
          error={fieldError(form, 'reason')}
        />
      </form>
    </Dialog>
  );
}
