import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatPhone,
  newStudentEnrolmentSchema,
  studentRequestSchema,
  studentStatusValues,
} from '@ecolage/contracts';
import type { StudentDetail, StudentItem, StudentStatus } from '@ecolage/contracts';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmailField, InputField, TextareaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { focusField } from '../auth/validation';
import { useAcademicYears, useProgrammeOptions, useSaveStudent } from './students.api';

const FIELDS = [
  'fullName',
  'phone',
  'email',
  'programmeId',
  'levelId',
  'academicYearId',
  'status',
  'statusReason',
] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

interface Values {
  fullName: string;
  phone: string;
  email: string;
  programmeId: string;
  /** A new student's level and school year: with a programme, the student is enrolled at once. */
  levelId: string;
  academicYearId: string;
  status: StudentStatus;
  statusReason: string;
}

export interface StudentDialogProps {
  open: boolean;
  onClose: () => void;
  /** The student to edit (« Modifier »); absent to add one (« Nouvel Étudiant »). */
  student?: StudentItem | StudentDetail;
}

/**
 * The form's values, checked with the contracts' schema: the body to send, or the errors. A new
 * student with a programme needs a level of it: created and enrolled (with the invoices) at once.
 */
export function checkStudent(values: Values, original: StudentDialogProps['student']) {
  const statusChanged = original !== undefined && values.status !== original.status;
  const student = {
    fullName: values.fullName,
    phone: values.phone,
    email: values.email,
    programmeId: values.programmeId || null,
    status: values.status,
    statusReason: statusChanged && values.statusReason.trim() ? values.statusReason : undefined,
  };
  const result =
    original === undefined && values.programmeId
      ? newStudentEnrolmentSchema.safeParse({
          ...student,
          levelId: values.levelId,
          academicYearId: values.academicYearId || undefined,
        })
      : studentRequestSchema.safeParse(student);
  if (result.success) return { body: result.data, errors: {} as Errors };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = FIELDS.find((candidate) => candidate === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { body: null, errors };
}

/**
 * « Ajouter un nouvel étudiant » / « Modifier … »: Nom complet, Téléphone, Email, Programme and
 * Statut, checked in the browser with the contracts' rules, then POST or PATCH. The server's
 * refusals on a field are shown under it. Changing the status of a student asks for a reason
 * (optional), kept in the status history. Each opening starts from a fresh form.
 */
export function StudentDialog({ open, onClose, student }: StudentDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const save = useSaveStudent();
  const [round, setRound] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRound((current) => current + 1);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        student
          ? t('students.form.editTitle', { name: student.fullName })
          : t('students.form.createTitle')
      }
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('students.form.cancel')}
          </Button>
          <SubmitButton
            form={formId}
            pending={save.isPending}
            label={t('students.form.submit')}
            pendingLabel={t('students.form.submitting')}
          />
        </div>
      }
    >
      <StudentForm
        key={`${student?.id ?? 'nouveau'}-${round}`}
        formId={formId}
        student={student}
        nameRef={nameRef}
        save={save}
        onDone={onClose}
      />
    </Dialog>
  );
}

