import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { shortLinks, type ShortLinkRow } from './short-links.tables';

export type NewShortLink = typeof shortLinks.$inferInsert;

/** Writes a link; false when its code is taken already (the caller draws another). */
export async function insertShortLink(db: DbOrTx, link: NewShortLink): Promise<boolean> {
  const inserted = await db
    .insert(shortLinks)
    .values(link)
    .onConflictDoNothing({ target: shortLinks.code })
    .returning({ code: shortLinks.code });
  return inserted.length === 1;
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
  const [link] = await db.select().from(shortLinks).where(eq(shortLinks.code, code));
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
