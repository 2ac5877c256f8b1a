import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { shortLinkCodes, shortLinks, type ShortLinkRow } from './short-links.tables';

export type NewShortLink = typeof shortLinks.$inferInsert;

/**
 * Writes a link; false when its code is taken already, by any school (the caller draws another).
 * The code is claimed in `short_link_codes` first, in the caller's transaction (outside one, a
 * failed write would leave a code claimed for nothing: harmless, it resolves to no link).
 */
export async function insertShortLink(db: DbOrTx, link: NewShortLink): Promise<boolean> {
  const claimed = await db
    .insert(shortLinkCodes)
    .values({ code: link.code, organizationId: link.organizationId })
    .onConflictDoNothing({ target: shortLinkCodes.code })
    .returning({ code: shortLinkCodes.code });
  if (claimed.length === 0) return false;
  await db.insert(shortLinks).values(link);
  return true;
}

/**
 * The newest link of the school to the same target and purpose that is still valid at `validUntil`
 * (never expiring, or expiring after it).
 */
export async function findReusableShortLink(
  db: DbOrTx,
  where: { organizationId: string; targetPath: string; purpose: ShortLinkRow['purpose'] },
  validUntil: Date,
): Promise<ShortLinkRow | undefined> {
  const [link] = await db
    .select()
    .from(shortLinks)
    .where(
      and(
        eq(shortLinks.organizationId, where.organizationId),
        eq(shortLinks.targetPath, where.targetPath),
        eq(shortLinks.purpose, where.purpose),
        or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, validUntil)),
      ),
    )
    .orderBy(desc(shortLinks.createdAt))
    .limit(1);
  return link;
}

/** The link behind a code, whichever school it belongs to (the code is the secret). */
export async function findShortLinkByCode(
  db: DbOrTx,
  code: string,
): Promise<ShortLinkRow | undefined> {
  // The school first (the code's lookup row), then its link: a read of one school's rows.
  const [owner] = await db
    .select({ organizationId: shortLinkCodes.organizationId })
    .from(shortLinkCodes)
    .where(eq(shortLinkCodes.code, code));
  if (!owner) return undefined;
  const [link] = await db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.organizationId, owner.organizationId), eq(shortLinks.code, code)));
  return link;
}

/** One more click on the link, in one statement (concurrent clicks all count). */
export async function countShortLinkClick(
  db: DbOrTx,
  link: Pick<ShortLinkRow, 'organizationId' | 'code'>,
  at: Date,
): Promise<void> {
  await db
    .update(shortLinks)
    .set({
      clicks: sql`${shortLinks.clicks} + 1`,
      lastClickedAt: sql`greatest(${shortLinks.lastClickedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(shortLinks.organizationId, link.organizationId), eq(shortLinks.code, link.code)));
}

/** Moves a link's expiry (null: never expires). */
export async function updateShortLinkExpiry(
  db: DbOrTx,
  link: Pick<ShortLinkRow, 'organizationId' | 'code'>,
  expiresAt: Date | null,
): Promise<void> {
  await db
    .update(shortLinks)
    .set({ expiresAt })
    .where(and(eq(shortLinks.organizationId, link.organizationId), eq(shortLinks.code, link.code)));
}

/** The clicks counted on these codes of the school (a campaign's links); absent codes are 0. */
export async function shortLinkClicks(
  db: DbOrTx,
  organizationId: string,
  codes: readonly string[],
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: shortLinks.code, clicks: shortLinks.clicks })
    .from(shortLinks)
    .where(
      and(
        eq(shortLinks.organizationId, organizationId),
        sql`${shortLinks.code} = any(${sql.param([...codes])}::text[])`,
      ),
    );
  return new Map(rows.map((row) => [row.code, row.clicks]));
}
