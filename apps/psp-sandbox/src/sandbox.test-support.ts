// Test harness: a sandbox on a fake clock, with outbound callbacks captured instead of sent and
// sleeps recorded instead of waited. The HMAC helpers re-implement the documented schemes
// independently of signing.ts (psp-signature-vectors.js), so the tests check the sandbox's wire.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildSandbox, type BuildSandboxOptions } from './app';

export interface CapturedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export const START = new Date('2026-03-02T10:00:00.000Z');
export const HOOK = 'http://127.0.0.1:3000/api/psp';

export interface Harness {
  app: FastifyInstance;
  calls: CapturedCall[];
  sleeps: number[];
  /** Answers given to the next callbacks (then 200). */
  answers: number[];
  now(): Date;
  advance(seconds: number): void;
  flush(): Promise<void>;
}

export async function harness(options: BuildSandboxOptions = {}): Promise<Harness> {
  let now = START;
  const calls: CapturedCall[] = [];
  const sleeps: number[] = [];
  const answers: number[] = [];
  const callbackFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: String(init?.body ?? ''),
    });
    return new Response('OK', { status: answers.shift() ?? 200 });
  }) as typeof fetch;
  const app = await buildSandbox({
    now: () => now,
    callbackFetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
    config: {
      webhookUrls: {
        wave: `${HOOK}/wave`,
        fedapay: `${HOOK}/fedapay`,
        paygate: `${HOOK}/paygate`,
      },
      ...options.config,
    },
  });
  return {
    app,
    calls,
    sleeps,
    answers,
    now: () => now,
    advance(seconds) {
      now = new Date(now.getTime() + seconds * 1000);
    },
    flush: () => app.sandbox.flush(),
  };
}

/** HMAC-SHA256 in lowercase hex, as every provider vector uses. */
export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Checks a `t=…,v1=…` (Wave) or `t=…,s=…` (FedaPay) header against the body. */
export function verifySignature(
  scheme: 'wave' | 'fedapay',
  header: string | undefined,
  secret: string,
  body: string,
): { valid: boolean; timestamp: number } {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=')));
  const timestamp = Number(parts.t);
  const signed = scheme === 'wave' ? `${parts.t}${body}` : `${parts.t}.${body}`;
  const given = scheme === 'wave' ? parts.v1 : parts.s;
  return { valid: given === hmacHex(secret, signed), timestamp };
}

/** Posts a form the way a browser does (with extra headers if given). */
export function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return {
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}

/** The text of an HTML page with tags removed and every kind of space turned into one space. */
export function pageText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/[\s\u00A0\u202F]+/g, ' ')
    .trim();
}

/** Answers the first pending prompt of a number on the téléphone page. */
export async function answerOnPhone(
  app: FastifyInstance,
  numero: string,
  action: 'pay' | 'refuse' | 'expire',
  pin = '1234',
) {
  const prompt = app.sandbox.store.promptsFor(numero)[0];
  if (!prompt) throw new Error(`no prompt for ${numero}`);
  return app.inject({
    method: 'POST',
    url: '/telephone/reponse',
    ...form({ id: prompt.id, numero, action, pin }),
  });
}
