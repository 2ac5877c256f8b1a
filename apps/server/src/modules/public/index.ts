/** Public website: newsletter subscriptions and contact messages (platform-level, not per school). */
export { publicRoutes, type PublicRoutesOptions } from './public.routes';
export { subscribeToNewsletter, sendContactMessage } from './public.service';
