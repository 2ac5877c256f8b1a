import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { campaignLinks, type CampaignLinkRow } from './campaigns.tables';

export async function insertCampaignLink(
  db: DbOrTx,
  row: typeof campaignLinks.$inferInsert,
): Promise<CampaignLinkRow> {
  const [inserted] = await db.insert(campaignLinks).values(row).returning();
  return inserted!;
}

/** A campaign's links, oldest first (« Lien principal » first). */
export async function findLinksOfCampaign(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
): Promise<CampaignLinkRow[]> {
  return db
    .select()
    .from(campaignLinks)
    .where(
      and(
        eq(campaignLinks.organizationId, organizationId),
        eq(campaignLinks.campaignId, campaignId),
      ),
    )
    .orderBy(asc(campaignLinks.createdAt), asc(campaignLinks.id));
}

/** One link of one campaign of the school: another school's or campaign's is not found. */
export async function findCampaignLink(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
  linkId: string,
): Promise<CampaignLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(campaignLinks)
    .where(
      and(
        eq(campaignLinks.organizationId, organizationId),
        eq(campaignLinks.campaignId, campaignId),
        eq(campaignLinks.id, linkId),
      ),
    );
  return row;
}

/** The short link codes of these campaigns' links (their clicks). */
export async function findLinkCodesOf(
  db: DbOrTx,
  organizationId: string,
  campaignIds: readonly string[],
): Promise<{ campaignId: string; shortLinkCode: string }[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select({ campaignId: campaignLinks.campaignId, shortLinkCode: campaignLinks.shortLinkCode })
    .from(campaignLinks)
    .where(
      and(
        eq(campaignLinks.organizationId, organizationId),
        inArray(campaignLinks.campaignId, [...campaignIds]),
      ),
    );
}
