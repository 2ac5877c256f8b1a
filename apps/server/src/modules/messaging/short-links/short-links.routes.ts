import { ShortLinkMessages } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/db/database';
import type { EntryAssets } from '../../../platform/http/web-assets';
import { findOrganizationById } from '../../organizations';
import { linkPageSchool, sendLinkMessagePage } from './link-pages';
import { isLinkPreviewer } from './short-link-codes';
import { followShortLink } from './short-links.service';

export interface LinkRoutesOptions {
  db: Database;
  /** The web app's `payer` entry (its styles dress the pages). */
  assets: EntryAssets;
  now?: () => Date;
}

/**
 * Per-IP budget of short links. Parents of a town often share one address (carrier NAT), so it
 * is generous; guessing a code (59 bits) stays out of reach all the same.
 */
const SHORT_LINK_LIMIT = { max: 120, timeWindow: '1 minute', allowList: () => false };

/**
 * `GET /s/:code`: 302 to the link's path on this server (a relative `Location`: never another
 * site). A person's visit counts a click; a HEAD or a link previewer (WhatsApp's card…) is
 * redirected without counting. Unknown → 404, expired → 410, in the payer pages' look.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod<LinkRoutesOptions> = async (app, options) => {
  const { db, assets } = options;
  const now = options.now ?? (() => new Date());

  app.get(
    '/s/:code',
    {
      config: { public: true, rateLimit: SHORT_LINK_LIMIT },
      schema: { hide: true, params: z.object({ code: z.string() }) },
    },
    async (request, reply) => {
      const countClick =
        request.method === 'GET' && !isLinkPreviewer(request.headers['user-agent']);
      const found = await followShortLink(db, request.params.code, { now: now(), countClick });
      if (found.status === 'found') {
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('x-robots-tag', 'noindex')
          .redirect(found.link.targetPath, 302);
      }
      if (found.status === 'unknown') {
        const page = { title: ShortLinkMessages.unknownTitle, message: ShortLinkMessages.unknown };
        return sendLinkMessagePage(reply, { ...page, assets }, 404);
      }
      const school = await findOrganizationById(db, found.link.organizationId);
      return sendLinkMessagePage(
        reply,
        {
          title: ShortLinkMessages.expiredTitle,
          message: ShortLinkMessages.expired,
          school: school ? linkPageSchool(school) : null,
          assets,
        },
        410,
      );
    },
  );
};
