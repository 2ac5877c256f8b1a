import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { shortLinks, type ShortLinkRow } from './short-links.tables';

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
 * (`unnest`); returns the codes written (a code already taken is left out).
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
    const result = await db.execute<{ code: string }>(sql`
      insert into ${shortLinks} (code, organization_id, purpose, target_path, created_at, expires_at)
      select l.code, ${batch.organizationId}::uuid, ${batch.purpose}, l.target_path,
        ${batch.createdAt.toISOString()}::timestamptz, ${batch.expiresAt?.toISOString() ?? null}::timestamptz
      from unnest(${sql.param(chunk.map((link) => link.code))}::text[],
        ${sql.param(chunk.map((link) => link.targetPath))}::text[]) as l(code, target_path)
      on conflict (code) do nothing
      returning code`);
    for (const row of result.rows) written.add(row.code);
  }
  return written;
}
