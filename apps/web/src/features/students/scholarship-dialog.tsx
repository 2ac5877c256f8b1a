import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { scholarshipRequestSchema } from '@ecolage/contracts';
import type { StudentDetail } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { InputField, TextareaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useAcademicYears } from './student-detail.api';
import { useCreateScholarship } from './student-mutations.api';
import { readAmount } from '../../lib/amounts';
import { check, focusFirstError, serverFieldErrors, withoutError } from './student-forms';
import type { FormErrors } from './student-forms';
import { FormFooter, RadioChoice } from './student-ui';

type Kind = 'percent' | 'fixed';
type Status = 'granted' | 'recommended';

const FIELDS = ['name', 'kind', 'value', 'reason', 'academicYearId', 'status'];

/**
 * « Nouvelle bourse » (issue:invoices): a name, a percentage or a fixed amount, the reason and
 * the school year (the current one by default); granted at once or only recommended, for
 * someone else to decide. `POST /api/scholarships`.
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
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const years = useAcademicYears();
  const create = useCreateScholarship();
  const [values, setValues] = useState({ name: '', value: '', reason: '' });
  const [kind, setKind] = useState<Kind>('percent');
  const [status, setStatus] = useState<Status>('recommended');
  const [chosenYearId, setYearId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const yearId = chosenYearId ?? years.data?.find((year) => year.current)?.id ?? '';

  function change(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const value = readAmount(
      kind === 'percent' ? values.value.replace(/\s*%\s*$/, '') : values.value,
    );
    const checked = check(scholarshipRequestSchema, {
      studentId: student.id,
      ...(yearId ? { academicYearId: yearId } : {}),
      name: values.name,
      kind,
      value,
      reason: values.reason,
      status,
    });
    if (checked.errors) {
      setErrors(checked.errors);
      focusFirstError(formRef.current, checked.errors);
      return;
    }
    setFormError(null);
    try {
      await create.mutateAsync(checked.data);
    } catch (error) {
      const onFields = serverFieldErrors(error, (path) => FIELDS.includes(path));
      if (onFields) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(error, t, t('studentDetail.scholarshipForm.failure')));
      }
      return;
    }
    onClose();
    notify.success(
      t(
        status === 'granted'
          ? 'studentDetail.scholarshipForm.granted'
          : 'studentDetail.scholarshipForm.recommended',
        {
          name: checked.data.name,
        },
      ),
    );
  }

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
          pending={create.isPending}
          label={t('studentDetail.scholarshipForm.submit')}
          pendingLabel={t('studentDetail.scholarshipForm.submitting')}
        />
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <InputField
          ref={nameRef}
          name="name"
          label={t('studentDetail.scholarshipForm.name')}
          placeholder={t('studentDetail.scholarshipForm.namePlaceholder')}
          maxLength={80}
          autoComplete="off"
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
          error={errors.name}
        />
        <RadioChoice<Kind>
          legend={t('studentDetail.scholarshipForm.kind')}
          name="kind"
          value={kind}
          options={[
            { value: 'percent', label: t('studentDetail.scholarshipForm.percent') },
            { value: 'fixed', label: t('studentDetail.scholarshipForm.fixed') },
          ]}
          onChange={(next) => {
            setKind(next);
            setErrors((current) => withoutError(current, 'value'));
          }}
          error={errors.kind}
        />
        <InputField
          name="value"
          label={
            kind === 'percent'
              ? t('studentDetail.scholarshipForm.valuePercent')
              : t('studentDetail.scholarshipForm.valueFixed')
          }
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={values.value}
          onChange={(event) => change('value', event.target.value)}
          error={errors.value}
        />
        <TextareaField
          name="reason"
          label={t('studentDetail.scholarshipForm.reason')}
          rows={3}
          maxLength={500}
          value={values.reason}
          onChange={(event) => change('reason', event.target.value)}
          error={errors.reason}
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
              setYearId(event.target.value);
              setErrors((current) => withoutError(current, 'academicYearId'));
            }}
            error={errors.academicYearId}
          />
        ) : null}
        <RadioChoice<Status>
          legend={t('studentDetail.scholarshipForm.decision')}
          name="status"
          value={status}
          options={[
            { value: 'recommended', label: t('studentDetail.scholarshipForm.recommend') },
            { value: 'granted', label: t('studentDetail.scholarshipForm.grantNow') },
          ]}
          onChange={setStatus}
          error={errors.status}
        />
      </form>
    </Dialog>
  );
}
