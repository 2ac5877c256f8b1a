import type { TFunction } from 'i18next';
import { ApiClientError } from '../../lib/api-client';
import { codeMessage, errorMessage } from '../../lib/error-message';

/**
 * The words of the form kit (./form.tsx), apart from React: what a refused value is called in
 * the reader's language, and where a refusal of the server goes (a field or the form's alert).
 */

/** What the kit reads of an issue of a contracts' zod schema (parsed with `reportInput`). */
export interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  /** The schema's own sentence, in French. */
  readonly message: string;
  /** The value the failing check saw (after `.trim()`…). */
  readonly input?: unknown;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  /** What was measured: `string`, `number`, `array`… */
  readonly origin?: string;
  /** For `invalid_format`: `email`, `regex`… */
  readonly format?: string;
  /** A custom issue's details: a domain `code` of the catalogue and its parameters. */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** What is wrong with a value, whatever the schema's sentence says. */
export type IssueKind =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'tooSmall'
  | 'tooBig'
  | 'invalidEmail'
  | 'invalidFormat'
  | 'invalid';

/** A field's own sentences for some kinds, in the reader's language (they win over the kit's). */
export type FieldMessages = Partial<Record<IssueKind, string>>;

/** Per field path (`email`, `lines.0.amount`): its own sentences. */
export type FormMessages = Readonly<Record<string, FieldMessages>>;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The kind of `issue`: a missing value first (an empty text, once trimmed by the schema). */
export function issueKind(issue: SchemaIssue): IssueKind {
  if (isBlank(issue.input) && issue.code !== 'custom') return 'required';
  const counted = issue.origin === 'string' || issue.origin === 'array';
  if (issue.code === 'too_small') return counted ? 'tooShort' : 'tooSmall';
  if (issue.code === 'too_big') return counted ? 'tooLong' : 'tooBig';
  if (issue.code === 'invalid_format') {
    return issue.format === 'email' ? 'invalidEmail' : 'invalidFormat';
  }
  return 'invalid';
}

/** The path of an issue as a form names its field (`lines.0.amount`). */
export function issuePath(issue: Pick<SchemaIssue, 'path'>): string {
  return issue.path.map(String).join('.');
}

/**
 * The sentence for `issue` in the reader's language: the field's own one for its kind, else
 * the schema's French sentence for a French reader, else the kit's text for the kind with the
 * schema's bounds (« At least 2 characters. »).
 */
export function issueMessage(
  issue: SchemaIssue,
  { t, language, messages }: { t: TFunction; language: string; messages?: FormMessages },
): string {
  const kind = issueKind(issue);
  const own = messages?.[issuePath(issue)]?.[kind];
  if (own !== undefined) return own;
  if (language.startsWith('fr') && issue.message) return issue.message;
  // A rule of the contracts that names its domain code (the payment amounts): the code's text.
  const code = issue.code === 'custom' ? issue.params?.code : undefined;
  if (typeof code === 'string') return codeMessage(t, code, issue.params) ?? issue.message;
  return t(`forms.issue.${kind}`, {
    minimum: Number(issue.minimum ?? 0),
    maximum: Number(issue.maximum ?? 0),
  });
}

/** Per domain code of the server, the field it is about (`{ ROLE_NAME_TAKEN: 'name' }`). */
export type CodeFields = Readonly<Partial<Record<string, string>>>;

/** Where a refusal of the server goes: messages on fields, else one for the whole form. */
export interface Refusal {
  fields: { name: string; message: string }[];
  /** Said by the form's alert (or a toast) when no field carries the refusal. */
  form: string | null;
}

/**
 * Where `error` goes: a domain code the form maps to a field (its text in the reader's
 * language), the 400's issues on the fields the form has (their path), else the whole form
 * (the code's text, the server's sentence, the lost connection or `failure`).
 */
export function planRefusal(
  error: unknown,
  {
    t,
    fieldNames,
    codes = {},
    failure,
  }: { t: TFunction; fieldNames: readonly string[]; codes?: CodeFields; failure: string },
): Refusal {
  const text = errorMessage(error, t, failure);
  if (!(error instanceof ApiClientError)) return { fields: [], form: text };
  const codeField = error.code ? codes[error.code] : undefined;
  if (error.code && codeField && fieldNames.includes(codeField)) {
    const params = (error as { params?: Record<string, unknown> }).params ?? {};
    const message = t(`errors.${error.code}`, { ...params, defaultValue: text });
    return { fields: [{ name: codeField, message }], form: null };
  }
  const fields: Refusal['fields'] = [];
  for (const issue of error.issues) {
    if (fieldNames.includes(issue.path) && !fields.some((field) => field.name === issue.path)) {
      // A domain code's refusal names its one field: the code's text, in the reader's language.
      const coded = error.issues.length === 1 && codeMessage(t, error.code) !== undefined;
      const message = coded ? text : issue.message;
      fields.push({ name: issue.path, message });
    }
  }
  return fields.length > 0 ? { fields, form: null } : { fields, form: text };
}

/** Every leaf path of a form's values (`name`, `lines.0.amount`), arrays and objects opened. */
export function valuePaths(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null) return prefix ? [prefix] : [];
  const entries = Array.isArray(values)
    ? values.map((value, index) => [String(index), value] as const)
    : Object.entries(values);
  const paths = prefix ? [prefix] : [];
  for (const [key, value] of entries) {
    paths.push(...valuePaths(value, prefix ? `${prefix}.${key}` : key));
  }
  return paths;
}
