import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { shortLinks, type ShortLinkRow } from './short-links.tables';

/** Rows per insert: 7 parameters each, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;

/**
 * The school's newest link to each of these targets of one purpose that lasts as long as asked
 * (`validUntil` null: never expiring; else never expiring or expiring after it), in one
 * statement: a campaign's thousands of opt-out links.
 */
export async function findReusableShortLinks(
  db: DbOrTx,
  where: { organizationId: string; purpose: ShortLinkRow['purpose'] },
  targetPaths: readonly string[],
  validUntil: Date | null,
): Promise<Map<string, string>> {
  if (targetPaths.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([shortLinks.targetPath], {
      targetPath: shortLinks.targetPath,
      code: shortLinks.code,
    })
    .from(shortLinks)
    .where(
      and(
        eq(shortLinks.organizationId, where.organizationId),
        sql`${shortLinks.targetPath} = any(${sql.param([...targetPaths])}::text[])`,
        eq(shortLinks.purpose, where.purpose),
        validUntil
          ? or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, validUntil))
          : isNull(shortLinks.expiresAt),
      ),
    )
    .orderBy(shortLinks.targetPath, sql`${shortLinks.createdAt} desc`);
  return new Map(rows.map((row) => [row.targetPath, row.code]));
}

/** Writes links by chunks; returns the codes written (a code already taken is left out). */
export async function insertShortLinks(
  db: DbOrTx,
  links: readonly (typeof shortLinks.$inferInsert)[],
): Promise<Set<string>> {
  const written = new Set<string>();
  for (let start = 0; start < links.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(shortLinks)
      .values(links.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing({ target: shortLinks.code })
      .returning({ code: shortLinks.code });
    for (const row of rows) written.add(row.code);
  }
  return written;
}
