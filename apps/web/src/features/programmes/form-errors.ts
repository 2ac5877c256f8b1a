import { flushSync } from 'react-dom';
import type { ApiIssue } from '@ecolage/contracts';
import type { TFunction } from 'i18next';
import { ApiClientError } from '../../lib/api-client';
import { codeMessage, errorMessage } from '../../lib/error-message';

/**
 * Field errors of the forms of this screen, keyed by the path the server uses in its `issues`
 * (`name`, `schedule.1.amount`, `lateFee.value`): the browser's checks (the contracts' schemas)
 * and the server's refusals land under the same field.
 */
export type FieldErrors = Readonly<Record<string, string>>;

/** A schema issue (`path` as an array) or a server issue (`path` as a dotted string). */
interface AnyIssue {
  path: string | readonly PropertyKey[];
  message: string;
}

function dotted(path: AnyIssue['path']): string {
  return typeof path === 'string' ? path : path.map(String).join('.');
}

/** The first message of each path. */
export function errorsOf(issues: readonly AnyIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = dotted(issue.path);
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The field errors a refusal carries: its `issues` whose path is a field of the form (`known`),
 * or a domain code that belongs under a field (`{ name: 'LEVEL_NAME_TAKEN' }`), said in the
 * reader's language. Empty when the refusal is about nothing the reader can fix in a field.
 */
export function serverFieldErrors(
  error: unknown,
  known: (path: string) => boolean,
  conflicts: { t: TFunction; codes: Readonly<Record<string, string>> } | null = null,
): Record<string, string> {
  if (!(error instanceof ApiClientError)) return {};
  const fields = errorsOf(error.issues.filter((issue: ApiIssue) => known(issue.path)));
  if (Object.keys(fields).length > 0) return fields;
  const field = Object.entries(conflicts?.codes ?? {}).find(([, code]) => code === error.code);
  if (conflicts && field) {
    const text = errorMessage(error, conflicts.t, error.message);
    return { [field[0]]: codeMessage(conflicts.t, field[1]) ?? text };
  }
  return {};
}

/**
 * Shows `errors` at once (flushSync) and moves the focus to the first refused control in the
 * form's order: an invalid input, or the first control of a refused group (the first month of
 * « Mois facturés », « Ajouter une échéance » of an empty schedule).
 */
export function showErrors(
  form: HTMLFormElement | null,
  setErrors: (errors: Record<string, string>) => void,
  errors: Record<string, string>,
): boolean {
  flushSync(() => setErrors(errors));
  if (Object.keys(errors).length === 0) return false;
  form
    ?.querySelector<HTMLElement>(
      '[aria-invalid="true"], fieldset[data-invalid] input, fieldset[data-invalid] button',
    )
    ?.focus();
  return true;
}

/** `errors` without the message of `path` (the reader has just changed that field). */
export function without(errors: FieldErrors, path: string): FieldErrors {
  if (!(path in errors)) return errors;
  const next = { ...errors };
  delete next[path];
  return next;
}
