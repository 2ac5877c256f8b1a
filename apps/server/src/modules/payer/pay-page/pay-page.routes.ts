import { setTimeout as sleep } from 'node:timers/promises';
import { invalidPhoneMessage, PayerMessages, toE164 } from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { html, type Html } from '../../../platform/http/html';
import { findOrganizationBySlug, redirectedSchoolSlug } from '../../organizations';
import {
  CODE_PAGE_TITLE,
  codeFormBody,
  type CodeFormView,
  codePageAddress,
  PAY_PAGE_TITLE,
  payFormBody,
  payPageAddress,
  schoolNotFoundBody,
} from './pay-page-view';
import { confirmPayerCode, requestPayerCode } from './payer-codes.service';
import { pageSchool, sendPayerPage, type PageSchool } from '../payer-page';
import type { PayerRoutesOptions } from '../payer.routes';

/** Per-IP budget of each form of the pay page (on top of the per-phone and per-matricule limits). */
const PER_IP_LIMIT = { max: 10, timeWindow: '10 minutes' };
/** Asking for a code answers no sooner than this, whether a code went out or not. */
const CODE_REQUEST_MIN_MS = 250;
const IP_LIMITED =
  'Trop de demandes depuis cette connexion. Réessayez dans quelques minutes, ou adressez-vous à l’école.';

