/**
 * « Marketing » › Campagnes (decisions/0026): campaigns with their tracking links (our short links
 * with UTM tags) and poster QR codes, last-touch attribution of pre-registrations within 30 days,
 * results and ROI computed from page analytics, admissions and billing, e-mail and SMS campaigns
 * sent through messaging to the school's guardians or subscribers. Coupons and scholarships are
 * billing's.
 */
export {
  campaignTouchFor,
  configureCampaignTouches,
  verifyCampaignTouch,
} from './attribution/touch-tokens';
export type {
  AttributedRegistration,
  CampaignRegistrations,
} from './attribution/registrations.port';
// School subscribers (sending/): the pre-registration's « Recevoir les nouvelles de l'école ».
export { subscribeToSchoolNews, type SchoolNewsSubscription } from './sending/subscribers.service';
// E-mail and SMS campaigns sent once (sending/): « Envoyer », the subscribers' list, and each
// sending's delivery figures (for the campaigns' list and detail).
export { sendingRoutes, type SendingRoutesOptions } from './sending/sending.routes';
export { campaignSendingOf } from './sending/campaign-sending-figures';
// Campaigns (campaigns/): CRUD, actions, tracking links and QR codes, the KPI cards; their results
// (attribution/) for the campaigns' sending.
export { campaignsRoutes, type CampaignsRoutesOptions } from './campaigns/campaigns.routes';
export { campaignResults, type CampaignForResults } from './attribution/campaign-results';
