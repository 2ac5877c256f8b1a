import type { WalletValue } from '@ecolage/contracts';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import type { EntryAssets } from '../../platform/http/web-assets';
import type { LinkSigner } from '../payer';
import { admissionDecisionRoutes } from './admission-decisions.routes';
import { admissionFormRoutes } from './admission-form.routes';
import { schoolPagesRoutes } from './school-pages/school-pages.routes';

export interface AdmissionsRoutesOptions {
  db: Database;
  signer: LinkSigner;
  assets: EntryAssets;
  /** Per-IP budget of the public form. */
  formRateLimit: { max: number; timeWindow: string };
  /** Every wallet the deployment can collect with (« Pages » offers a choice among them). */
  wallets: () => readonly WalletValue[];
  /** Public address of the site (PUBLIC_URL); the request's origin when unset. */
  publicUrl?: string;
}

/** The public form `/inscription/<slug>` (urlencoded posts) and the staff's decisions on it. */
export const admissionsRoutes: FastifyPluginAsyncZod<AdmissionsRoutesOptions> = async (
  app,
  options,
) => {
  await app.register(formbody);
  await app.register(admissionFormRoutes, options);
  await app.register(admissionDecisionRoutes, options);
  await app.register(schoolPagesRoutes, options);
};
