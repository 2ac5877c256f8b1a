import { errorCatalogue, PayerMessages } from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { html, type Html } from '../../platform/http/html';
import { campaignTouchFor } from '../marketing';
import { findOrganizationBySlug, redirectedSchoolSlug, type Organization } from '../organizations';
import { pageSchool, sendPayerPage } from '../payer';
import { noteVisitorRegistration, visitorFingerprint } from '../public';
import {
  admissionFormAddress,
  admissionFormBody,
  admissionReceivedBody,
  admissionTitle,
  type AdmissionFormView,
} from './admission-form-view';
import { admissionFormOffer, submitAdmission, typedAdmission } from './admission-form.service';
import type { AdmissionsRoutesOptions } from './admissions.routes';

const slugParams = z.object({ slug: z.string().max(100) });
/** Ten short fields, the campaign touch and the honeypot: a few kilobytes at most. */
const FORM_BODY_LIMIT = 8 * 1024;
const TOO_MANY =
  'Trop de demandes envoyées depuis cette connexion. Réessayez dans quelques minutes.';

function schoolNotFoundBody(): Html {
  return html`<section class="card stack" aria-labelledby="titre">
    <h1 id="titre">${PayerMessages.schoolNotFound}</h1>
    <p class="muted">
      Vérifiez l’adresse du formulaire d’inscription : l’école vous l’a donnée, elle est de la forme
      /inscription/nom-de-l-ecole.
    </p>
  </section>`;
}

/**
 * `/inscription/<school-slug>`: the public pre-registration form (spec `/form`, per school). A
 * filled honeypot and the per-IP budget keep bots out as on the public contact form
 * (decisions/0004); the page works without script.
 */
export const admissionFormRoutes: FastifyPluginAsyncZod<AdmissionsRoutesOptions> = async (
  app,
  options,
) => {
  const { db, assets } = options;
  const page = { public: true as const };
  // The global budget leaves pages out; this form counts every post.
  const perIp = { ...page, rateLimit: { ...options.formRateLimit, allowList: () => false } };

  function send(reply: FastifyReply, school: Organization | undefined, body: Html, status = 200) {
    if (!school) {
      const title = PayerMessages.schoolNotFound;
      return sendPayerPage(
        reply,
        { title, body: schoolNotFoundBody(), assets, purpose: 'registration' },
        404,
      );
    }
    const view = {
      title: admissionTitle(school.name),
      school: pageSchool(school),
      body,
      assets,
      purpose: 'registration' as const,
      page: 'inscription' as const,
    };
    return sendPayerPage(reply, view, status);
  }

  /** The visit the request was sent from converts (page analytics); never fails the form. */
  async function noteRegistration(request: FastifyRequest, schoolId: string, admissionId: string) {
    try {
      await noteVisitorRegistration(db, {
        organizationId: schoolId,
        admissionId,
        visitor: visitorFingerprint(request),
        now: new Date(),
      });
    } catch (error) {
      request.log.warn({ err: error }, 'visit of the pre-registration not noted');
    }
  }

  /**
   * Opened through a campaign's link (`utm_campaign` of a campaign of this school): the signed
   * touch the page hands to the browser (marketing); never fails the page.
   */
  async function landingTouch(request: FastifyRequest, schoolId: string) {
    const { utm_campaign: code } = request.query as Record<string, unknown>;
    if (typeof code !== 'string' || !code) return null;
    try {
      return await campaignTouchFor(db, schoolId, code, new Date());
    } catch (error) {
      request.log.warn({ err: error }, 'campaign touch not made');
      return null;
    }
  }

  async function formBody(school: Organization, view: Partial<AdmissionFormView>) {
    const offer = await admissionFormOffer(db, school.id);
    return admissionFormBody({
      slug: school.slug,
      schoolName: school.name,
      intro: school.publicIntro,
      ...offer,
      ...view,
    });
  }

  /**
   * A school's former address (« Pages »: printed posters keep working): 301 to the form at its
   * current address (308 for a post, posted again there); else the not-found page.
   */
  async function sendMovedOrNotFound(request: FastifyRequest, reply: FastifyReply, slug: string) {
    const current = await redirectedSchoolSlug(db, slug);
    if (!current) return send(reply, undefined, html``);
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    return reply.redirect(admissionFormAddress(current), status);
  }

  // Over the budget: the form again, with why, rather than the API's JSON error.
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode !== 429) throw error;
    const { slug } = request.params as { slug: string };
    const school = await findOrganizationBySlug(db, slug);
    return send(reply, school, school ? await formBody(school, { alert: TOO_MANY }) : html``, 429);
  });

  app.get(
    '/inscription/:slug',
    { config: page, schema: { hide: true, params: slugParams } },
    async (request, reply) => {
      const school = await findOrganizationBySlug(db, request.params.slug);
      if (!school) return sendMovedOrNotFound(request, reply, request.params.slug);
      const campaignTouch = await landingTouch(request, school.id);
      return send(reply, school, await formBody(school, { campaignTouch }));
    },
  );

  app.post(
    '/inscription/:slug',
    {
      config: perIp,
      bodyLimit: FORM_BODY_LIMIT,
      schema: { hide: true, params: slugParams, body: z.record(z.string(), z.unknown()) },
    },
    async (request, reply) => {
      const school = await findOrganizationBySlug(db, request.params.slug);
      if (!school) return sendMovedOrNotFound(request, reply, request.params.slug);
      const received = admissionReceivedBody(school.name);
      if (typeof request.body.website === 'string' && request.body.website.trim() !== '') {
        // A bot: the answer a person gets, and nothing written (decisions/0004).
        request.log.warn({ reason: 'admission honeypot' }, 'spam dropped');
        return send(reply, school, received);
      }
      const typed = typedAdmission(request.body);
      const outcome = await submitAdmission(db, school, typed, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      if (!outcome.ok && 'closed' in outcome) {
        const { status } = errorCatalogue.ADMISSIONS_CLOSED;
        return send(reply, school, await formBody(school, { open: false }), status);
      }
      if (!outcome.ok) {
        return send(
          reply,
          school,
          await formBody(school, { values: typed, errors: outcome.errors }),
          400,
        );
      }
      if (!outcome.repeated) await noteRegistration(request, school.id, outcome.admissionId);
      return send(reply, school, received);
    },
  );
};
