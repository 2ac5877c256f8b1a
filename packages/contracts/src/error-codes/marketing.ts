import { CampaignMessages, SchoolSubscriberMessages } from '../marketing';
import { defineError } from './define';

/** « Marketing » › Campagnes: campaigns, their tracking links and QR codes, their sending. */
export const marketingErrors = {
  /** 404 — a campaign id that is not one of the school's. */
  CAMPAIGN_NOT_FOUND: defineError(404, CampaignMessages.notFound),
  /** 404 — a tracking link that is not one of this campaign's (another school's included). */
  CAMPAIGN_LINK_NOT_FOUND: defineError(404, CampaignMessages.linkNotFound),
  /** 409 — editing, pausing or adding a link to an archived campaign. */
  CAMPAIGN_ARCHIVED: defineError(409, CampaignMessages.archived),
  /** 422 — « Envoyer » on a campaign that is not an e-mail or SMS one (Facebook, poster…). */
  CAMPAIGN_NOT_SENDABLE: defineError(422, CampaignMessages.notSendable),
  /** 409 — « Envoyer » on a campaign paused, ended or complete (derived status not active). */
  CAMPAIGN_NOT_ACTIVE: defineError(409, CampaignMessages.notActive),
  /** 409 — « Envoyer » again: a campaign is sent once (a concurrent second send included). */
  CAMPAIGN_ALREADY_SENT: defineError(409, CampaignMessages.alreadySent),
  /** 409 — no reachable recipient: no contact for the channel, or every one opted out. */
  CAMPAIGN_NO_RECIPIENTS: defineError(409, CampaignMessages.noRecipients),
  /** 404 — a subscriber id that is not one of the school's. */
  SCHOOL_SUBSCRIBER_NOT_FOUND: defineError(404, SchoolSubscriberMessages.notFound),
};
