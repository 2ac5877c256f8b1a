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
/** The payload, then 16 bytes of HMAC-SHA256 (128 bits): a phone's token is about 60 characters. */
const TOKEN = /^([A-Za-z0-9_-]{24,600})\.([A-Za-z0-9_-]{22})$/;
const SIGNATURE_BYTES = 16;

function signature(payload: string): string {
  return createHmac('sha256', key())
    .update(payload)
    .digest()
    .subarray(0, SIGNATURE_BYTES)
    .toString('base64url');
}

/** Payload bytes: the category's index, the school's id (16 bytes), the recipient in UTF-8. */
export function optOutToken(subject: OptOutSubject): string {
  const bytes = Buffer.concat([
    Buffer.from([optOutCategoryValues.indexOf(subject.category)]),
    Buffer.from(subject.organizationId.replaceAll('-', ''), 'hex'),
    Buffer.from(subject.recipient, 'utf8'),
  ]);
  const payload = bytes.toString('base64url');
  return `${payload}.${signature(payload)}`;
}

const UUID_GROUPS = [0, 8, 12, 16, 20, 32];

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return UUID_GROUPS.slice(1)
    .map((end, index) => hex.slice(UUID_GROUPS[index], end))
    .join('-');
}

/** What a token says, when its signature is right and its content well-formed; else null. */
export function readOptOutToken(token: string): OptOutSubject | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, payload = '', given = ''] = match;
  const expected = Buffer.from(signature(payload));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  const category = optOutCategoryValues[bytes[0] ?? -1];
  const organizationId = uuidOf(bytes.subarray(1, 17));
  const recipient = bytes.subarray(17).toString('utf8');
  if (!category || !UUID.test(organizationId) || !recipient) return null;
  return { organizationId, recipient, category };
}
