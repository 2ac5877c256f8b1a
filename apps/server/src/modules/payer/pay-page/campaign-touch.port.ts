import type { DbOrTx } from '../../../platform/db/database';

/**
 * How the pay page, opened through a campaign's link (`utm_campaign`), hands the browser the
 * campaign's signed touch without knowing marketing (downstream of payer): marketing's
 * `campaignTouchFor`, handed over by the composition root (decisions/0015). The payer script keeps
 * it for the school's pre-registration form (last touch wins, 30 days); the pay page's own
 * payments are attributed by page analytics.
 */
export type CampaignTouchMaker = (
  db: DbOrTx,
  organizationId: string,
  utmCampaign: string,
  now: Date,
) => Promise<string | null>;
