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

const params = z.object({ token: z.string() });
/** The forms post nothing but their button. */
const body = z.object({}).strict().nullish();
/** Per-IP budget of the pages (a town's parents may share one address). */
const OPT_OUT_LIMIT = { max: 60, timeWindow: '1 minute', allowList: () => false };

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
    '/desabonnement/:token',
    { config, schema: { hide: true, params } },
    async (request, reply) => {
      const view = await viewOptOutLink(db, request.params.token);
      if (!view) return invalid(reply);
      return page(reply, view, view.optedOut ? 'already_done' : 'ask', request.params.token);
    },
  );

  app.post(
    '/desabonnement/:token',
    { config, schema: { hide: true, params, body } },
    async (request, reply) => {
      const view = await viewOptOutLink(db, request.params.token);
      if (!view) return invalid(reply);
      const outcome = await recordOptOut(
        db,
        { ...view.subject, source: 'link' },
        {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          now: now(),
        },
      );
      const state = outcome === 'recorded' ? 'done' : 'already_done';
      return page(reply, { ...view, optedOut: true }, state, request.params.token);
    },
  );

  app.post(
    '/desabonnement/:token/reactiver',
    { config, schema: { hide: true, params, body } },
    async (request, reply) => {
      const view = await viewOptOutLink(db, request.params.token);
      if (!view) return invalid(reply);
      await cancelOptOut(db, view.subject, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        now: now(),
      });
      return page(reply, { ...view, optedOut: false }, 'reactivated', request.params.token);
    },
  );
};
