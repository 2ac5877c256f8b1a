/** Public website: newsletter subscriptions and contact messages (platform-level, not per school). */
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
