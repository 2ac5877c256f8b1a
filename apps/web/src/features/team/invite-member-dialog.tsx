import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteMemberRequestSchema } from '@ecolage/contracts';
import type { InviteMemberRequest, RoleItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { EmailField } from '../../components/ui/field';
import { FormError, FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { emailMessages, nameMessages } from '../auth/validation';
import { roleOptions } from './member-dialogs';
import { useInviteMember } from './team.api';

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
  const form = useSchemaForm(inviteMemberRequestSchema, {
    defaultValues: { name: '', email: '', roleId: '' },
    messages: (t) => ({
      name: nameMessages(t),
      email: emailMessages(t),
      roleId: { required: t('team.invite.roleRequired') },
    }),
    // Already a member of the school: said under the address.
    codes: { ALREADY_MEMBER: 'email' },
  });

  async function sendInvitation(values: InviteMemberRequest) {
    await invite.mutateAsync(values);
    onClose();
    notify.success(t('team.invite.success', { email: values.email }));
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
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('ui.cancel')}
          </Button>
          <FormSubmitButton
            form={form}
            formId={formId}
            label={t('team.invite.submit')}
            pendingLabel={t('team.invite.submitting')}
          />
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void form.submitWith(sendInvitation, t('team.invite.failure'))(event)}
        className="space-y-4"
      >
        <FormError form={form} />
        <FormField
          form={form}
          name="name"
          ref={nameRef}
          label={t('team.invite.name')}
          autoComplete="off"
        />
        <FormField
          form={form}
          name="email"
          control={EmailField}
          label={t('team.invite.email')}
          autoComplete="off"
          placeholder={t('team.invite.emailPlaceholder')}
        />
        <FormField
          form={form}
          name="roleId"
          control={SelectField}
          label={t('team.invite.role')}
          placeholder={roles ? t('team.invite.rolePlaceholder') : t('team.invite.rolesLoading')}
          options={roleOptions(roles)}
        />
      </form>
    </Dialog>
  );
}
