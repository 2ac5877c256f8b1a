import { useId, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '@ecolage/contracts';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmailField, InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import {
  applyServerIssues,
  checkFields,
  fieldMessage,
  firstInvalid,
  focusField,
  normalizeEmail,
} from '../auth/validation';
import type { FieldErrors } from '../auth/validation';
import { roleOptions } from './member-dialogs';
import { useInviteMember } from './team.api';

const INVITE_FIELDS = ['name', 'email', 'roleId'] as const;
type InviteField = (typeof INVITE_FIELDS)[number];

/** Footer of a form dialog: Annuler, then the submit button tied to the form by its id. */
function FormFooter({
  formId,
  onCancel,
  ...submit
}: {
  formId: string;
  onCancel: () => void;
  label: string;
  pendingLabel: string;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
      <Button variant="secondary" onClick={onCancel}>
        {t('ui.cancel')}
      </Button>
      <SubmitButton form={formId} {...submit} />
    </div>
  );
}

/**
 * « Inviter un membre »: name, e-mail and role, checked in the browser (same rules as the
 * signup), then `POST /api/members/invitations`. An address that is already a member (409) or
 * a field the server refuses is shown under its field; anything else as a toast.
 */
export function InviteMemberDialog({
  open,
  roles,
  onClose,
}: {
  open: boolean;
  roles: RoleItem[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const invite = useInviteMember();
  const [values, setValues] = useState({ name: '', email: '', roleId: '' });
  const [errors, setErrors] = useState<FieldErrors<InviteField>>({});
  const [roleMissing, setRoleMissing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  function check(next: typeof values): FieldErrors<InviteField> {
    return checkFields({ name: next.name, email: next.email });
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const field = event.target.name as InviteField;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Once shown, a message goes away as soon as the value is fixed.
    if (field === 'roleId') setRoleMissing(roleMissing && next.roleId === '');
    else if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const form = event.currentTarget;
    const found = check(values);
    const noRole = values.roleId === '';
    setErrors(found);
    setRoleMissing(noRole);
    const invalid = firstInvalid(
      noRole ? { ...found, roleId: { text: '' } } : found,
      INVITE_FIELDS,
    );
    if (invalid) {
      focusField(form, invalid);
      return;
    }
    const email = normalizeEmail(values.email);
    setFormError(null);
    try {
      await invite.mutateAsync({ name: values.name.trim(), email, roleId: values.roleId });
    } catch (error) {
      if (error instanceof ApiClientError) {
        if (error.status === 409 && error.serverMessage) {
          setErrors({ email: { text: error.serverMessage } });
          focusField(form, 'email');
          return;
        }
        if (applyServerIssues(form, error.issues, INVITE_FIELDS, setErrors)) return;
      }
      setFormError(errorMessage(error, t, t('team.invite.failure')));
      return;
    }
    onClose();
    notify.success(t('team.invite.success', { email }));
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('team.invite.title')}
      description={t('team.invite.lead')}
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={invite.isPending}
          label={t('team.invite.submit')}
          pendingLabel={t('team.invite.submitting')}
        />
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <InputField
          ref={nameRef}
          label={t('team.invite.name')}
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={onChange}
          error={fieldMessage(t, errors.name)}
        />
        <EmailField
          label={t('team.invite.email')}
          name="email"
          autoComplete="off"
          placeholder={t('team.invite.emailPlaceholder')}
          value={values.email}
          onChange={onChange}
          error={fieldMessage(t, errors.email)}
        />
        <SelectField
          label={t('team.invite.role')}
          name="roleId"
          placeholder={roles ? t('team.invite.rolePlaceholder') : t('team.invite.rolesLoading')}
          options={roleOptions(roles)}
          value={values.roleId}
          onChange={onChange}
          error={roleMissing ? t('team.invite.roleRequired') : fieldMessage(t, errors.roleId)}
        />
      </form>
    </Dialog>
  );
}
