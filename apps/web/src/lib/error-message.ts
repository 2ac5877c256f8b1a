import i18next, { type TFunction } from 'i18next';
import { ApiClientError, NetworkError } from './api-client';

/**
 * The text of a domain error code in the reader's language (`errors.ROLE_NAME_TAKEN`), with its
 * parameters (amounts are formatted by the `money` format of ../i18n), or undefined when the
 * code has no text (a general code such as VALIDATION_FAILED, whose sentence depends on the request).
 */
export function codeMessage(
  t: TFunction,
  code: string | undefined,
  params: Readonly<Record<string, unknown>> = {},
): string | undefined {
  if (!code || !/^[A-Z][A-Z_]*$/.test(code)) return undefined;
  const key = `errors.${code}`;
  const text = t(key as never, { ...params, defaultValue: '' } as never) as unknown;
  return typeof text === 'string' && text !== '' && text !== key ? text : undefined;
}

/**
 * What to tell the reader about a failed call: for a French reader the server's own sentence
 * (« Impossible : ce membre est le dernier Super administration… », built from the same
 * catalogue); for a reader of another language the text of the answer's code in that language
 * (`errors.<CODE>`, by its `code`, never by its sentence); else the server's sentence; the network
 * message when the request never got an answer; else `fallback`.
 */
export function errorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (error instanceof NetworkError) return t('common.networkError');
  if (!(error instanceof ApiClientError)) return fallback;
  if (readerLanguage(t).startsWith('fr') && error.serverMessage) return error.serverMessage;
  return codeMessage(t, error.code, error.params) ?? error.serverMessage ?? fallback;
}

/** The language `t` writes in: its own (`getFixedT`, `useTranslation`), else the app's. */
function readerLanguage(t: TFunction): string {
  return (t as TFunction & { lng?: string | null }).lng ?? i18next.language ?? 'fr';
}

/** The HTTP status of a refused call (403, 409…), or null. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiClientError ? error.status : null;
}
