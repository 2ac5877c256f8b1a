import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EntryAssets } from '../../platform/http/web-assets';
import type { PaymentsContext } from '../payments';
import { linkRoutes } from './links/link.routes';
import { payPageRoutes } from './pay-page/pay-page.routes';
import type { LinkSigner } from './links/payment-links';
import type { CampaignTouchMaker } from './pay-page/campaign-touch.port';
import { schoolFinderRoutes } from './school-finder/school-finder.routes';
import { waitingRoutes } from './waiting/waiting.routes';

export interface PayerRoutesOptions {
  context: PaymentsContext;
  signer: LinkSigner;
  /** The web app's `payer` entry (script and styles). */
  assets: EntryAssets;
  /** Marketing's campaign touch for the pay page opened through a campaign's link. */
  campaignTouch?: CampaignTouchMaker;
}

/**
 * Every payer route, `/form` (finding the school) included; the pages post ordinary forms
 * (urlencoded), so they work without script.
 */
export const payerRoutes: FastifyPluginAsyncZod<PayerRoutesOptions> = async (app, options) => {
  await app.register(formbody);
  await app.register(linkRoutes, options);
  await app.register(waitingRoutes, options);
  await app.register(payPageRoutes, options);
  await app.register(schoolFinderRoutes, options);
};
