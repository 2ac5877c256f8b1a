import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { enrolRequestSchema } from '@ecolage/contracts';
import type { StudentDetail } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { FormError, fieldError, useSchemaForm } from '../../components/ui/form';
import { FormAlert } from '../../components/ui/form-alert';
import { ListState } from '../../components/ui/list-state';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { formatMoney } from '../../lib/amounts';
import { readFormSchema } from '../payments/payment-form-schema';
import { useAcademicYears, useProgrammeOptions } from './student-detail.api';
import { useEnrol } from './student-mutations.api';
import { FormFooter } from './student-ui';

interface EnrolValues {
  academicYearId: string;
  programmeId: string;
  levelId: string;
}

/** The year and the level chosen (the programme only narrows the levels). */
const enrolFormSchema = readFormSchema<
  EnrolValues,
  { levelId: string; academicYearId?: string | undefined }
>(enrolRequestSchema, { read: ({ levelId, academicYearId }) => ({ levelId, academicYearId }) });

/**
 * « Inscrire »: a school year (the current one first), a programme and one of its active levels
 * (with what the year costs), then `POST /api/students/:id/enrolments`. The answer says how
 * many invoices were issued, or that the student was already enrolled there (nothing billed).
 */
export function EnrolmentDialog({
  student,
  onClose,
}: {
  student: StudentDetail;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const formId = useId();
  const yearRef = useRef<HTMLSelectElement>(null);
  const years = useAcademicYears();
  const programmes = useProgrammeOptions();
  const enrol = useEnrol(student.id);
  const form = useSchemaForm(enrolFormSchema, {
    defaultValues: { academicYearId: '', programmeId: '', levelId: '' },
    messages: (translate) => {
      const year = translate('studentDetail.enrolForm.yearRequired');
      const level = translate('studentDetail.enrolForm.levelRequired');
      return {
        academicYearId: { required: year, invalid: year, invalidFormat: year },
        levelId: { required: level, invalid: level, invalidFormat: level },
      };
    },
  });
  const values = form.watch();

  // Programmes one may enrol in: not archived, with at least one active level.
  const choices = (programmes.data ?? [])
    .filter((programme) => !programme.archived)
    .map((programme) => ({
      ...programme,
      levels: programme.levels.filter((level) => !level.archived),
    }))
    .filter((programme) => programme.levels.length > 0);
  // Until the reader picks, the current year and the student's own programme are chosen.
  const defaultYearId = (years.data?.find((year) => year.current) ?? years.data?.[0])?.id ?? '';
  const defaultProgrammeId =
    choices.find((programme) => programme.id === student.programme?.id)?.id ??
    (choices.length === 1 ? (choices[0]?.id ?? '') : '');
  useEffect(() => {
    if (!form.getValues('academicYearId')) form.setValue('academicYearId', defaultYearId);
  }, [form, defaultYearId]);
  useEffect(() => {
    if (!form.getValues('programmeId')) form.setValue('programmeId', defaultProgrammeId);
  }, [form, defaultProgrammeId]);
  const yearId = values.academicYearId || defaultYearId;
  const programmeId = values.programmeId || defaultProgrammeId;
  const levels = choices.find((programme) => programme.id === programmeId)?.levels ?? [];
  const level = levels.find((candidate) => candidate.id === values.levelId);

  const ready = Boolean(years.data?.length) && choices.length > 0;
  // The dialog opens while the choices load: the first field gets the focus once it is there.
  useEffect(() => {
    if (ready) yearRef.current?.focus();
  }, [ready]);

  const submit = form.submitWith(async (enrolment) => {
    const answer = await enrol.mutateAsync(enrolment);
    onClose();
    notify.success(
      answer.created
        ? t('studentDetail.enrolForm.enrolled', { count: answer.invoicesIssued })
        : t('studentDetail.enrolForm.already'),
    );
  }, t('studentDetail.enrolForm.failure'));
  const yearField = form.register('academicYearId');
  const programmeField = form.register('programmeId', {
    onChange: () => form.setValue('levelId', ''),
  });

  let body;
  if (years.isPending || programmes.isPending) {
    body = <ListState tone="loading" title={t('common.loading')} />;
  } else if (years.isError || programmes.isError) {
    body = (
      <FormAlert>
        {errorMessage(years.error ?? programmes.error, t, t('studentDetail.enrolForm.loadError'))}
      </FormAlert>
    );
  } else if (years.data.length === 0) {
    body = <FormAlert>{t('studentDetail.enrolForm.noYear')}</FormAlert>;
  } else if (choices.length === 0) {
    body = <FormAlert>{t('studentDetail.enrolForm.noProgramme')}</FormAlert>;
  } else {
    body = (
      <>
        <FormError form={form} />
        <SelectField
          {...yearField}
          ref={(element) => {
            yearField.ref(element);
            yearRef.current = element;
          }}
          value={values.academicYearId}
          label={t('studentDetail.enrolForm.year')}
          placeholder={yearId ? undefined : t('studentDetail.enrolForm.yearPlaceholder')}
          options={years.data.map((year) => ({
            value: year.id,
            label: year.current
              ? t('studentDetail.enrolForm.current', { label: year.label })
              : year.label,
          }))}
          error={fieldError(form, 'academicYearId')}
        />
        <SelectField
          {...programmeField}
          value={values.programmeId}
          label={t('studentDetail.enrolForm.programme')}
          placeholder={t('studentDetail.enrolForm.programmePlaceholder')}
          options={choices.map((programme) => ({ value: programme.id, label: programme.name }))}
          error={fieldError(form, 'programmeId')}
        />
        <SelectField
          {...form.register('levelId')}
          value={values.levelId}
          label={t('studentDetail.enrolForm.level')}
          placeholder={t('studentDetail.enrolForm.levelPlaceholder')}
          options={levels.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          disabled={levels.length === 0}
          hint={
            level
              ? t('studentDetail.enrolForm.yearTotal', {
                  amount: formatMoney(level.yearTotal, locale),
                })
              : undefined
          }
          error={fieldError(form, 'levelId')}
        />
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('studentDetail.enrolForm.title', { name: student.fullName })}
      closeLabel={t('common.close')}
      initialFocus={yearRef}
      footer={
        ready ? (
          <FormFooter
            formId={formId}
            onCancel={onClose}
            pending={enrol.isPending || form.formState.isSubmitting}
            label={t('studentDetail.enrolForm.submit')}
            pendingLabel={t('studentDetail.enrolForm.submitting')}
          />
        ) : undefined
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {body}
      </form>
    </Dialog>
  );
}
