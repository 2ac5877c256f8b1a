import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { campaignSendings, type CampaignSendingRow } from './sending.tables';

export async function findCampaignSending(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
): Promise<CampaignSendingRow | undefined> {
  const [row] = await db
    .select()
    .from(campaignSendings)
    .where(
      and(
        eq(campaignSendings.organizationId, organizationId),
        eq(campaignSendings.campaignId, campaignId),
      ),
    );
  return row;
}

export async function findCampaignSendings(
  db: DbOrTx,
  organizationId: string,
  campaignIds: readonly string[],
): Promise<CampaignSendingRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select()
    .from(campaignSendings)
    .where(
      and(
        eq(campaignSendings.organizationId, organizationId),
        inArray(campaignSendings.campaignId, [...campaignIds]),
      ),
    );
}

export async function insertCampaignSending(
  db: DbOrTx,
  row: typeof campaignSendings.$inferInsert,
): Promise<CampaignSendingRow> {
  const [inserted] = await db.insert(campaignSendings).values(row).returning();
  return inserted!;
}
