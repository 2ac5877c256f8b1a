import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { shortLinkCodes, shortLinks, type ShortLinkRow } from './short-links.tables';

/** Links per statement. */
const INSERT_CHUNK = 5000;

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

/**
 * Writes links of one school, purpose and expiry by statements of 5,000 taking two arrays
 * (`unnest`); returns the codes written (a code already taken, by any school, is left out). Each
 * chunk claims its codes in `short_link_codes` first, then writes the links of the codes claimed
 * (in the caller's transaction; outside one, a failure between the two leaves codes claimed for
 * nothing: harmless, they resolve to no link).
 */
export async function insertShortLinks(
  db: DbOrTx,
  batch: {
    organizationId: string;
    purpose: ShortLinkRow['purpose'];
    createdAt: Date;
    expiresAt: Date | null;
    links: readonly { code: string; targetPath: string }[];
  },
): Promise<Set<string>> {
  const written = new Set<string>();
  for (let start = 0; start < batch.links.length; start += INSERT_CHUNK) {
    const chunk = batch.links.slice(start, start + INSERT_CHUNK);
    const claimed = await db.execute<{ code: string }>(sql`
        insert into ${shortLinkCodes} (code, organization_id)
        select l.code, ${batch.organizationId}::uuid
        from unnest(${sql.param(chunk.map((link) => link.code))}::text[]) as l(code)
        on conflict (code) do nothing
        returning code`);
    const mine = new Set(claimed.rows.map((row) => row.code));
    // A code drawn twice in one chunk is claimed once: its first target gets it.
    const links = chunk.filter((link) => {
      if (!mine.has(link.code) || written.has(link.code)) return false;
      written.add(link.code);
      return true;
    });
    if (links.length === 0) continue;
    await db.execute(sql`
      insert into ${shortLinks} (code, organization_id, purpose, target_path, created_at, expires_at)
      select l.code, ${batch.organizationId}::uuid, ${batch.purpose}, l.target_path,
        ${batch.createdAt.toISOString()}::timestamptz, ${batch.expiresAt?.toISOString() ?? null}::timestamptz
      from unnest(${sql.param(links.map((link) => link.code))}::text[],
        ${sql.param(links.map((link) => link.targetPath))}::text[]) as l(code, target_path)`);
  }
  return written;
}
