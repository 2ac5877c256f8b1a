import type { ApiIssue } from '@ecolage/contracts';
import { ApiClientError } from '../../lib/api-client';

/**
 * Form helpers of a student's page: the contracts' zod schemas check a form before it is sent
 * (their French messages go under the fields), the server's `issues` land on the same fields,
 * and amounts are read the French way (« 150 000 »).
 */

/** Messages by field name; a field name is the issue path (`lines.0.amount`). */
export type FormErrors = Record<string, string>;

interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the contracts' schemas offer (kept structural: the app does not import zod itself). */
export interface Schema<Output> {
  safeParse(
    value: unknown,
  ):
    { success: true; data: Output } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** The first message of each path. */
export function issuesToErrors(issues: readonly ApiIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    if (!(issue.path in errors)) errors[issue.path] = issue.message;
  }
  return errors;
}

export type Checked<Output> = { data: Output; errors: null } | { data: null; errors: FormErrors };

/** Checks `value` against a schema of the contracts. */
export function check<Output>(schema: Schema<Output>, value: unknown): Checked<Output> {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data, errors: null };
  return {
    data: null,
    errors: issuesToErrors(
      result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    ),
  };
}

/**
 * The server's refusal on fields of the form (`issues` whose path `isField` knows), or null
 * when it names none of them (the caller then shows its message some other way).
 */
export function serverFieldErrors(
  error: unknown,
  isField: (path: string) => boolean,
): FormErrors | null {
  if (!(error instanceof ApiClientError)) return null;
  const onFields = error.issues.filter((issue) => isField(issue.path));
  return onFields.length > 0 ? issuesToErrors(onFields) : null;
}

/** Removes a field's message once its value changes. */
export function withoutError(errors: FormErrors, field: string): FormErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** Focuses the first control of the form (in page order) that has a message. */
export function focusFirstError(form: HTMLFormElement | null, errors: FormErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && name in errors) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

/** Today in the school's calendar (Lomé, UTC+0 all year), `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
