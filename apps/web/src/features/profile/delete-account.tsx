import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserX } from 'lucide-react';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { pageModules } from '../../app/page-modules';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { PasswordField } from '../auth/password-field';
import { checkPasswordGiven, fieldMessage } from '../auth/validation';
import type { FieldError } from '../auth/validation';
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
  const passwordRef = useRef<HTMLInputElement>(null);
  const deleteAccount = useDeleteAccount();
  const endSession = useEndDeletedSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  // Home comes next if the member goes through with it: fetched while they decide. (Not through
  // the router's preloadPage: importing the router here would split it out of the app bundle.)
  useEffect(() => {
    if (open) pageModules.landing().catch(() => undefined);
  }, [open]);

  function close() {
    setPassword('');
    setError(undefined);
    setFormError(null);
    onClose();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleteAccount.isPending) return;
    const key = checkPasswordGiven(password);
    setError(key ? { key } : undefined);
    if (key) {
      passwordRef.current?.focus();
      return;
    }
    setFormError(null);
    try {
      await deleteAccount.mutateAsync(password);
    } catch (caught) {
      const onPassword =
        caught instanceof ApiClientError
          ? caught.issues.find((issue) => issue.path === 'password')
          : undefined;
      if (onPassword) {
        setError({ text: onPassword.message });
        passwordRef.current?.focus();
      } else {
        setFormError(errorMessage(caught, t, t('profile.failure')));
      }
      return;
    }
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
      initialFocus={passwordRef}
      footer={
        <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
          <Button variant="secondary" onClick={close}>
            {t('ui.cancel')}
          </Button>
          <SubmitButton
            form={formId}
            variant="danger"
            pending={deleteAccount.isPending}
            label={t('profile.delete.confirm')}
            pendingLabel={t('profile.delete.pending')}
          />
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          ref={passwordRef}
          label={t('profile.delete.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (error) {
              const key = checkPasswordGiven(event.target.value);
              setError(key ? { key } : undefined);
            }
          }}
          error={fieldMessage(t, error)}
        />
      </form>
    </Dialog>
  );
}
