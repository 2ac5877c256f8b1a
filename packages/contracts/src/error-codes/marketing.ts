import { CampaignMessages } from '../marketing';
import { defineError } from './define';

/** « Marketing » › Campagnes: campaigns, their tracking links and QR codes, their sending. */
export const marketingErrors = {
  /** 404 — a campaign id that is not one of the school's. */
  CAMPAIGN_NOT_FOUND: defineError(404, CampaignMessages.notFound),
  /** 404 — a tracking link that is not one of this campaign's (another school's included). */
  CAMPAIGN_LINK_NOT_FOUND: defineError(404, CampaignMessages.linkNotFound),
  /** 409 — editing, pausing or adding a link to an archived campaign. */
  CAMPAIGN_ARCHIVED: defineError(409, CampaignMessages.archived),
};
