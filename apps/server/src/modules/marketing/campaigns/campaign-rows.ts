import type { DbOrTx } from '../../../platform/db/database';
import { domainError, notFound } from '../../../platform/errors';
import { findCampaign, lockCampaign } from './campaigns.repository';
import type { CampaignRow } from './campaigns.tables';

/** The school's campaign, or « Campagne introuvable. » (another school's included). */
export async function findSchoolCampaign(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
): Promise<CampaignRow> {
  const row = await findCampaign(db, organizationId, campaignId);
  if (!row) throw notFound('CAMPAIGN_NOT_FOUND');
  return row;
}

/** The same, locked until the end of the transaction. */
export async function lockSchoolCampaign(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
): Promise<CampaignRow> {
  const row = await lockCampaign(db, organizationId, campaignId);
  if (!row) throw notFound('CAMPAIGN_NOT_FOUND');
  return row;
}

/** An archived campaign is kept as it was (its results stay readable). */
export function assertEditable(row: CampaignRow): void {
  if (row.archivedAt) throw domainError('CAMPAIGN_ARCHIVED');
}
