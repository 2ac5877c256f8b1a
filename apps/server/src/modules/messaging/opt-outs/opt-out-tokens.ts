import { createHmac, timingSafeEqual } from 'node:crypto';
import { optOutCategoryValues, type OptOutCategory } from '@ecolage/contracts';

/**
 * The opt-out link's token: `<payload>.<signature>`, the payload (school, recipient, category)
 * in base64url and its HMAC-SHA256 under a key drawn from the server's secret (the one that signs
 * access tokens and payment links, domain-separated). A token altered by one character, or made
 * without the secret, is refused before the database is asked.
 */

export interface OptOutSubject {
  organizationId: string;
  /** E.164 phone, or a lower-cased e-mail. */
  recipient: string;
  category: OptOutCategory;
}

let signingKey: Buffer | null = null;

/**
 * Says, once at start-up (buildApp, and any process that writes messages with an opt-out link),
 * which secret signs the opt-out links: `JWT_SECRET` or the one the data directory keeps
 * (platform/secrets.ts).
 */
export function configureMessageLinks(serverSecret: string): void {
  signingKey = createHmac('sha256', serverSecret).update('ecolage:opt-out-links:v1').digest();
}

function key(): Buffer {
  if (!signingKey) {
    throw new Error('messaging: configureMessageLinks(secret) was not called in this process');
  }
  return signingKey;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/;

function signature(payload: string): string {
  return createHmac('sha256', key()).update(payload).digest('base64url');
}

export function optOutToken(subject: OptOutSubject): string {
  const text = [subject.organizationId, subject.recipient, subject.category].join('\n');
  const payload = Buffer.from(text, 'utf8').toString('base64url');
  return `${payload}.${signature(payload)}`;
}

/** What a token says, when its signature is right and its content well-formed; else null. */
export function readOptOutToken(token: string): OptOutSubject | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, payload = '', given = ''] = match;
  const expected = Buffer.from(signature(payload));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  const [organizationId = '', recipient = '', category = '', ...rest] = Buffer.from(
    payload,
    'base64url',
  )
    .toString('utf8')
    .split('\n');
  if (rest.length > 0 || !UUID.test(organizationId) || !recipient) return null;
  const known = optOutCategoryValues.find((value) => value === category);
  return known ? { organizationId, recipient, category: known } : null;
}
