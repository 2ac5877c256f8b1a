// Webhook signatures exactly as the providers document them (psp-apis.md §4.3, §5.1, §9).
import { createHmac } from 'node:crypto';

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Wave: `t=<unix>,v1=hex(HMAC_SHA256(secret, t + body))`, timestamp and body joined WITHOUT a dot. */
export function waveSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmacHex(secret, `${timestamp}${body}`)}`;
}

/** FedaPay: `t=<unix>,s=hex(HMAC_SHA256(secret, t + "." + body))` (Stripe-like, `s` for `v1`). */
export function fedapaySignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},s=${hmacHex(secret, `${timestamp}.${body}`)}`;
}

/** `Basic base64(user:password)`, as MTN and Orange expect on their token endpoints. */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** A secret that is certainly not the right one, for the bad_signature fault. */
export function wrongSecret(secret: string): string {
  return `${secret}-not-the-right-one`;
}

/**
 * Twilio's `X-Twilio-Signature`: base64(HMAC-SHA1(authToken, url + each POST parameter as
 * name + value, sorted by name)), the URL exactly as it was given (query string included).
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Meta's `X-Hub-Signature-256`: `sha256=` + hex(HMAC-SHA256(app secret, raw body)). */
export function whatsappSignature(appSecret: string, body: string): string {
  return `sha256=${hmacHex(appSecret, body)}`;
}

/** Meta's older `X-Hub-Signature` (SHA-1), still sent beside the SHA-256 one. */
export function whatsappSignatureSha1(appSecret: string, body: string): string {
  return `sha1=${createHmac('sha1', appSecret).update(body, 'utf8').digest('hex')}`;
}
