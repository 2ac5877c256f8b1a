import { ApiClientError, NetworkError, readApiError } from '../../lib/api-client';
import { refreshSession } from '../auth/auth-client';
import { clearSession, getSession } from '../auth/session-store';

/**
 * Sends a file as `multipart/form-data` with the signed-in member's bearer token, reporting the
 * upload's progress (which `fetch` cannot do, hence XMLHttpRequest). Same session rules as
 * `apiRequest`: a token about to expire is renewed first, a 401 renews it once and sends again,
 * a second 401 ends the session. Throws ApiClientError, NetworkError or the abort.
 */

/** A token that expires within this margin is refreshed before use (as in auth-client). */
const EXPIRY_MARGIN_MS = 10_000;

export interface UploadOptions {
  /** Called with the share sent so far, from 0 to 1. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  text: string;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

function sendOnce(
  path: string,
  form: FormData,
  accessToken: string | undefined,
  { onProgress, signal }: UploadOptions,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
    if (language) xhr.setRequestHeader('Accept-Language', language);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new NetworkError(new Error('Upload failed')));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** `POST path` with `file` in the form field `field`; the parsed JSON answer. */
export async function uploadFile(
  path: string,
  field: string,
  file: File,
  options: UploadOptions = {},
): Promise<unknown> {
  const form = new FormData();
  form.append(field, file, file.name);
  let session = getSession();
  if (session?.expiresAt !== undefined && session.expiresAt - EXPIRY_MARGIN_MS <= Date.now()) {
    session = await refreshSession(session.accessToken);
  }
  let answer = await sendOnce(path, form, session?.accessToken, options);
  if (answer.status === 401 && session) {
    const renewed = await refreshSession(session.accessToken);
    if (renewed) {
      options.onProgress?.(0);
      answer = await sendOnce(path, form, renewed.accessToken, options);
      if (answer.status === 401) clearSession('expired');
    }
  }
  const payload = parse(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiClientError(answer.status, readApiError(payload));
  }
  return payload;
}