const slugParams = z.object({ slug: z.string() });
const codeParams = slugParams.extend({ codeId: z.string() });
const CODE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function visitor(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * The school's pay page `/payer/<slug>`: a payer types a matricule and a phone, receives a one-time
 * code by SMS (when that phone is registered for that student), types it, and lands on a payment
 * link `/payer/l/<token>`. The answer to « Recevoir un code » never tells whether the matricule or
 * the phone is known. Plain forms: it all works without script.
 */
export const payPageRoutes: FastifyPluginAsyncZod<PayerRoutesOptions> = async (app, options) => {
  const { db, now } = options.context;
  const page = { public: true as const };
  const perIp = { ...page, rateLimit: { ...PER_IP_LIMIT, allowList: () => false } };

  async function schoolOf(slug: string) {
    const school = await findOrganizationBySlug(db, slug);
    return school ? { school, view: pageSchool(school) } : null;
  }

  function send(reply: FastifyReply, school: PageSchool, title: string, body: Html, status = 200) {
    const page = {
      title: `${title} · ${school.name}`,
      school,
      body,
      assets: options.assets,
      page: 'paiement' as const,
    };
    return sendPayerPage(reply, page, status);
  }

  /**
   * Opened through a campaign's link: its signed touch, for the payer script to keep for the
   * school's pre-registration form (outside any form: nothing posts it here); never fails the page.
   */
  async function landingTouch(request: FastifyRequest, schoolId: string): Promise<Html | ''> {
    const { utm_campaign: code } = request.query as Record<string, unknown>;
    if (!options.campaignTouch || typeof code !== 'string' || !code) return '';
    try {
      const token = await options.campaignTouch(db, schoolId, code, now());
      return token ? html`<input type="hidden" value="${token}" data-campaign-touch />` : '';
    } catch (error) {
      request.log.warn({ err: error }, 'campaign touch not made');
      return '';
    }
  }

  /** An unknown or archived school. */
  function sendNotFound(reply: FastifyReply) {
    const page = { title: PayerMessages.schoolNotFound, body: schoolNotFoundBody() };
    return sendPayerPage(reply, { ...page, assets: options.assets }, 404);
  }

  /**
   * A school's former address (« Pages »: printed posters and QR codes keep working): the same
   * path under its current address, 301 for a page, 308 for a post (the form is posted again
   * there); else the not-found page.
   */
  async function sendMovedOrNotFound(request: FastifyRequest, reply: FastifyReply, slug: string) {
    const current = await redirectedSchoolSlug(db, slug);
    if (!current) return sendNotFound(reply);
    const rest = request.url.slice(`/payer/${encodeURIComponent(slug)}`.length);
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return reply.redirect(`${payPageAddress(current)}${rest.startsWith('/') ? rest : ''}`, status);
  }

  // Over the per-IP budget: the page again, with why, rather than the API's JSON error.
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode !== 429) throw error;
    const { slug, codeId } = request.params as { slug: string; codeId?: string };
    const found = await schoolOf(slug);
    if (!found) return sendNotFound(reply);
    return codeId === undefined
      ? send(reply, found.view, PAY_PAGE_TITLE, payFormBody({ slug, alert: IP_LIMITED }), 429)
      : send(
          reply,
          found.view,
          CODE_PAGE_TITLE,
          codeFormBody({ slug, codeId, alert: IP_LIMITED }),
          429,
        );
  });

  app.get(
    '/payer/:slug',
    { config: page, schema: { hide: true, params: slugParams } },
    async (request, reply) => {
      const { slug } = request.params;
      const found = await schoolOf(slug);
      if (!found) return sendMovedOrNotFound(request, reply, slug);
      const intro = found.view.publicIntro;
      const touch = await landingTouch(request, found.school.id);
      return send(reply, found.view, PAY_PAGE_TITLE, html`${payFormBody({ slug, intro })}${touch}`);
    },
  );

  app.post(
    '/payer/:slug/code',
    {
      config: perIp,
      bodyLimit: 4096,
      schema: {
        hide: true,
        params: slugParams,
        body: z.object({ matricule: z.string().optional(), phone: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const startedAt = performance.now();
      const { slug } = request.params;
      const found = await schoolOf(slug);
      if (!found) return sendMovedOrNotFound(request, reply, slug);
      const intro = found.view.publicIntro;
      const typed = {
        matricule: request.body.matricule?.trim() ?? '',
        phone: request.body.phone?.trim() ?? '',
      };
      const matricule = typed.matricule.toUpperCase().slice(0, 64);
      const phone = typed.phone ? toE164(typed.phone) : null;
      const errors = {
        matricule: matricule ? undefined : PayerMessages.matriculeRequired,
        phone: !typed.phone ? PayerMessages.phoneRequired : phone ? undefined : invalidPhoneMessage,
      };
      if (errors.matricule || errors.phone || !phone) {
        const body = payFormBody({ slug, intro, ...typed, errors });
        return send(reply, found.view, PAY_PAGE_TITLE, body, 400);
      }
      const outcome = await requestPayerCode(db, {
        school: found.school,
        matricule,
        phone,
        ...visitor(request),
        now: now(),
      });
      // The same delay whether a code was sent or not: timing tells nothing either.
      await sleep(Math.max(0, startedAt + CODE_REQUEST_MIN_MS - performance.now()));
      if (!outcome.ok) {
        const body = payFormBody({ slug, intro, ...typed, alert: PayerMessages.codeRateLimited });
        return send(reply, found.view, PAY_PAGE_TITLE, body, 429);
      }
      return reply.redirect(codePageAddress(slug, outcome.codeId), 303);
    },
  );

  app.get(
    '/payer/:slug/code/:codeId',
    { config: page, schema: { hide: true, params: codeParams } },
    async (request, reply) => {
      const { slug, codeId } = request.params;
      // Whatever the id (unknown, another school's): the same page; only the check can tell.
      const found = await schoolOf(slug);
      if (!found) return sendMovedOrNotFound(request, reply, slug);
      return send(
        reply,
        found.view,
        CODE_PAGE_TITLE,
        codeFormBody({ slug, codeId, justSent: true }),
      );
    },
  );

  app.post(
    '/payer/:slug/code/:codeId',
    {
      config: perIp,
      bodyLimit: 1024,
      schema: { hide: true, params: codeParams, body: z.object({ code: z.string().optional() }) },
    },
    async (request, reply) => {
      const { slug, codeId } = request.params;
      const found = await schoolOf(slug);
      if (!found) return sendMovedOrNotFound(request, reply, slug);
      const answer = (status: number, view: Omit<CodeFormView, 'slug' | 'codeId'>) =>
        send(reply, found.view, CODE_PAGE_TITLE, codeFormBody({ slug, codeId, ...view }), status);
      const code = request.body.code?.replace(/\s/g, '') ?? '';
      if (!/^\d{6}$/.test(code)) return answer(400, { error: PayerMessages.codeFormat });
      const outcome = CODE_ID.test(codeId)
        ? await confirmPayerCode(db, options.signer, {
            school: found.school,
            codeId,
            code,
            ...visitor(request),
            now: now(),
          })
        : ({ ok: false, reason: 'expired' } as const);
      if (outcome.ok) return reply.redirect(`/payer/l/${outcome.token}`, 303);
      switch (outcome.reason) {
        case 'expired':
          return answer(410, { closed: true, alert: PayerMessages.codeExpired });
        case 'tooManyAttempts':
          return answer(429, { closed: true, alert: PayerMessages.codeTooManyAttempts });
        case 'wrong': {
          const tries = outcome.triesLeft;
          const left = `Il vous reste ${tries} essai${tries > 1 ? 's' : ''}.`;
          return answer(400, { alert: `${PayerMessages.codeWrong} ${left}` });
        }
      }
    },
  );
};
