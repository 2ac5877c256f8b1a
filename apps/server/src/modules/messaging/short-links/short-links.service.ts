import type { ShortLinkPurpose } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { publicBaseUrl } from '../../../platform/env';
import { isShortLinkCode, newShortLinkCode } from './short-link-codes';
import {
  countShortLinkClick,
  findReusableShortLink,
  findShortLinkByCode,
  insertShortLink,
  updateShortLinkExpiry,
} from './short-links.repository';
import { findReusableShortLinks, insertShortLinks } from './short-link-batches.repository';
import type { ShortLinkRow } from './short-links.tables';

export interface ShortLinkToCreate {
  organizationId: string;
  /** A path of this server (`/payer/l/<id>.<hmac>`): never another site's address. */
  targetPath: string;
  purpose: ShortLinkPurpose;
  /** Null or absent: the link never expires. */
  expiresAt?: Date | null;
  /** The caller's clock (the test clock); the real time when absent. */
  now?: Date;
}

export interface CreatedShortLink {
  code: string;
  /** The public origin (the receipts' QR codes use the same) + `/s/<code>`. */
  url: string;
}

/**
 * A path of our own server, safe as a relative `Location`: one leading slash and no second one
 * (`//host` is another site), no backslash (browsers read it as a slash), no control character.
 */
const OWN_PATH = /^\/(?![/\\])[^\\\s\p{Cc}]*$/u;

function assertOwnPath(targetPath: string): void {
  if (!OWN_PATH.test(targetPath) || targetPath.length > 2000) {
    throw new Error(`a short link leads to a path of this server, not to ${targetPath}`);
  }
}

/** `<public origin>/s/<code>`. */
export function shortLinkUrl(code: string, baseUrl = publicBaseUrl()): string {
  return `${baseUrl}/s/${code}`;
}

/** Codes drawn before giving up (a collision at 59 bits is already unheard of). */
const CODE_DRAWS = 5;

/** Writes a new short link in the caller's transaction. */
export async function createShortLink(
  db: DbOrTx,
  input: ShortLinkToCreate,
): Promise<CreatedShortLink> {
  assertOwnPath(input.targetPath);
  const createdAt = input.now ?? new Date();
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const code = newShortLinkCode();
    const inserted = await insertShortLink(db, {
      code,
      organizationId: input.organizationId,
      purpose: input.purpose,
      targetPath: input.targetPath,
      createdAt,
      expiresAt: input.expiresAt ?? null,
    });
    if (inserted) return { code, url: shortLinkUrl(code) };
  }
  throw new Error('no free short link code');
}

/**
 * The school's short link to this target, made once: a link still valid is given again (a parent
 * reminded four times gets one link), its expiry pushed to the one asked for if that is later;
 * otherwise a new one.
 */
export async function shortLinkFor(
  db: DbOrTx,
  input: ShortLinkToCreate,
): Promise<CreatedShortLink> {
  assertOwnPath(input.targetPath);
  const now = input.now ?? new Date();
  const existing = await findReusableShortLink(db, input, now);
  if (!existing) return createShortLink(db, input);
  const wanted = input.expiresAt ?? null;
  if (existing.expiresAt && (wanted === null || wanted > existing.expiresAt)) {
    await updateShortLinkExpiry(db, existing, wanted);
  }
  return { code: existing.code, url: shortLinkUrl(existing.code) };
}

/**
 * `shortLinkFor` for many targets of one school and purpose at once (a campaign's opt-out links):
 * the valid links found in one statement, the missing ones written by chunks. Returns each
 * target's link.
 */
export async function shortLinksFor(
  db: DbOrTx,
  input: Omit<ShortLinkToCreate, 'targetPath'> & { targetPaths: readonly string[] },
): Promise<Map<string, CreatedShortLink>> {
  const targets = [...new Set(input.targetPaths)];
  targets.forEach(assertOwnPath);
  const now = input.now ?? new Date();
  const found = await findReusableShortLinks(db, input, targets, input.expiresAt ?? null);
  const links = new Map<string, CreatedShortLink>();
  for (const [target, code] of found) links.set(target, { code, url: shortLinkUrl(code) });
  let missing = targets.filter((target) => !links.has(target));
  for (let draw = 0; draw < CODE_DRAWS && missing.length > 0; draw += 1) {
    const drawn = missing.map((targetPath) => ({ targetPath, code: newShortLinkCode() }));
    const written = await insertShortLinks(db, {
      organizationId: input.organizationId,
      purpose: input.purpose,
      createdAt: now,
      expiresAt: input.expiresAt ?? null,
      links: drawn,
    });
    for (const { targetPath, code } of drawn) {
      if (written.has(code)) links.set(targetPath, { code, url: shortLinkUrl(code) });
    }
    missing = missing.filter((target) => !links.has(target));
  }
  if (missing.length > 0) throw new Error('no free short link code');
  return links;
}

export type ShortLinkLookup =
  | { status: 'found'; link: ShortLinkRow }
  | { status: 'expired'; link: ShortLinkRow }
  | { status: 'unknown' };

/**
 * The link behind a code: unknown when malformed (no query) or absent, expired past its date.
 * A person's visit counts a click; a HEAD or a link previewer's does not (`countClick: false`).
 */
export async function followShortLink(
  db: DbOrTx,
  code: string,
  visit: { now: Date; countClick: boolean },
): Promise<ShortLinkLookup> {
  if (!isShortLinkCode(code)) return { status: 'unknown' };
  const link = await findShortLinkByCode(db, code);
  if (!link) return { status: 'unknown' };
  if (link.expiresAt && link.expiresAt <= visit.now) return { status: 'expired', link };
  if (visit.countClick) await countShortLinkClick(db, link, visit.now);
  return { status: 'found', link };
}
