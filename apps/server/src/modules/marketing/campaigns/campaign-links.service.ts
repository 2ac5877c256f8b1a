import { randomUUID } from 'node:crypto';
import {
  campaignChannelUtm,
  campaignDestinationLabels,
  type CampaignDestination,
  type CampaignLink,
} from '@ecolage/contracts';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import { publicBaseUrl } from '../../../platform/env';
import { notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { createShortLink, shortLinkClicks, shortLinkUrl } from '../../messaging';
import { pageQrPng, pageQrSvg } from '../../payer';
import { schoolDayOf, type CampaignsContext } from './campaign-context';
import {
  findCampaignLink,
  findLinksOfCampaign,
  insertCampaignLink,
} from './campaign-links.repository';
import { assertEditable, findSchoolCampaign, lockSchoolCampaign } from './campaign-rows';
import type { CampaignLinkRow, CampaignRow } from './campaigns.tables';

/** The label of the link every new campaign gets. */
export const MAIN_LINK_LABEL = 'Lien principal';

const PAGE_PATHS: Record<CampaignDestination, string> = {
  pre_registration: '/inscription',
  pay_page: '/payer',
};

/**
 * Where a campaign link leads: the school's pre-registration form or pay page with the channel's
 * `utm_source` / `utm_medium`, the campaign's code and the link's id (`utm_content`), which the
 * pages' beacon records with the visit.
 */
export function campaignLinkTarget(
  slug: string,
  campaign: Pick<CampaignRow, 'channel' | 'code'>,
  destination: CampaignDestination,
  linkId: string,
): string {
  const utm = campaignChannelUtm[campaign.channel];
  const query = new URLSearchParams({
    utm_source: utm.source,
    utm_medium: utm.medium,
    utm_campaign: campaign.code,
    utm_content: linkId,
  });
  return `${PAGE_PATHS[destination]}/${encodeURIComponent(slug)}?${query.toString()}`;
}

function toLink(row: CampaignLinkRow, clicks: number): CampaignLink {
  return {
    id: row.id,
    label: row.label,
    destination: row.destination,
    shortUrl: shortLinkUrl(row.shortLinkCode),
    targetUrl: `${publicBaseUrl()}${row.targetPath}`,
    clicks,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Adds a tracking link to a campaign in the caller's transaction: our short link (never expires:
 * a poster stays on a wall) to the page with the campaign's tags, audited.
 */
export async function addCampaignLink(
  tx: Transaction,
  context: Pick<CampaignsContext, 'db' | 'now'>,
  acting: ActingMember,
  campaign: CampaignRow,
  input: { label: string; destination?: CampaignDestination | undefined },
): Promise<CampaignLink> {
  const { slug } = await schoolDayOf(context, acting.organizationId);
  const id = randomUUID();
  const destination = input.destination ?? campaign.destination;
  const targetPath = campaignLinkTarget(slug, campaign, destination, id);
  const now = context.now();
  const short = await createShortLink(tx, {
    organizationId: acting.organizationId,
    targetPath,
    purpose: 'campaign',
    now,
  });
  const row = await insertCampaignLink(tx, {
    id,
    organizationId: acting.organizationId,
    campaignId: campaign.id,
    label: input.label,
    destination,
    shortLinkCode: short.code,
    targetPath,
    createdAt: now,
  });
  await recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action: 'campaign.link_created',
    resourceType: 'campaign_link',
    resourceId: row.id,
    category: 'settings',
    details: {
      campagne: campaign.name,
      libellé: row.label,
      destination: campaignDestinationLabels[destination],
      'lien court': short.url,
    },
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
  return toLink(row, 0);
}

/** `POST /api/marketing/campaigns/:id/links`: a new tracking link (not on an archived campaign). */
export async function createCampaignLink(
  context: CampaignsContext,
  acting: ActingMember,
  campaignId: string,
  input: { label: string; destination?: CampaignDestination | undefined },
): Promise<CampaignLink> {
  return context.db.transaction(async (tx) => {
    const campaign = await lockSchoolCampaign(tx, acting.organizationId, campaignId);
    assertEditable(campaign);
    return addCampaignLink(tx, context, acting, campaign, input);
  });
}

/** A campaign's links with the clicks counted on each. */
export async function listCampaignLinks(
  db: DbOrTx,
  organizationId: string,
  campaignId: string,
): Promise<CampaignLink[]> {
  await findSchoolCampaign(db, organizationId, campaignId);
  const rows = await findLinksOfCampaign(db, organizationId, campaignId);
  const clicks = await shortLinkClicks(
    db,
    organizationId,
    rows.map((row) => row.shortLinkCode),
  );
  return rows.map((row) => toLink(row, clicks.get(row.shortLinkCode) ?? 0));
}

/** The poster's QR code of a link (its short address), SVG to preview or PNG to print. */
export async function campaignLinkQr(
  db: DbOrTx,
  organizationId: string,
  ids: { campaignId: string; linkId: string },
  format: 'svg' | 'png',
): Promise<{ filename: string; body: string | Buffer }> {
  const campaign = await findSchoolCampaign(db, organizationId, ids.campaignId);
  const link = await findCampaignLink(db, organizationId, ids.campaignId, ids.linkId);
  if (!link) throw notFound('CAMPAIGN_LINK_NOT_FOUND');
  const url = shortLinkUrl(link.shortLinkCode);
  return {
    filename: `qr-${campaign.code}-${link.shortLinkCode}.${format}`,
    body: format === 'svg' ? await pageQrSvg(url) : await pageQrPng(url),
  };
}
