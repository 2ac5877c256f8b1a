import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { enrolRequestSchema } from '@ecolage/contracts';
import type { StudentDetail } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { ListState } from '../../components/ui/list-state';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useAcademicYears, useProgrammeOptions } from './student-detail.api';
import { useEnrol } from './student-mutations.api';
import { check, focusFirstError, serverFieldErrors, withoutError } from './student-forms';
import type { FormErrors } from './student-forms';
import { formatMoney } from '../../lib/amounts';
import { FormFooter } from './student-ui';

const FIELDS = ['academicYearId', 'programmeId', 'levelId'];

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
  const formRef = useRef<HTMLFormElement>(null);
  const yearRef = useRef<HTMLSelectElement>(null);
  const years = useAcademicYears();
  const programmes = useProgrammeOptions();
  const enrol = useEnrol(student.id);
  const [chosenYearId, setYearId] = useState<string | null>(null);
  const [chosenProgrammeId, setProgrammeId] = useState<string | null>(null);
  const [levelId, setLevelId] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // Programmes one may enrol in: not archived, with at least one active level.
  const choices = (programmes.data ?? [])
    .filter((programme) => !programme.archived)
    .map((programme) => ({
      ...programme,
      levels: programme.levels.filter((level) => !level.archived),
    }))
    .filter((programme) => programme.levels.length > 0);
  // Until the reader picks, the current year and the student's own programme are chosen.
  const yearId =
    chosenYearId ?? (years.data?.find((year) => year.current) ?? years.data?.[0])?.id ?? '';
  const programmeId =
    chosenProgrammeId ??
    choices.find((programme) => programme.id === student.programme?.id)?.id ??
    (choices.length === 1 ? (choices[0]?.id ?? '') : '');
  const levels = choices.find((programme) => programme.id === programmeId)?.levels ?? [];
  const level = levels.find((candidate) => candidate.id === levelId);

  const ready = Boolean(years.data?.length) && choices.length > 0;
  // The dialog opens while the choices load: the first field gets the focus once it is there.
  useEffect(() => {
    if (ready) yearRef.current?.focus();
  }, [ready]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (enrol.isPending) return;
    const found: FormErrors = {};
    if (!yearId) found.academicYearId = t('studentDetail.enrolForm.yearRequired');
    if (!level) found.levelId = t('studentDetail.enrolForm.levelRequired');
    const checked = check(enrolRequestSchema, { levelId: level?.id, academicYearId: yearId });
    if (!checked.data || Object.keys(found).length > 0) {
      const all = { ...(checked.errors ?? {}), ...found };
      setErrors(all);
      focusFirstError(formRef.current, all);
      return;
    }
    setFormError(null);
    let answer;
    try {
      answer = await enrol.mutateAsync(checked.data);
    } catch (error) {
      const onFields = serverFieldErrors(error, (path) => FIELDS.includes(path));
      if (onFields) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(error, t, t('studentDetail.enrolForm.failure')));
      }
      return;
    }
    onClose();
    notify.success(
      answer.created
        ? t('studentDetail.enrolForm.enrolled', { count: answer.invoicesIssued })
        : t('studentDetail.enrolForm.already'),
    );
  }

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
        <FormAlert>{formError}</FormAlert>
        <SelectField
          ref={yearRef}
          name="academicYearId"
          label={t('studentDetail.enrolForm.year')}
          placeholder={yearId ? undefined : t('studentDetail.enrolForm.yearPlaceholder')}
          options={years.data.map((year) => ({
            value: year.id,
            label: year.current
              ? t('studentDetail.enrolForm.current', { label: year.label })
              : year.label,
          }))}
          value={yearId}
          onChange={(event) => {
            setYearId(event.target.value);
            setErrors((current) => withoutError(current, 'academicYearId'));
          }}
          error={errors.academicYearId}
        />
        <SelectField
          name="programmeId"
          label={t('studentDetail.enrolForm.programme')}
          placeholder={t('studentDetail.enrolForm.programmePlaceholder')}
          options={choices.map((programme) => ({ value: programme.id, label: programme.name }))}
          value={programmeId}
          onChange={(event) => {
            setProgrammeId(event.target.value);
            setLevelId('');
          }}
          error={errors.programmeId}
        />
        <SelectField
          name="levelId"
          label={t('studentDetail.enrolForm.level')}
          placeholder={t('studentDetail.enrolForm.levelPlaceholder')}
          options={levels.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          value={level ? level.id : ''}
          disabled={levels.length === 0}
          onChange={(event) => {
            setLevelId(event.target.value);
            setErrors((current) => withoutError(current, 'levelId'));
          }}
          hint={
            level
              ? t('studentDetail.enrolForm.yearTotal', {
                  amount: formatMoney(level.yearTotal, locale),
                })
              : undefined
          }
          error={errors.levelId}
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
            pending={enrol.isPending}
            label={t('studentDetail.enrolForm.submit')}
            pendingLabel={t('studentDetail.enrolForm.submitting')}
          />
        ) : undefined
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        {body}
      </form>
    </Dialog>
  );
}
