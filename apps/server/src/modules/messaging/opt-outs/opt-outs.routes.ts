import formbody from '@fastify/formbody';
import { ShortLinkMessages } from '@ecolage/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkPageSchool, sendLinkMessagePage, sendLinkPage } from '../short-links/link-pages';
import type { LinkRoutesOptions } from '../short-links/short-links.routes';
import { optOutPageBody, optOutPageTitle, type OptOutPageState } from './opt-out-page';
import {
  cancelOptOut,
  recordOptOut,
  viewOptOutLink,
  type OptOutLinkView,
} from './opt-outs.service';

/**
 * The token (about 60 characters for a phone, more for a long e-mail) is read from a wildcard:
 * a route parameter stops at 100 characters.
 */
const params = z.object({ '*': z.string() });
const ADDRESS = /^([^/]+?)(\/reactiver)?$/;
/** The forms post nothing but their button. */
const body = z.object({}).strict().nullish();
/** Per-IP budget of the pages (a town's parents may share one address). */
const OPT_OUT_LIMIT = { max: 60, timeWindow: '1 minute', allowList: () => false };

/** `<token>` or `<token>/reactiver` from the address. */
function addressOf(rest: string): { token: string; reactivate: boolean } | null {
  const match = ADDRESS.exec(rest);
  return match?.[1] ? { token: match[1], reactivate: Boolean(match[2]) } : null;
}

/**
 * `/desabonnement/<token>`: the page a reminder's « Stop rappels » link opens (through its short
 * link). GET only shows (link previewers open links); the confirm button posts; a second
 * confirmation says it is already done; « Recevoir à nouveau » posts to `…/reactiver`. A forged
 * or altered token → a French 404 page.
 */
export const optOutRoutes: FastifyPluginAsyncZod<LinkRoutesOptions> = async (app, options) => {
  const { db, assets } = options;
  const now = options.now ?? (() => new Date());
  await app.register(formbody);

  const invalid = (reply: FastifyReply) =>
    sendLinkMessagePage(
      reply,
      {
        title: ShortLinkMessages.optOutInvalidTitle,
        message: ShortLinkMessages.optOutInvalid,
        assets,
      },
      404,
    );

  const page = (reply: FastifyReply, view: OptOutLinkView, state: OptOutPageState, token: string) =>
    sendLinkPage(reply, {
      title: optOutPageTitle(view, state),
      school: linkPageSchool(view.school),
      body: optOutPageBody(view, state, token),
      assets,
    });

  const config = { public: true as const, rateLimit: OPT_OUT_LIMIT };

  app.get(
    '/desabonnement/*',
    { config, schema: { hide: true, params } },
    async (request, reply) => {
      const address = addressOf(request.params['*']);
      const view = address && !address.reactivate ? await viewOptOutLink(db, address.token) : null;
      if (!address || !view) return invalid(reply);
      return page(reply, view, view.optedOut ? 'already_done' : 'ask', address.token);
    },
  );

  app.post(
    '/desabonnement/*',
    { config, schema: { hide: true, params, body } },
    async (request, reply) => {
      const address = addressOf(request.params['*']);
      const view = address ? await viewOptOutLink(db, address.token) : null;
      if (!address || !view) return invalid(reply);
      const visitor = {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        now: now(),
      };
      if (address.reactivate) {
        await cancelOptOut(db, view.subject, visitor);
        return page(reply, { ...view, optedOut: false }, 'reactivated', address.token);
      }
      const outcome = await recordOptOut(db, { ...view.subject, source: 'link' }, visitor);
      const state = outcome === 'recorded' ? 'done' : 'already_done';
      return page(reply, { ...view, optedOut: true }, state, address.token);
    },
  );
};
