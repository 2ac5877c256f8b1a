import {
  acceptAdmissionResultSchema,
  admissionListQuerySchema,
  admissionListSchema,
  admissionParamsSchema,
  admissionSchema,
  apiErrorSchema,
  refuseAdmissionSchema,
} from '@ecolage/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import { acceptAdmission, listAdmissions, refuseAdmission } from './admission-decisions.service';
import type { AdmissionsRoutesOptions } from './admissions.routes';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Étudiants'];

/** « Demandes d'inscription »: the requests of the online form, accepted or refused by staff. */
export const admissionDecisionRoutes: FastifyPluginAsyncZod<AdmissionsRoutesOptions> = async (
  app,
  { db, signer },
) => {
  app.get(
    '/api/admissions',
    {
      config: { permission: 'read:students' },
      schema: {
        tags,
        summary: 'Demandes d’inscription en ligne (à examiner par défaut, plus récentes d’abord)',
        querystring: admissionListQuerySchema,
        response: { 200: admissionListSchema, ...errors },
      },
    },
    (request) => listAdmissions(db, requireMember(request).organizationId, request.query),
  );

  app.post(
    '/api/admissions/:admissionId/accept',
    {
      config: { permission: 'write:students' },
      schema: {
        tags,
        summary:
          'Accepter une demande : étudiant actif, inscrit et facturé, lien de paiement envoyé',
        params: admissionParamsSchema,
        body: z.object({}).strict().nullish(),
        response: { 200: acceptAdmissionResultSchema, ...errors },
      },
    },
    (request) => acceptAdmission(db, signer, actingMember(request), request.params.admissionId),
  );

  app.post(
    '/api/admissions/:admissionId/refuse',
    {
      config: { permission: 'write:students' },
      schema: {
        tags,
        summary: 'Refuser une demande (motif envoyé au candidat, étudiant archivé)',
        params: admissionParamsSchema,
        body: refuseAdmissionSchema,
        response: { 200: admissionSchema, ...errors },
      },
    },
    (request) =>
      refuseAdmission(db, actingMember(request), request.params.admissionId, request.body.reason),
  );
};
