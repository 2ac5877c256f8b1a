// Test harness of the messaging protocols: a sandbox whose delivery reports are captured instead
// of sent (no wait between them), a product that answers WhatsApp's GET handshake as Meta expects,
// and the signatures computed again from the providers' documentation, apart from signing.ts.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildSandbox, type BuildSandboxOptions } from './app';
import { DEMO_CREDENTIALS } from './config';
import type { CapturedCall } from './sandbox.test-support';

export const PRODUCT = 'http://127.0.0.1:3000';
export const TWILIO_HOOK = `${PRODUCT}/api/webhooks/messages/twilio?message=m-1`;
export const INFOBIP_HOOK = `${PRODUCT}/api/webhooks/messages/infobip/path-token-0123456789`;
export const AGGREGATOR_HOOK = `${PRODUCT}/api/webhooks/messages/http/path-token-0123456789`;
export const WHATSAPP_HOOK = `${PRODUCT}/api/webhooks/messages/whatsapp`;

export interface MessagingHarness {
  app: FastifyInstance;
  /** Reports posted (GET handshakes apart). */
  calls: CapturedCall[];
  /** WhatsApp's GET handshakes. */
  handshakes: string[];
  /** Answers to the next reports (then 200). */
  answers: number[];
  /** Whether the product answers the handshake with the challenge. */
  product: { verifies: boolean };
  flush(): Promise<void>;
}

export async function messagingHarness(
  options: BuildSandboxOptions = {},
): Promise<MessagingHarness> {
  const calls: CapturedCall[] = [];
  const handshakes: string[] = [];
  const answers: number[] = [];
  const product = { verifies: true };
  const callbackFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'GET') {
      handshakes.push(url);
      const query = new URL(url).searchParams;
      const ok =
        product.verifies &&
        query.get('hub.mode') === 'subscribe' &&
        query.get('hub.verify_token') === DEMO_CREDENTIALS.whatsapp.verifyToken;
      return ok
        ? new Response(query.get('hub.challenge'), { status: 200 })
        : new Response('Forbidden', { status: 403 });
    }
    calls.push({
      url,
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: String(init?.body ?? ''),
    });
    return new Response('OK', { status: answers.shift() ?? 200 });
  }) as typeof fetch;
  const app = await buildSandbox({
    callbackFetch,
    sleep: async () => {},
    ...options,
    config: { messaging: { dlrDelayMs: 0, hangMs: 0 }, ...options.config },
  });
  return { app, calls, handshakes, answers, product, flush: () => app.sandbox.flush() };
}

/** Twilio's documented check: base64(HMAC-SHA1(token, url + sorted name+value)). */
export function expectedTwilioSignature(token: string, url: string, form: string): string {
  const params = new URLSearchParams(form);
  const names = [...new Set(params.keys())].sort();
  const data = url + names.map((name) => name + params.get(name)).join('');
  return createHmac('sha1', token).update(data).digest('base64');
}

/** Meta's documented check: sha256= hex(HMAC-SHA256(app secret, raw body)). */
export function expectedMetaSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
