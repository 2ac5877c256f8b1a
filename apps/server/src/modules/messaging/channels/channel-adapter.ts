import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One interface for every provider that carries our messages (research/messaging.md §8,
 * docs/decisions/0020): an adapter is a pure protocol translator — the provider's wire format in,
 * our words out — with its HTTP client, clock and configuration injected. No database.
 */
export type ChannelName = 'sms' | 'whatsapp' | 'email';
export type ProviderName = 'twilio' | 'infobip' | 'http' | 'gateway' | 'whatsapp' | 'smtp';

/** What an adapter is asked to send: one of our outbox rows, in the adapter's terms. */
export interface MessageToSend {
  /** Our outbox id: carried by the provider back to us in its delivery reports. */
  id: string;
  channel: ChannelName;
  /** E.164 (`+22890123456`) or an e-mail address. */
  to: string;
  /** The SMS text (already GSM-7 where it can be) or the e-mail's text part. */
  text: string;
  category: 'transactional' | 'reminder' | 'notice' | 'marketing';
  /** WhatsApp: the approved template and its named body parameters. */
  template?: {
    name: string;
    language: string;
    params: Record<string, string>;
    /** The URL buttons' dynamic suffixes, by button index (a short link's code). */
    buttonParams?: string[];
  };
}

export type SendResult =
  /** The provider took it: wait for its delivery report. */
  | { kind: 'accepted'; providerMessageId: string }
  /** Nothing was taken (refused before, 429, 5xx, unreachable): try again, not before retryAfterMs. */
  | { kind: 'retryable'; error: string; retryAfterMs?: number }
  /** No retry can change it (invalid number, template, no WhatsApp: `noWhatsApp`). */
  | { kind: 'permanent'; error: string; code?: string; noWhatsApp?: boolean }
  /** May have been taken (timeout once the request was sent): never resent blindly. */
  | { kind: 'ambiguous'; error: string };

/** A delivery state in our words: `read` counts as delivered. */
export type DeliveryState = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

export interface DeliveryEvent {
  /** Our outbox id when the provider echoes it (callback query, callbackData, opaque data). */
  messageId?: string;
  providerMessageId?: string;
  state: DeliveryState;
  errorCode?: string;
  error?: string;
  /** WhatsApp's 131026: the number has no WhatsApp (the SMS goes instead). */
  noWhatsApp?: boolean;
  occurredAt: Date;
}

/** A provider's HTTP call to us, as received. */
export interface RawWebhook {
  method: string;
  /** The exact public URL the provider called (Twilio signs it). */
  publicUrl: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  query: Record<string, string>;
  /** The secret token in the path (`/infobip/:token`, `/http/:token`). */
  pathToken?: string;
}

export interface SendOptions {
  signal: AbortSignal;
  /** 1 on the first try. */
  attempt: number;
}

export interface ChannelAdapter {
  readonly provider: ProviderName;
  readonly channel: ChannelName;
  send(message: MessageToSend, options: SendOptions): Promise<SendResult>;
  /** True when the report is the provider's (signature or secret path token). */
  verifyWebhook(raw: RawWebhook): boolean;
  parseWebhook(raw: RawWebhook): DeliveryEvent[];
}

/** What every HTTP adapter is built with. */
export interface AdapterDependencies {
  fetch: typeof fetch;
  now: () => Date;
}

export const defaultDependencies: AdapterDependencies = {
  fetch: (input, init) => fetch(input, init),
  now: () => new Date(),
};

/** Constant-time comparison of two strings (different lengths: false). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined || expected === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function hmac(algorithm: 'sha1' | 'sha256', key: string, data: string | Buffer) {
  return createHmac(algorithm, key).update(data);
}

export function headerValue(raw: RawWebhook, name: string): string | undefined {
  const value = raw.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** `+22890123456` → `22890123456` (the providers that want no `+`). */
export function digitsOnly(e164: string): string {
  return e164.replace(/^\+/, '').replace(/\D/g, '');
}

/** The `Retry-After` header in milliseconds (seconds or an HTTP date), if any. */
export function retryAfterMs(response: Response, now: Date): number | undefined {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 300);
}

/** Errors raised before anything reached the provider: safe to send again. */
const NOT_SENT = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/;

/**
 * One POST to a provider: its answer, or what became of the call. A call refused before it
 * connected is retryable; one that timed out or broke once sent is ambiguous (the provider may
 * have taken it). Redirects are refused: the text goes to the configured address only.
 */
export async function postToProvider(
  dependencies: AdapterDependencies,
  url: string,
  init: { headers: Record<string, string>; body: string },
  signal: AbortSignal,
): Promise<
  { response: Response; text: string } | Extract<SendResult, { kind: 'retryable' | 'ambiguous' }>
> {
  let response: Response;
  try {
    response = await dependencies.fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      redirect: 'error',
      signal,
    });
  } catch (error) {
    const text = errorText(error);
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    if (typeof code === 'string' && NOT_SENT.test(code)) return { kind: 'retryable', error: text };
    if (NOT_SENT.test(text)) return { kind: 'retryable', error: text };
    return { kind: 'ambiguous', error: text };
  }
  try {
    return { response, text: await response.text() };
  } catch (error) {
    // The provider answered, then the body broke: it took the request, perhaps.
    return { kind: 'ambiguous', error: errorText(error) };
  }
}

/** The usual reading of an HTTP refusal: 429 and 5xx retryable (with Retry-After), 4xx permanent. */
export function refusalOf(
  response: Response,
  detail: string,
  now: Date,
): Extract<SendResult, { kind: 'retryable' | 'permanent' }> {
  const error = `HTTP ${response.status}${detail ? ` ${detail}` : ''}`.slice(0, 300);
  if (response.status === 429 || response.status === 408 || response.status >= 500) {
    const after = retryAfterMs(response, now);
    return { kind: 'retryable', error, ...(after !== undefined ? { retryAfterMs: after } : {}) };
  }
  return { kind: 'permanent', error, code: String(response.status) };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}
