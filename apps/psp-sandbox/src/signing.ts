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
