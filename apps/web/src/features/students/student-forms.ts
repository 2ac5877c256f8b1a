import type { ApiIssue } from '@ecolage/contracts';
import { MoneyError, parseFrancs } from '@ecolage/money';
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

/**
 * An amount typed by a person (« 150 000 », « 150000 FCFA ») as a number for the schema to
 * judge: a fraction stays a fraction and a negative stays negative, so that the contracts'
 * messages (« pas de centimes », « ne peut pas être négatif ») are the ones shown; text that is
 * no amount at all is NaN (« doit être un nombre entier de francs »).
 */
export function readAmount(text: string): number {
  try {
    return parseFrancs(text);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    if (error.code === 'UNSAFE_INTEGER') return Number.MAX_SAFE_INTEGER;
    if (error.code === 'NOT_AN_INTEGER') {
      const decimal = Number(
        text
          .replace(/[\s\u00A0\u202F]/g, '')
          .replace(/(f\s*cfa|fcfa|cfa|xof|f)\.?$/i, '')
          .replace(',', '.'),
      );
      return Number.isFinite(decimal) ? decimal : Number.NaN;
    }
    return Number.NaN;
  }
}

/** Today in the school's calendar (Lomé, UTC+0 all year), `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
