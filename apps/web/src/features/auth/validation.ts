import { z } from 'zod';
import { loginRequestSchema, passwordSchema, registrationRequestSchema } from '@ecolage/contracts';
import type { ApiIssue } from '@ecolage/contracts';
import type { TFunction } from 'i18next';
import type { FieldMessages } from '../../components/ui/form-issues';

/**
 * Field rules of the account forms (spec §5), taken from the contracts' schemas so the browser
 * and the server agree, and their sentences in the reader's language (`auth.validation.*`).
 */

/** Login: the address and a password of the signup's rules (spec §5). */
export const loginFormSchema = registrationRequestSchema.pick({ email: true, password: true });

/** A password to prove who one is (the current one): only required, whatever its length. */
export const currentPasswordSchema = loginRequestSchema.shape.password;

/**
 * A new password and its confirmation, under the names of the form (after `others` fields): the
 * password's rules, then the confirmation given and the same (said only once the password itself
 * is acceptable).
 */
export function withConfirmation<
  Password extends string,
  Confirmation extends string,
  Others extends Record<string, z.ZodType> = Record<never, z.ZodType>,
>(password: Password, confirmation: Confirmation, others?: Others) {
  const pair = {
    [password]: passwordSchema,
    [confirmation]: z.string().min(1, 'Confirmez le mot de passe.'),
  } as Record<Password | Confirmation, z.ZodString>;
  return z.object({ ...(others as Others), ...pair }).superRefine((values, context) => {
    const { [password]: chosen, [confirmation]: again } = values as Record<string, string>;
    if (again !== '' && again !== chosen && passwordSchema.safeParse(chosen).success) {
      context.addIssue({
        code: 'custom',
        path: [confirmation],
        message: 'Les mots de passe ne correspondent pas.',
      });
    }
  });
}

/** The sentences of an e-mail address field. */
export function emailMessages(t: TFunction): FieldMessages {
  return {
    required: t('auth.validation.emailRequired'),
    tooShort: t('auth.validation.emailRequired'),
    tooLong: t('auth.validation.emailTooLong'),
    invalidEmail: t('auth.validation.emailInvalid'),
    invalidFormat: t('auth.validation.emailInvalid'),
  };
}

/** The sentences of a new password field (signup, reset, invitation, profile). */
export function passwordMessages(t: TFunction): FieldMessages {
  return {
    required: t('auth.validation.passwordRequired'),
    tooShort: t('auth.validation.passwordTooShort'),
    tooLong: t('auth.validation.passwordTooLong'),
  };
}

/** The sentences of the current password (to prove who one is): `required` says which. */
export function currentPasswordMessages(
  t: TFunction,
  required: 'passwordRequired' | 'currentPasswordRequired' = 'passwordRequired',
): FieldMessages {
  return {
    required: t(`auth.validation.${required}`),
    tooLong: t('auth.validation.passwordTooLong'),
  };
}

/** The sentences of a password's confirmation. */
export function confirmationMessages(t: TFunction): FieldMessages {
  return {
    required: t('auth.validation.confirmRequired'),
    invalid: t('auth.validation.passwordMismatch'),
  };
}

/** The sentences of a person's name. */
export function nameMessages(t: TFunction): FieldMessages {
  return {
    required: t('auth.validation.nameRequired'),
    tooShort: t('auth.validation.nameTooShort'),
    tooLong: t('auth.validation.nameTooLong'),
  };
}

/** The sentences of a school's name. */
export function schoolNameMessages(t: TFunction): FieldMessages {
  return {
    required: t('auth.validation.schoolNameRequired'),
    tooShort: t('auth.validation.schoolNameTooShort'),
    tooLong: t('auth.validation.schoolNameTooLong'),
  };
}

/**
 * The token of an e-mailed link (`?token=…` of an invitation or a password reset), or null when
 * it is missing or cannot be one (the server takes 10 to 200 characters): the page then says the
 * link is invalid without asking the server.
 */
export function readLinkToken(params: URLSearchParams): string | null {
  const token = params.get('token')?.trim() ?? '';
  return token.length >= 10 && token.length <= 200 ? token : null;
}

/** The server refused the e-mailed link's token (used, expired, unknown): an issue names it. */
export function refusesLinkToken(issues: readonly ApiIssue[]): boolean {
  return issues.some((issue) => issue.path === 'token');
}

/** Focuses the control named `name` of `form` (the students' dialog, until it moves to the kit). */
export function focusField(form: HTMLFormElement, name: string): void {
  (form.elements.namedItem(name) as HTMLElement | null)?.focus();
}
