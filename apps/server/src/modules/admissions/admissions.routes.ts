import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import type { EntryAssets } from '../../platform/http/web-assets';
import type { LinkSigner } from '../payer';

export interface AdmissionsRoutesOptions {
  db: Database;
  signer: LinkSigner;
  assets: EntryAssets;
  /** Per-IP budget of the public form. */
  formRateLimit: { max: number; timeWindow: string };
}

export const admissionsRoutes: FastifyPluginAsyncZod<AdmissionsRoutesOptions> = async (
  app,
  _options,
) => {
  await app.register(formbody);
};
