import { apiErrorSchema, visitBeaconSchema } from '@ecolage/contracts';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../platform/db/database';
import { perProcessBudget } from '../../../platform/http/rate-limit';
import { findOrganizationBySlug } from '../../organizations';
import { classifyVisitSource } from './traffic-channel';
import { visitorFingerprint } from './visitor';
import { recordVisitEvent } from './visits.service';

export interface PageAnalyticsRoutesOptions {
  db: Database;
  now: () => Date;
  /**
   * Per-address budget of beacons (600 a minute by default): in Togo most phones reach the
   * internet through a carrier's shared address (carrier-grade NAT), so many parents share one.
   */
  rateLimit?: { max: number; timeWindow: string };
}

/** A beacon is a few hundred bytes: 2 KiB leaves room for a long referrer and query. */
const BEACON_BODY_LIMIT = 2 * 1024;
/** Beacons per address and minute: many parents behind one carrier address are all counted. */
const BEACON_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

function parseBeacon(body: unknown) {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const parsed = visitBeaconSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * `POST /api/public/visits`: the public pages' beacon (`navigator.sendBeacon`, text/plain JSON).
 * A beacon reads no answer: 204 whatever was done with it (nothing for a malformed one, an
 * unknown school, a robot or « do not track »), except a body too large (413) or too many
 * beacons from one address (429).
 */
export const pageAnalyticsRoutes: FastifyPluginAsync<PageAnalyticsRoutesOptions> = async (
  app,
  options,
) => {
  // Whatever the content type a beacon comes with, its body is read as text here (and only here).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/public/visits',
    {
      bodyLimit: BEACON_BODY_LIMIT,
      config: {
        public: true,
        // A flood guard on counting, not a security budget: each API process keeps its share.
        rateLimit: perProcessBudget({ ...(options.rateLimit ?? BEACON_RATE_LIMIT) }),
      },
      schema: {
        tags: ['Site public'],
        summary: 'Compter la visite d’une page publique d’une école (sans cookie)',
        description:
          'Corps en text/plain (navigator.sendBeacon) : {"s": slug de l’école, "p": "paiement" | ' +
          '"lien" | "inscription" | "recu", "r": référent, "q": requête (seuls les utm_* sont ' +
          'lus), "e": "pageview" | "engagement"}. Toujours 204 : rien n’est enregistré pour un ' +
          'corps invalide, une école inconnue, un robot, DNT: 1 ou Sec-GPC: 1.',
        // Read as text whatever its type: the JSON is checked by the handler, never refused.
        body: z.string().optional().describe('Le signal, en JSON envoyé comme texte'),
        response: {
          204: z.null().describe('Reçu (ou ignoré)'),
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const beacon = parseBeacon(request.body);
      const visitor = visitorFingerprint(request);
      if (beacon && !visitor.doNotTrack) {
        const school = await findOrganizationBySlug(options.db, beacon.s);
        if (school) {
          await recordVisitEvent(options.db, {
            organizationId: school.id,
            timeZone: school.timeZone,
            visitor,
            page: beacon.p,
            kind: beacon.e ?? 'pageview',
            source: classifyVisitSource({
              referrer: beacon.r,
              query: beacon.q,
              ownHost: request.hostname,
            }),
            now: options.now(),
          });
        }
      }
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};
