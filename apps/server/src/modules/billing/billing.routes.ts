import {
  apiErrorSchema,
  billingSettingsSchema,
  enrolmentParamsSchema,
  enrolRequestSchema,
  enrolResponseSchema,
  newStudentEnrolmentResponseSchema,
  newStudentEnrolmentSchema,
  invoiceDetailSchema,
  invoiceLineParamsSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceParamsSchema,
  invoiceRequestSchema,
  scholarshipDecisionRequestSchema,
  scholarshipListQuerySchema,
  scholarshipListSchema,
  scholarshipParamsSchema,
  scholarshipRequestSchema,
  scholarshipSchema,
  studentParamsSchema,
  voidInvoiceRequestSchema,
  waiveLineRequestSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import { getBillingSettings, saveBillingSettings } from './settings/billing-settings.service';
import { enrolStudent, withdrawEnrolment } from './enrolment/enrolment.service';
import {
  createInvoice,
  getInvoice,
  issueInvoice,
  listInvoices,
  voidInvoice,
  waiveLateFee,
} from './invoices/invoices.service';
import { createEnrolledStudent } from './enrolment/new-student.service';
import {
  createScholarship,
  decideScholarship,
  getScholarship,
  listScholarships,
} from './discounts/scholarships.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Factures'];

/** Enrolment, invoices, scholarships and the school's billing rules. */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const school = (request: Parameters<typeof requireMember>[0]) =>
    requireMember(request).organizationId;

  app.post(
    '/api/students/:studentId/enrolments',
    {
      config: { permission: 'write:students' },
      schema: {
        tags: ['Étudiants'],
        summary: 'Inscrire un étudiant dans un niveau (émet ses factures, une seule fois)',
        params: studentParamsSchema,
        body: enrolRequestSchema,
        response: { 200: enrolResponseSchema, 201: enrolResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await enrolStudent(
        db,
        actingMember(request),
        request.params.studentId,
        request.body,
      );
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );

  app.post(
    '/api/enrolments',
    {
      config: { permission: 'write:students' },
      schema: {
        tags: ['Étudiants'],
        summary: 'Créer un étudiant inscrit dans un niveau (et ses factures), en une fois',
        body: newStudentEnrolmentSchema,
        response: { 201: newStudentEnrolmentResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createEnrolledStudent(db, actingMember(request), request.body)),
  );

  app.post(
    '/api/enrolments/:enrolmentId/withdraw',
    {
      config: { permission: 'write:students' },
      schema: {
        tags: ['Étudiants'],
        summary: 'Retirer un étudiant (annule ses factures futures non payées)',
        params: enrolmentParamsSchema,
        body: withdrawRequestSchema,
        response: { 200: withdrawResponseSchema, ...errors },
      },
    },
    (request) =>
      withdrawEnrolment(db, actingMember(request), request.params.enrolmentId, request.body.reason),
  );

  app.get(
    '/api/invoices',
    {
      config: { permission: 'read:invoices' },
      schema: {
        tags,
        summary: 'Factures (recherche, étudiant, statut, année, retard, pages)',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema, ...errors },
      },
    },
    (request) => listInvoices(db, school(request), request.query),
  );

  app.get(
    '/api/invoices/:invoiceId',
    {
      config: { permission: 'read:invoices' },
      schema: {
        tags,
        summary: 'Une facture et ses lignes',
        params: invoiceParamsSchema,
        response: { 200: invoiceDetailSchema, ...errors },
      },
    },
    (request) => getInvoice(db, school(request), request.params.invoiceId),
  );

  app.post(
    '/api/invoices',
    {
      config: { permission: 'issue:invoices' },
      schema: {
        tags,
        summary: 'Créer une facture ponctuelle (émise ou brouillon)',
        body: invoiceRequestSchema,
        response: { 201: invoiceDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createInvoice(db, actingMember(request), request.body)),
  );

  app.post(
    '/api/invoices/:invoiceId/issue',
    {
      config: { permission: 'issue:invoices' },
      schema: {
        tags,
        summary: 'Émettre un brouillon (numéro attribué)',
        params: invoiceParamsSchema,
        body: z
          .object({})
          .strict()
          .optional()
          .describe('Aucun champ : le brouillon est émis tel quel.'),
        response: { 200: invoiceDetailSchema, ...errors },
      },
    },
    (request) => issueInvoice(db, actingMember(request), request.params.invoiceId),
  );

  app.post(
    '/api/invoices/:invoiceId/void',
    {
      config: { permission: 'void:invoices' },
      schema: {
        tags,
        summary: 'Annuler une facture (motif obligatoire, jamais supprimée)',
        params: invoiceParamsSchema,
        body: voidInvoiceRequestSchema,
        response: { 200: invoiceDetailSchema, ...errors },
      },
    },
    (request) =>
      voidInvoice(db, actingMember(request), request.params.invoiceId, request.body.reason),
  );

  app.post(
    '/api/invoices/:invoiceId/lines/:lineId/waive',
    {
      config: { permission: 'issue:invoices' },
      schema: {
        tags,
        summary: 'Annuler une pénalité de retard (motif obligatoire)',
        params: invoiceLineParamsSchema,
        body: waiveLineRequestSchema,
        response: { 200: invoiceDetailSchema, ...errors },
      },
    },
    (request) =>
      waiveLateFee(
        db,
        actingMember(request),
        request.params.invoiceId,
        request.params.lineId,
        request.body.reason,
      ),
  );

  app.get(
    '/api/scholarships',
    {
      config: { permission: 'read:invoices' },
      schema: {
        tags,
        summary: 'Bourses',
        querystring: scholarshipListQuerySchema,
        response: { 200: scholarshipListSchema, ...errors },
      },
    },
    (request) => listScholarships(db, school(request), request.query),
  );

  app.post(
    '/api/scholarships',
    {
      config: { permission: 'issue:invoices' },
      schema: {
        tags,
        summary: 'Recommander une bourse (un autre membre l’accorde ou la refuse)',
        body: scholarshipRequestSchema,
        response: { 201: scholarshipSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createScholarship(db, actingMember(request), request.body)),
  );

  app.get(
    '/api/scholarships/:scholarshipId',
    {
      config: { permission: 'read:invoices' },
      schema: {
        tags,
        summary: 'Une bourse et son effet sur les factures',
        params: scholarshipParamsSchema,
        response: { 200: scholarshipSchema, ...errors },
      },
    },
    (request) => getScholarship(db, school(request), request.params.scholarshipId),
  );

  app.post(
    '/api/scholarships/:scholarshipId/decision',
    {
      config: { permission: 'grant:scholarships' },
      schema: {
        tags,
        summary:
          'Accorder ou refuser (avec motif) une bourse recommandée, pas par qui l’a recommandée',
        params: scholarshipParamsSchema,
        body: scholarshipDecisionRequestSchema,
        response: { 200: scholarshipSchema, ...errors },
      },
    },
    (request) =>
      decideScholarship(db, actingMember(request), request.params.scholarshipId, request.body),
  );

  app.get(
    '/api/billing/settings',
    {
      config: { permission: 'read:settings' },
      schema: {
        tags,
        summary: 'Règles de facturation (matricules, échéances, fratrie, pénalités)',
        response: { 200: billingSettingsSchema, ...errors },
      },
    },
    (request) => getBillingSettings(db, school(request)),
  );

  app.put(
    '/api/billing/settings',
    {
      config: { permission: 'manage:settings' },
      schema: {
        tags,
        summary: 'Modifier les règles de facturation',
        body: billingSettingsSchema,
        response: { 200: billingSettingsSchema, ...errors },
      },
    },
    (request) => saveBillingSettings(db, actingMember(request), request.body),
  );
};
