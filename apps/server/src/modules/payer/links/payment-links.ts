import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentLinkPurpose } from '@ecolage/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { publicBaseUrl } from '../../../platform/env';
import { paymentLinkIds, paymentLinks, type PaymentLinkRow } from '../payer.tables';

/**
 * Payment links: `/payer/l/<id>.<signature>`. The id (12 random letters and digits, 71 bits) is the
 * row's key; the signature (HMAC-SHA256 of the id, 12 characters) lets a tampered address be
 * refused before the database is asked, and makes the address useless without the server's
 * secret even if ids leaked. Short enough for an SMS.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const ID_LENGTH = 12;
const TOKEN = /^([A-Za-z0-9]{12})\.([A-Za-z0-9_-]{12})$/;

/** How long a link lives, by who receives it. */
const DAY = 24 * 60 * 60 * 1000;
export const paymentLinkLifetimeMs: Record<PaymentLinkPurpose, number> = {
  message: 30 * DAY,
  staff: 30 * DAY,
  admission: 30 * DAY,
  // Printed on a class's QR sheet: valid for the school year.
  qr: 365 * DAY,
  // Opened right after a one-time code: one sitting.
  code: 60 * 60 * 1000,
};

export interface LinkSigner {
  token(id: string): string;
  /** The link's id when the token's signature is right, else null. */
  idOf(token: string): string | null;
}

/** The signer, keyed from the server's secret (domain-separated from the access tokens). */
export function createLinkSigner(serverSecret: string): LinkSigner {
  const key = createHmac('sha256', serverSecret).update('ecolage:payment-links:v1').digest();
  const signature = (id: string) =>
    createHmac('sha256', key).update(id).digest('base64url').slice(0, 12);
  return {
    token: (id) => `${id}.${signature(id)}`,
    idOf: (token) => {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, id = '', given = ''] = match;
      const expected = Buffer.from(signature(id));
      const received = Buffer.from(given);
      return expected.length === received.length && timingSafeEqual(expected, received) ? id : null;
    },
  };
}

function newLinkId(): string {
  const bytes = randomBytes(ID_LENGTH * 2);
  let id = '';
  for (const byte of bytes) {
    // Rejection sampling keeps every letter equally likely.
    if (byte >= ALPHABET.length * Math.floor(256 / ALPHABET.length)) continue;
    id += ALPHABET[byte % ALPHABET.length];
    if (id.length === ID_LENGTH) return id;
  }
  return newLinkId();
}

export function paymentLinkUrl(token: string, baseUrl = publicBaseUrl()): string {
  return `${baseUrl}/payer/l/${token}`;
}

export interface IssuedPaymentLink {
  id: string;
  token: string;
  url: string;
  expiresAt: Date;
}

export interface PaymentLinkToIssue {
  organizationId: string;
  guardianId: string;
  /** Only this student's invoices; null or absent: all the guardian's children. */
  studentId?: string | null;
  purpose: PaymentLinkPurpose;
  createdBy: string;
  now: Date;
}

/** Ids drawn before giving up (a collision at 71 bits is already unheard of). */
const ID_DRAWS = 5;

/**
 * A fresh id, claimed for the school in `payment_link_ids` (unique across schools; the link's own
 * key leads with its school).
 */
async function claimLinkId(db: DbOrTx, organizationId: string): Promise<string> {
  for (let draw = 0; draw < ID_DRAWS; draw += 1) {
    const id = newLinkId();
    const claimed = await db
      .insert(paymentLinkIds)
      .values({ id, organizationId })
      .onConflictDoNothing({ target: paymentLinkIds.id })
      .returning({ id: paymentLinkIds.id });
    if (claimed.length === 1) return id;
  }
  throw new Error('no free payment link id');
}

/**
 * Writes a new link in the caller's transaction, its id claimed first (outside a transaction, a
 * failed write would leave an id claimed for nothing: harmless, it resolves to no link).
 */
export async function issuePaymentLink(
  db: DbOrTx,
  signer: LinkSigner,
  input: PaymentLinkToIssue,
): Promise<IssuedPaymentLink> {
  const expiresAt = new Date(input.now.getTime() + paymentLinkLifetimeMs[input.purpose]);
  const id = await claimLinkId(db, input.organizationId);
  await db.insert(paymentLinks).values({
    id,
    organizationId: input.organizationId,
    guardianId: input.guardianId,
    studentId: input.studentId ?? null,
    purpose: input.purpose,
    expiresAt,
    createdBy: input.createdBy,
    createdAt: input.now,
  });
  const token = signer.token(id);
  return { id, token, url: paymentLinkUrl(token), expiresAt };
}

/**
 * A student's QR link: the same one as long as it has a month left, so that a printed sheet keeps
 * working; a new one otherwise (`created`: a row was written, for the caller's audit entry).
 */
export async function studentQrLink(
  db: DbOrTx,
  signer: LinkSigner,
  input: Omit<PaymentLinkToIssue, 'purpose'> & { studentId: string },
): Promise<IssuedPaymentLink & { created: boolean }> {
  const [current] = await db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.organizationId, input.organizationId),
        eq(paymentLinks.guardianId, input.guardianId),
        eq(paymentLinks.studentId, input.studentId),
        eq(paymentLinks.purpose, 'qr'),
        isNull(paymentLinks.revokedAt),
        gt(paymentLinks.expiresAt, new Date(input.now.getTime() + 30 * DAY)),
      ),
    )
    .orderBy(desc(paymentLinks.expiresAt))
    .limit(1);
  if (current) {
    const token = signer.token(current.id);
    const url = paymentLinkUrl(token);
    return { id: current.id, token, url, expiresAt: current.expiresAt, created: false };
  }
  return { ...(await issuePaymentLink(db, signer, { ...input, purpose: 'qr' })), created: true };
}

export type ResolvedLink =
  | { ok: true; link: PaymentLinkRow; token: string }
  | { ok: false; reason: 'invalid' | 'expired'; link?: PaymentLinkRow };

/** The link behind a token: refused when tampered, unknown, revoked or past its expiry. */
export async function resolvePaymentLink(
  db: DbOrTx,
  signer: LinkSigner,
  token: string,
  now: Date,
): Promise<ResolvedLink> {
  const id = signer.idOf(token);
  if (!id) return { ok: false, reason: 'invalid' };
  // The school first (the id's lookup row), then its link: a read of one school's rows.
  const [owner] = await db
    .select({ organizationId: paymentLinkIds.organizationId })
    .from(paymentLinkIds)
    .where(eq(paymentLinkIds.id, id));
  if (!owner) return { ok: false, reason: 'invalid' };
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.organizationId, owner.organizationId), eq(paymentLinks.id, id)));
  if (!link) return { ok: false, reason: 'invalid' };
  if (link.revokedAt || link.expiresAt <= now) return { ok: false, reason: 'expired', link };
  return { ok: true, link, token };
}
