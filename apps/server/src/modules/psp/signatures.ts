import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthFailure } from './provider';

/** Webhook timestamps older or newer than this are refused (replay window, research §10.17). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Lowercase hex HMAC-SHA256. */
export function hmacSha256Hex(key: string | Buffer, message: string | Buffer): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `Basic base64(user:password)`, as MTN and Orange expect for their token calls. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * Constant-time equality of two strings of any length. Strings of one length (a hex signature
 * against the one expected, whose length is public) are compared as they are; otherwise both
 * sides are hashed first so the length of the expected value does not leak through timing.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length === right.length) return timingSafeEqual(left, right);
  return timingSafeEqual(
    createHash('sha256').update(left).digest(),
    createHash('sha256').update(right).digest(),
  );
}

/** `t=1700000000,v1=abc,v1=def` → the timestamp and every value of `scheme`. */
export function parseSignatureHeader(
  header: string,
  scheme: string,
): { timestamp?: string; signatures: string[] } {
  const result: { timestamp?: string; signatures: string[] } = { signatures: [] };
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 't') result.timestamp = value;
    else if (key === scheme && value) result.signatures.push(value.toLowerCase());
  }
  return result;
}

export interface TimestampedSignatureCheck {
  header: string | undefined;
  /** `v1` for Wave, `s` for FedaPay. */
  scheme: string;
  secret: string;
  rawBody: Buffer;
  /** What goes between the timestamp and the body: '' for Wave (no dot!), '.' for FedaPay. */
  separator: '' | '.';
  now: Date;
  toleranceSeconds?: number;
}

/**
 * Checks a `t=…,<scheme>=<hex HMAC-SHA256(secret, t + separator + body)>` header over the raw
 * bytes. Any one matching signature is enough (secret rotation); the timestamp must be within the
 * tolerance of `now` in both directions.
 */
export function verifyTimestampedSignature(
  check: TimestampedSignatureCheck,
): { ok: true } | { ok: false; failure: AuthFailure } {
  if (!check.header) return { ok: false, failure: 'missing_signature' };
  const { timestamp, signatures } = parseSignatureHeader(check.header, check.scheme);
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return { ok: false, failure: 'missing_signature' };
  }
  const expected = hmacSha256Hex(
    check.secret,
    Buffer.concat([Buffer.from(`${timestamp}${check.separator}`, 'utf8'), check.rawBody]),
  );
  if (!signatures.some((signature) => constantTimeEqual(signature, expected))) {
    return { ok: false, failure: 'bad_signature' };
  }
  const ageSeconds = Math.floor(check.now.getTime() / 1000) - Number(timestamp);
  if (Math.abs(ageSeconds) > (check.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) {
    return { ok: false, failure: 'stale_timestamp' };
  }
  return { ok: true };
}

/**
 * Dedupe key of a signed provider's event: its id when the signature holds (retries share it),
 * else a hash of the body. An unverified body must not claim a genuine event's id: it would take
 * the dedupe slot and the genuine delivery would then be dropped as a duplicate.
 */
export function signedEventDedupeKey(
  authenticated: boolean,
  eventId: string | undefined,
  rawBody: Buffer,
): string {
  if (!authenticated) return `unverified:${sha256Hex(rawBody)}`;
  return eventId ?? sha256Hex(rawBody);
}

/** A header value whatever its case; the first one when repeated. */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
