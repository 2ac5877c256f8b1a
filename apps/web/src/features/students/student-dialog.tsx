import { useEffect, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
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
import { FormError, FormField, fieldError, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { readFormSchema } from '../payments/payment-form-schema';
import { localToday } from './birth-date';
import { useAcademicYears, useProgrammeOptions, useSaveStudent } from './students.api';

interface Values {
  fullName: string;
  phone: string;
  email: string;
  /** `YYYY-MM-DD` from the date input; '' : none. */
  birthDate: string;
  programmeId: string;
  /** A new student's level and school year: with a programme, the student is enrolled at once. */
  levelId: string;
  /** '' : the current school year. */
  academicYearId: string;
  status: StudentStatus;
  statusReason: string;
  /** The student's status before the form (null: a new student). */
  originalStatus: StudentStatus | null;
  currentYearId: string;
}

type StudentBody = Parameters<ReturnType<typeof useSaveStudent>['mutateAsync']>[0]['body'];

/** A new student with a programme is enrolled at once (in a level of it). */
const isEnrolling = (values: Values) => values.originalStatus === null && values.programmeId !== '';

/**
 * The form's values, read for the contracts' schema: a new student with a programme needs a
 * level of it (created and enrolled, with the invoices, at once); a changed status may say why.
 */
const studentFormSchema = readFormSchema<Values, StudentBody>(
  {
    safeParseAsync: (body, params) =>
      'levelId' in (body as object)
        ? newStudentEnrolmentSchema.safeParseAsync(body, params)
        : studentRequestSchema.safeParseAsync(body, params),
  },
  {
    read: (values) => {
      const statusChanged =
        values.originalStatus !== null && values.status !== values.originalStatus;
      const student = {
        fullName: values.fullName,
        phone: values.phone,
        email: values.email,
        birthDate: values.birthDate || null,
        programmeId: values.programmeId || null,
        status: values.status,
        statusReason: statusChanged && values.statusReason.trim() ? values.statusReason : undefined,
      };
      return isEnrolling(values)
        ? {
            ...student,
            levelId: values.levelId,
            academicYearId: values.academicYearId || values.currentYearId || undefined,
          }
        : student;
    },
  },
);

export interface StudentDialogProps {
  open: boolean;
  onClose: () => void;
  /** The student to edit (« Modifier »); absent to add one (« Nouvel Étudiant »). */
  student?: StudentItem | StudentDetail;
}

/**
 * « Ajouter un nouvel étudiant » / « Modifier … »: Nom complet, Téléphone, Email, Date de
 * naissance (optional, up to today), Programme and Statut, checked in the browser with the contracts' rules, then POST or PATCH. The server's
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
  const years = useAcademicYears(student === undefined);
  const currentYearId = (years.data?.find((year) => year.current) ?? years.data?.[0])?.id ?? '';
  const form = useSchemaForm(studentFormSchema, {
    defaultValues: {
      fullName: student?.fullName ?? '',
      phone: student?.phone ? formatPhone(student.phone) : '',
      email: student?.email ?? '',
      birthDate: student?.birthDate ?? '',
      programmeId: student?.programme?.id ?? '',
      levelId: '',
      academicYearId: '',
      status: student?.status ?? 'active',
      statusReason: '',
      originalStatus: student?.status ?? null,
      currentYearId,
    },
  });
  useEffect(() => {
    form.setValue('currentYearId', currentYearId);
    // The current school year is chosen until the reader picks another.
    if (!form.getValues('academicYearId')) form.setValue('academicYearId', currentYearId);
  }, [form, currentYearId]);
  const values = form.watch();
  const enrolling = isEnrolling(values);
  const statusChanged = student !== undefined && values.status !== student.status;
  const yearId = values.academicYearId || currentYearId;

  // Active programmes, plus the student's own one if it has been archived since.
  const programmeOptions = (programmes.data ?? [])
    .filter((item) => !item.archived || item.id === student?.programme?.id)
    .map((item) => ({ value: item.id, label: item.name }));
  if (student?.programme && !programmeOptions.some((o) => o.value === student.programme?.id)) {
    programmeOptions.push({ value: student.programme.id, label: student.programme.name });
  }

  // The chosen programme's active levels.
  const levelOptions = (
    programmes.data?.find((item) => item.id === values.programmeId)?.levels ?? []
  )
    .filter((level) => !level.archived)
    .map((level) => ({ value: level.id, label: level.name }));

  const submit = form.submitWith(async (body) => {
    const saved: StudentItem = await save.mutateAsync({ studentId: student?.id, body });
    onDone();
    notify.success(
      student
        ? t('students.form.saved')
        : enrolling
          ? t('students.form.createdEnrolled', { matricule: saved.matricule })
          : t('students.form.created', { matricule: saved.matricule }),
    );
  }, t('students.form.failure'));
  const nameField = form.register('fullName');
  // Registered in the page's order: the first field refused is the first focused.
  form.register('phone');
  form.register('email');
  form.register('birthDate');
  const select = (name: 'programmeId' | 'status' | 'levelId' | 'academicYearId') => ({
    ...form.register(name, {
      // Another programme: its own levels.
      ...(name === 'programmeId' ? { onChange: () => form.setValue('levelId', '') } : {}),
    }),
    // Shown from the form's value, also once the options arrive (loaded after the form).
    value: values[name],
    error: fieldError(form, name),
  });

  return (
    <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <FormError form={form} />
      <InputField
        {...nameField}
        ref={(element) => {
          nameField.ref(element);
          nameRef.current = element;
        }}
        label={t('students.form.fullName')}
        autoComplete="off"
        required
        maxLength={140}
        error={fieldError(form, 'fullName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          form={form}
          label={t('students.form.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={30}
          hint={t('students.form.phoneHint')}
        />
        <FormField
          form={form}
          control={EmailField}
          label={t('students.form.email')}
          name="email"
          autoComplete="off"
          maxLength={254}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          form={form}
          label={t('students.form.birthDate')}
          name="birthDate"
          type="date"
          min="1900-01-01"
          max={localToday()}
          autoComplete="off"
          hint={t('students.form.birthDateHint')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('students.form.programme')}
          {...select('programmeId')}
          placeholder={
            programmes.isPending
              ? t('students.form.programmesLoading')
              : t('students.form.programmeNone')
          }
          options={programmeOptions}
          hint={programmes.isError ? t('students.form.programmesUnavailable') : undefined}
        />
        <SelectField
          label={t('students.form.status')}
          {...select('status')}
          options={studentStatusValues.map((status) => ({
            value: status,
            label: t(`students.status.${status}`),
          }))}
        />
      </div>
      {enrolling ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('students.form.level')}
            {...select('levelId')}
            required
            placeholder={t('students.form.levelPlaceholder')}
            options={levelOptions}
            hint={t('students.form.levelHint')}
          />
          <SelectField
            label={t('students.form.year')}
            {...select('academicYearId')}
            placeholder={yearId ? undefined : t('students.form.yearPlaceholder')}
            options={(years.data ?? []).map((year) => ({
              value: year.id,
              label: year.current
                ? t('students.form.currentYear', { label: year.label })
                : year.label,
            }))}
          />
        </div>
      ) : null}
      {statusChanged ? (
        <TextareaField
          {...form.register('statusReason')}
          label={t('students.form.statusReason')}
          rows={2}
          maxLength={300}
          hint={t('students.form.statusReasonHint')}
          error={fieldError(form, 'statusReason')}
        />
      ) : null}
    </form>
  );
}
