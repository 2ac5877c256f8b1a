import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserX } from 'lucide-react';
import { deleteAccountRequestSchema } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormError, FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { pageModules } from '../../app/page-modules';
import { PasswordField } from '../auth/password-field';
import { currentPasswordMessages } from '../auth/validation';
import { useDeleteAccount, useEndDeletedSession } from './profile.api';
import { ProfileSection } from './profile-section';

/**
 * « Supprimer mon compte »: a red section, then a dialog that asks for the password. The
 * server's refusal (the last Super administration of a school, 409) shows inside the dialog; on
 * success the dialog closes, the session ends here and the reader goes home, with a toast.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <ProfileSection title={t('profile.delete.title')} lead={t('profile.delete.lead')} tone="danger">
      <Button variant="danger" onClick={() => setOpen(true)}>
        <UserX aria-hidden="true" className="size-4" />
        {t('profile.delete.button')}
      </Button>
      <DeleteAccountDialog open={open} email={email} onClose={() => setOpen(false)} />
    </ProfileSection>
  );
}

function DeleteAccountDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const passwordField = useRef<HTMLInputElement>(null);
  const deleteAccount = useDeleteAccount();
  const endSession = useEndDeletedSession();
  const form = useSchemaForm(deleteAccountRequestSchema, {
    defaultValues: { password: '' },
    messages: (t) => ({ password: currentPasswordMessages(t) }),
  });

  // Home comes next if the member goes through with it: fetched while they decide. (Not through
  // the router's preloadPage: importing the router here would split it out of the app bundle.)
  useEffect(() => {
    if (open) pageModules.landing().catch(() => undefined);
  }, [open]);

  function close() {
    form.reset();
    onClose();
  }

  async function deleteIt({ password }: { password: string }) {
    await deleteAccount.mutateAsync(password);
    // The dialog closes first: while it is open, the toasts behind it are inert.
    onClose();
    notify.success(t('profile.delete.done'));
    endSession();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('profile.delete.dialogTitle')}
      description={t('profile.delete.dialogBody', { email })}
      closeLabel={t('common.close')}
      initialFocus={passwordField}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={close}>
            {t('ui.cancel')}
          </Button>
          <FormSubmitButton
            form={form}
            formId={formId}
            variant="danger"
            label={t('profile.delete.confirm')}
            pendingLabel={t('profile.delete.pending')}
          />
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void form.submitWith(deleteIt, t('profile.failure'))(event)}
        className="space-y-4"
      >
        <FormError form={form} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField
          form={form}
          name="password"
          ref={passwordField}
          control={PasswordField}
          label={t('profile.delete.password')}
          autoComplete="current-password"
        />
      </form>
    </Dialog>
  );
}