function StudentForm({
  formId,
  student,
  nameRef,
  save,
  onDone,
}: {
  formId: string;
  student: StudentDialogProps['student'];
  nameRef: RefObject<HTMLInputElement | null>;
  save: ReturnType<typeof useSaveStudent>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const programmes = useProgrammeOptions();
  const [values, setValues] = useState<Values>(() => ({
    fullName: student?.fullName ?? '',
    phone: student?.phone ? formatPhone(student.phone) : '',
    email: student?.email ?? '',
    programmeId: student?.programme?.id ?? '',
    levelId: '',
    academicYearId: '',
    status: student?.status ?? 'active',
    statusReason: '',
  }));
  const enrolling = student === undefined && values.programmeId !== '';
  const years = useAcademicYears(student === undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const statusChanged = student !== undefined && values.status !== student.status;

  // Active programmes, plus the student's own one if it has been archived since.
  const programmeOptions = (programmes.data ?? [])
    .filter((item) => !item.archived || item.id === student?.programme?.id)
    .map((item) => ({ value: item.id, label: item.name }));
  if (student?.programme && !programmeOptions.some((o) => o.value === student.programme?.id)) {
    programmeOptions.push({ value: student.programme.id, label: student.programme.name });
  }

  // The chosen programme's active levels; the current school year unless another is chosen.
  const levelOptions = (
    programmes.data?.find((item) => item.id === values.programmeId)?.levels ?? []
  )
    .filter((level) => !level.archived)
    .map((level) => ({ value: level.id, label: level.name }));
  const currentYearId = (years.data?.find((year) => year.current) ?? years.data?.[0])?.id ?? '';
  const yearId = values.academicYearId || currentYearId;

  function onChange(
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>,
  ) {
    const field = event.target.name as Field;
    const next = { ...values, [field]: event.target.value };
    // Another programme: its own levels.
    if (field === 'programmeId') next.levelId = '';
    setValues(next);
    // A field shown wrong is checked again as it is corrected.
    if (errors[field]) setErrors({ ...errors, [field]: checkStudent(next, student).errors[field] });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    const { body, errors: found } = checkStudent({ ...values, academicYearId: yearId }, student);
    setErrors(found);
    if (!body) {
      const first = FIELDS.find((field) => found[field]);
      if (first) focusField(form, first);
      return;
    }
    setFormError(null);
    let saved: StudentItem;
    try {
      saved = await save.mutateAsync({ studentId: student?.id, body });
    } catch (error) {
      if (error instanceof ApiClientError) {
        const onFields: Errors = {};
        for (const issue of error.issues) {
          const field = FIELDS.find((candidate) => candidate === issue.path);
          if (field && !onFields[field]) onFields[field] = issue.message;
        }
        const first = FIELDS.find((field) => onFields[field]);
        if (first) {
          setErrors(onFields);
          focusField(form, first);
          return;
        }
      }
      setFormError(errorMessage(error, t, t('students.form.failure')));
      return;
    }
    onDone();
    notify.success(
      student
        ? t('students.form.saved')
        : enrolling
          ? t('students.form.createdEnrolled', { matricule: saved.matricule })
          : t('students.form.created', { matricule: saved.matricule }),
    );
  }

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="space-y-4"
    >
      <FormAlert>{formError}</FormAlert>
      <InputField
        ref={nameRef}
        label={t('students.form.fullName')}
        name="fullName"
        autoComplete="off"
        required
        maxLength={140}
        value={values.fullName}
        onChange={onChange}
        error={errors.fullName}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t('students.form.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={30}
          value={values.phone}
          onChange={onChange}
          hint={t('students.form.phoneHint')}
          error={errors.phone}
        />
        <EmailField
          label={t('students.form.email')}
          name="email"
          autoComplete="off"
          maxLength={254}
          value={values.email}
          onChange={onChange}
          error={errors.email}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('students.form.programme')}
          name="programmeId"
          value={values.programmeId}
          placeholder={
            programmes.isPending
              ? t('students.form.programmesLoading')
              : t('students.form.programmeNone')
          }
          options={programmeOptions}
          onChange={onChange}
          hint={programmes.isError ? t('students.form.programmesUnavailable') : undefined}
          error={errors.programmeId}
        />
        <SelectField
          label={t('students.form.status')}
          name="status"
          value={values.status}
          options={studentStatusValues.map((status) => ({
            value: status,
            label: t(`students.status.${status}`),
          }))}
          onChange={onChange}
          error={errors.status}
        />
      </div>
      {enrolling ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('students.form.level')}
            name="levelId"
            required
            value={values.levelId}
            placeholder={t('students.form.levelPlaceholder')}
            options={levelOptions}
            onChange={onChange}
            hint={t('students.form.levelHint')}
            error={errors.levelId}
          />
          <SelectField
            label={t('students.form.year')}
            name="academicYearId"
            value={yearId}
            placeholder={yearId ? undefined : t('students.form.yearPlaceholder')}
            options={(years.data ?? []).map((year) => ({
              value: year.id,
              label: year.current
                ? t('students.form.currentYear', { label: year.label })
                : year.label,
            }))}
            onChange={onChange}
            error={errors.academicYearId}
          />
        </div>
      ) : null}
      {statusChanged ? (
        <TextareaField
          label={t('students.form.statusReason')}
          name="statusReason"
          rows={2}
          maxLength={300}
          value={values.statusReason}
          onChange={onChange}
          hint={t('students.form.statusReasonHint')}
          error={errors.statusReason}
        />
      ) : null}
    </form>
  );
}
