import { PayerMessages } from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstVisit, type LinkFormState } from './link-page';
import { applyLinkCoupon, LinkCouponRefusal } from './link-coupon.service';
import type { LinkView } from './link-view.service';
import type { PayerRoutesOptions } from '../payer.routes';

/** Coupon tries per link: enough for a typo or two, far too few to guess codes. */
export const COUPON_TRIES = { max: 10, timeWindow: '10 minutes' } as const;

const params = z.object({ token: z.string() });

export interface LinkCouponRoutesOptions extends PayerRoutesOptions {
  /** The link's view, or its refusal (404, 410) already sent. */
  openLink: (reply: FastifyReply, token: string) => Promise<LinkView | null>;
  /** The link's page with this state. */
  page: (reply: FastifyReply, view: LinkView, state: LinkFormState, statusCode?: number) => unknown;
}

/** The form's fields as a browser posts them; anything else (an array, a number) counts as empty. */
function couponForm(body: unknown): { code: string; invoiceIds: string[] } {
  const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const ids = Array.isArray(form.invoiceIds) ? form.invoiceIds : [form.invoiceIds];
  return {
    code: typeof form.code === 'string' ? form.code.slice(0, 60) : '',
    invoiceIds: ids.filter((id): id is string => typeof id === 'string').slice(0, 50),
  };
}

/**
 * `POST /payer/l/<token>/coupon`: « Vous avez un code promo ? » of a link's page (and of the pay
 * page, which becomes one). Applied: back to the page (303) where the invoice shows its coupon
 * line and its new balance. Refused: the page again with why by the field, nothing written. At
 * most COUPON_TRIES per link (the budget is the link's, whatever the address), else 429.
 */
export const linkCouponRoutes: FastifyPluginAsyncZod<LinkCouponRoutesOptions> = async (
  app,
  options,
) => {
  const { context, openLink, page } = options;

  // Over the link's budget: the page again, with why by the field, rather than the API's JSON.
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode !== 429) throw error;
    const { token } = request.params as { token: string };
    const found = await openLink(reply, token);
    if (!found) return reply;
    const { code } = couponForm(request.body);
    const message = PayerMessages.couponTriesExceeded;
    return page(
      reply,
      found,
      { ...firstVisit(found), coupon: { code, error: { code: 'RATE_LIMITED', message } } },
      429,
    );
  });

  app.post(
    '/payer/l/:token/coupon',
    {
      config: {
        public: true,
        rateLimit: {
          ...COUPON_TRIES,
          // The global budget leaves pages alone: this one counts, per link.
          allowList: () => false,
          keyGenerator: (request: FastifyRequest) =>
            `coupon:${String((request.params as { token?: unknown }).token).slice(0, 200)}`,
        },
      },
      bodyLimit: 4096,
      schema: { hide: true, params },
    },
    async (request, reply) => {
      const found = await openLink(reply, request.params.token);
      if (!found) return reply;
      const form = couponForm(request.body);
      try {
        const applied = await applyLinkCoupon(context, found, form, {
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        });
        const back = `/payer/l/${request.params.token}?coupon=${applied.invoiceId}#code-promo`;
        return reply.redirect(back, 303);
      } catch (error) {
        if (!(error instanceof LinkCouponRefusal)) throw error;
        const coupon = { code: form.code, error: { code: error.code, message: error.message } };
        return page(reply, found, { ...firstVisit(found), coupon }, error.statusCode);
      }
    },
  );
};
