import { useTranslation } from 'react-i18next';
import { addFrenchStrings } from '../../i18n/add-strings';
import { passwordReset } from '../../i18n/fr/password-reset';
import { AuthSwitchLink } from './auth-layout';

/** What the forgotten-password and reset pages share: their strings, keys and footer. */

addFrenchStrings(passwordReset);

export const passwordResetKeys = {
  all: ['password-reset'] as const,
  request: () => [...passwordResetKeys.all, 'request'] as const,
  confirm: () => [...passwordResetKeys.all, 'confirm'] as const,
};

/** A string field of a JSON answer (`message`, `email`), or undefined. */
export function textOf(answer: unknown, key: string): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const value = (answer as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function RememberedLink() {
  const { t } = useTranslation();
  return (
    <AuthSwitchLink
      to="/login"
      text={t('passwordReset.remembered')}
      action={t('passwordReset.loginLink')}
    />
  );
}
