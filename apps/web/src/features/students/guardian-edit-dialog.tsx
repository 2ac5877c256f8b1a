import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, guardianFieldsSchema, StudentMessages } from '@ecolage/contracts';
import type { GuardianRelation, StudentGuardian } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { GuardianInputs, RelationSelect } from './guardian-fields';
import type { GuardianValues } from './guardian-fields';
import { useUpdateGuardian, useUpdateGuardianLink } from './student-mutations.api';
import { check, focusFirstError, serverFieldErrors, withoutError } from './student-forms';
import type { FormErrors } from './student-forms';
import { FormFooter } from './student-ui';

const FIELDS = ['fullName', 'phone', 'email', 'relation'];

/**
 * « Modifier le responsable »: name, phone and e-mail (`PATCH /api/guardians/:id`, shared by
 * the whole family) and the relation to this student (`PATCH …/guardians/:id`). Only what
 * changed is sent.
 */
export function EditGuardianDialog({
  studentId,
  guardian,
  onClose,
}: {
  studentId: string;
  guardian: StudentGuardian;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const updateGuardian = useUpdateGuardian();
  const updateLink = useUpdateGuardianLink(studentId);
  const [values, setValues] = useState<GuardianValues>({
    fullName: guardian.fullName,
    phone: formatPhone(guardian.phone),
    email: guardian.email ?? '',
  });
  const [relation, setRelation] = useState<GuardianRelation | ''>(guardian.relation);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = updateGuardian.isPending || updateLink.isPending;

  function showErrors(found: FormErrors) {
    setErrors(found);
    focusFirstError(formRef.current, found);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = check(guardianFieldsSchema, values);
    const found: FormErrors = { ...(checked.errors ?? {}) };
    if (relation === '') found.relation = t('studentDetail.guardianForm.relationRequired');
    if (!checked.data || relation === '') {
      showErrors(found);
      return;
    }
    const fields = checked.data;
    const fieldsChanged =
      fields.fullName !== guardian.fullName ||
      fields.phone !== guardian.phone ||
      fields.email !== guardian.email;
    setFormError(null);
    try {
      if (fieldsChanged) await updateGuardian.mutateAsync({ guardianId: guardian.id, fields });
      if (relation !== guardian.relation) {
        await updateLink.mutateAsync({ guardianId: guardian.id, change: { relation } });
      }
    } catch (error) {
      const onFields = serverFieldErrors(error, (path) => FIELDS.includes(path));
      if (onFields) {
        showErrors(onFields);
      } else if (
        error instanceof ApiClientError &&
        error.serverMessage === StudentMessages.guardianPhoneTaken
      ) {
        showErrors({ phone: error.serverMessage });
      } else {
        setFormError(errorMessage(error, t, t('studentDetail.guardianForm.failure')));
      }
      return;
    }
    onClose();
    if (fieldsChanged || relation !== guardian.relation)
      notify.success(t('studentDetail.guardianForm.saved'));
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('studentDetail.guardianForm.editTitle')}
      description={
        guardian.otherStudents.length > 0 ? t('studentDetail.guardianForm.sharedHint') : undefined
      }
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={pending}
          label={t('studentDetail.guardianForm.submitEdit')}
          pendingLabel={t('studentDetail.guardianForm.submitting')}
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
        <GuardianInputs
          nameRef={nameRef}
          values={values}
          errors={errors}
          onChange={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            setErrors((current) => withoutError(current, field));
          }}
        />
        <RelationSelect
          value={relation}
          error={errors.relation}
          onChange={(next) => {
            setRelation(next);
            setErrors((current) => withoutError(current, 'relation'));
          }}
        />
      </form>
    </Dialog>
  );
}
