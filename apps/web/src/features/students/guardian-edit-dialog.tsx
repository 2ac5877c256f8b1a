import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, linkGuardianRequestSchema } from '@ecolage/contracts';
import type { StudentGuardian } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { FormError, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { GuardianInputs, RelationSelect, relationMessages } from './guardian-fields';
import type { GuardianForm } from './guardian-fields';
import { useUpdateGuardian, useUpdateGuardianLink } from './student-mutations.api';
import { FormFooter } from './student-ui';

/** A new guardian's fields and relation: what this dialog edits (the main payer is elsewhere). */
const guardianEditSchema = linkGuardianRequestSchema.options[1].omit({ mainPayer: true });

/**
 * « Modifier le responsable »: name, phone and e-mail (`PATCH /api/guardians/:id`, shared by
 * the whole family) and the relation to this student (`PATCH …/guardians/:id`). Only what
 * changed is sent. A phone another guardian has comes back as GUARDIAN_PHONE_TAKEN, under the
 * phone field.
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
  const nameRef = useRef<HTMLInputElement>(null);
  const updateGuardian = useUpdateGuardian();
  const updateLink = useUpdateGuardianLink(studentId);
  const form = useSchemaForm(guardianEditSchema, {
    defaultValues: {
      fullName: guardian.fullName,
      phone: formatPhone(guardian.phone),
      email: guardian.email ?? '',
      relation: guardian.relation,
    },
    messages: relationMessages,
    codes: { GUARDIAN_PHONE_TAKEN: 'phone' },
  });
  const guardianForm = form as unknown as GuardianForm;
  const pending = updateGuardian.isPending || updateLink.isPending || form.formState.isSubmitting;

  const submit = form.submitWith(async ({ relation, ...fields }) => {
    const fieldsChanged =
      fields.fullName !== guardian.fullName ||
      fields.phone !== guardian.phone ||
      fields.email !== guardian.email;
    if (fieldsChanged) await updateGuardian.mutateAsync({ guardianId: guardian.id, fields });
    if (relation !== guardian.relation) {
      await updateLink.mutateAsync({ guardianId: guardian.id, change: { relation } });
    }
    onClose();
    if (fieldsChanged || relation !== guardian.relation)
      notify.success(t('studentDetail.guardianForm.saved'));
  }, t('studentDetail.guardianForm.failure'));

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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <GuardianInputs form={guardianForm} nameRef={nameRef} />
        <RelationSelect form={guardianForm} />
      </form>
    </Dialog>
  );
}
