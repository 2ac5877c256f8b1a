import {
  emailSchema,
  passwordSchema,
  personNameSchema,
  schoolNameSchema,
} from '@ecolage/contracts';
import type { ApiIssue } from '@ecolage/contracts';
import type { TFunction } from 'i18next';
import type { Translation } from '../../i18n/fr';

/**
 * Field rules of the login and signup forms (spec §5), taken from the contracts' schemas so the
 * browser and the server agree. The schemas speak French; the forms show the matching key of the
 * reader's language instead.
 */
export type ValidationKey = keyof Translation['auth']['validation'];

/** A field's message: a rule broken in the browser (translated), or the server's own sentence. */
export type FieldError = { key: ValidationKey } | { text: string };

export type FieldErrors<Field extends string> = Partial<Record<Field, FieldError>>;

/** The text of a field's message: a rule of the browser (translated now) or the server's own sentence. */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return 'key' in error ? t(`auth.validation.${error.key}`) : error.text;
}

interface Rule {
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: { code: string }[] } };
  };
  required: ValidationKey;
  tooShort: ValidationKey;
  tooLong: ValidationKey;
  /** For an e-mail: a present, short enough value that is not an address. */
  invalid?: ValidationKey;
}

const rules = {
  email: {
    schema: emailSchema,
    required: 'emailRequired',
    tooShort: 'emailRequired',
    tooLong: 'emailTooLong',
    invalid: 'emailInvalid',
  },
  password: {
    schema: passwordSchema,
    required: 'passwordRequired',
    tooShort: 'passwordTooShort',
    tooLong: 'passwordTooLong',
  },
  name: {
    schema: personNameSchema,
    required: 'nameRequired',
    tooShort: 'nameTooShort',
    tooLong: 'nameTooLong',
  },
  schoolName: {
    schema: schoolNameSchema,
    required: 'schoolNameRequired',
    tooShort: 'schoolNameTooShort',
    tooLong: 'schoolNameTooLong',
  },
} as const satisfies Record<string, Rule>;

export type CheckedField = keyof typeof rules;

/** The message key for `value` in `field`, or null when it is valid. */
export function checkField(field: CheckedField, value: string): ValidationKey | null {
  const rule: Rule = rules[field];
  const result = rule.schema.safeParse(value);
  if (result.success) return null;
  // Names are trimmed by their schema; a password of spaces is still a password.
  if ((field === 'password' ? value : value.trim()) === '') return rule.required;
  const code = result.error?.issues[0]?.code;
  if (code === 'too_big') return rule.tooLong;
  if (code === 'too_small') return rule.tooShort;
  return rule.invalid ?? rule.tooShort;
}

/** Checks every field of `values`; the errors keep the fields' order (first = first to fix). */
export function checkFields<Field extends CheckedField>(
  values: Record<Field, string>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(values) as Field[]) {
    const key = checkField(field, values[field]);
    if (key) errors[field] = { key };
  }
  return errors;
}

/** A password to prove who one is (current one): only required, whatever its length. */
export function checkPasswordGiven(
  value: string,
  key: ValidationKey = 'passwordRequired',
): ValidationKey | null {
  return value === '' ? key : null;
}

/** The confirmation of a new password: given, and the same as `password`. */
export function checkConfirmation(password: string, confirmation: string): ValidationKey | null {
  if (confirmation === '') return 'confirmRequired';
  return confirmation === password ? null : 'passwordMismatch';
}

/**
 * A new password and its confirmation (invitation, reset, profile), under the names of the form:
 * the password's rules first, then the match (only once the password itself is acceptable).
 */
export function checkNewPassword<Password extends string, Confirmation extends string>(
  fields: { password: Password; confirmation: Confirmation },
  password: string,
  confirmation: string,
): FieldErrors<Password | Confirmation> {
  const errors: FieldErrors<Password | Confirmation> = {};
  const passwordKey = checkField('password', password);
  if (passwordKey) errors[fields.password] = { key: passwordKey };
  const confirmationKey = checkConfirmation(password, confirmation);
  if (confirmationKey && !(passwordKey && confirmationKey === 'passwordMismatch')) {
    errors[fields.confirmation] = { key: confirmationKey };
  }
  return errors;
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

/** The address as the server stores it (trimmed, lower case). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The server's field issues (`{path, message}`) that belong to one of `fields`. */
export function serverFieldErrors<Field extends string>(
  issues: readonly ApiIssue[],
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((candidate) => issue.path === candidate);
    if (field && !errors[field]) errors[field] = { text: issue.message };
  }
  return errors;
}

/** The first field of `order` that has an error. */
export function firstInvalid<Field extends string>(
  errors: FieldErrors<Field>,
  order: readonly Field[],
): Field | undefined {
  return order.find((field) => errors[field]);
}

/** Focuses the control named `name` of `form`. */
export function focusField(form: HTMLFormElement, name: string): void {
  (form.elements.namedItem(name) as HTMLElement | null)?.focus();
}

/**
 * The server's refusal on the form's own fields: when its issues name some of `fields`, they are
 * shown (`setErrors`) and the first is focused. Returns whether they were (else the caller says
 * it some other way, usually a toast).
 */
export function applyServerIssues<Field extends string>(
  form: HTMLFormElement,
  issues: readonly ApiIssue[],
  fields: readonly Field[],
  setErrors: (errors: FieldErrors<Field>) => void,
): boolean {
  const onFields = serverFieldErrors(issues, fields);
  const first = firstInvalid(onFields, fields);
  if (!first) return false;
  setErrors(onFields);
  focusField(form, first);
  return true;
}
