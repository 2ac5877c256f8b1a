/**
 * Public website: newsletter subscriptions and contact messages (platform-level, not per school),
 * and the analytics of the schools' public pages.
 */
export { publicRoutes, type PublicRoutesOptions } from './public.routes';
export { subscribeToNewsletter, sendContactMessage } from './public.service';
export {
  contactMessagesAfter,
  listContactMessages,
  listNewsletterSubscribers,
  markContactMessageHandledRow,
  newsletterSubscribersAfter,
  type InboxCursor,
  type InboxPage,
} from './public-inbox.repository';
export type { ContactMessage, NewsletterSubscription } from './public.tables';
// Page analytics of the schools' public pages (cookie-less, daily salts; issue 20).
export {
  pageAnalyticsRoutes,
  type PageAnalyticsRoutesOptions,
} from './page-analytics/visits.routes';
export { visitorFingerprint, type VisitorFingerprint } from './page-analytics/visitor';
export { noteVisitorPayment, noteVisitorRegistration } from './page-analytics/visits.service';
export {
  campaignPaymentAttempts,
  campaignTraffic,
  campaignsTrafficTotal,
  channelsOfAttempts,
  trafficTotals,
  trafficYears,
  type CampaignTraffic,
  type TrafficTotals,
} from './page-analytics/traffic.reads';
export { rotateVisitSaltsJob } from './page-analytics/visit-salts';
export { pruneOldVisitsJob } from './page-analytics/visit-retention';
export { pageAnalyticsEventHandlers } from './page-analytics/page-analytics.events';
