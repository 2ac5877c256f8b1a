import {
  apiErrorSchema,
  guardianFieldsSchema,
  guardianListQuerySchema,
  guardianListSchema,
  guardianParamsSchema,
  guardianSchema,
  linkGuardianRequestSchema,
  removalOutcomeSchema,
  studentDetailSchema,
  studentGuardianParamsSchema,
  studentGuardianSchema,
  studentItemSchema,
  studentListQuerySchema,
  studentListSchema,
  studentParamsSchema,
  studentRequestSchema,
  studentSummarySchema,
  updateGuardianLinkRequestSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import {
  addGuardian,
  listGuardians,
  unlinkGuardian,
  updateGuardian,
  updateGuardianLink,
} from './guardians.service';
import type { StudentBalanceQueries } from './billing.port';
import { getStudent, listStudents, summarizeStudents } from './student-list.service';
import { createStudent, removeStudent, updateStudent } from './students.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Étudiants'];
const read = { permission: 'read:students' } as const;
const write = { permission: 'write:students' } as const;

/** Students and their guardians (spec « Étudiants »). */
export const studentsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Billing's balance queries, handed over by the composition root. */
  balances: StudentBalanceQueries;
}> = async (app, { db, balances }) => {
  const school = (request: Parameters<typeof requireMember>[0]) =>
    requireMember(request).organizationId;

  app.get(
    '/api/students',
    {
      config: read,
      schema: {
        tags,
        summary: 'Étudiants (recherche, statut, programme, niveau, année, solde, pages)',
        querystring: studentListQuerySchema,
        response: { 200: studentListSchema, ...errors },
      },
    },
    (request) => listStudents(db, school(request), request.query, balances),
  );

  app.get(
    '/api/students/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Compteurs : total, actifs, suspendus, en attente',
        response: { 200: studentSummarySchema, ...errors },
      },
    },
    (request) => summarizeStudents(db, school(request)),
  );

  app.post(
    '/api/students',
    {
      config: write,
      schema: {
        tags,
        summary: 'Ajouter un étudiant (matricule attribué)',
        body: studentRequestSchema,
        response: { 201: studentItemSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createStudent(db, actingMember(request), request.body, balances)),
  );

  app.get(
    '/api/students/:studentId',
    {
      config: read,
      schema: {
        tags,
        summary: 'Fiche d’un étudiant',
        params: studentParamsSchema,
        response: { 200: studentDetailSchema, ...errors },
      },
    },
    (request) => getStudent(db, school(request), request.params.studentId, balances),
  );

  app.patch(
    '/api/students/:studentId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier un étudiant',
        params: studentParamsSchema,
        body: studentRequestSchema,
        response: { 200: studentItemSchema, ...errors },
      },
    },
    (request) =>
      updateStudent(db, actingMember(request), request.params.studentId, request.body, balances),
  );

  app.delete(
    '/api/students/:studentId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Supprimer un étudiant (archivé s’il a des factures)',
        params: studentParamsSchema,
        response: { 200: removalOutcomeSchema, ...errors },
      },
    },
    (request) => removeStudent(db, actingMember(request), request.params.studentId),
  );

  app.get(
    '/api/guardians',
    {
      config: read,
      schema: {
        tags,
        summary: 'Responsables (payeurs) et leurs enfants',
        querystring: guardianListQuerySchema,
        response: { 200: guardianListSchema, ...errors },
      },
    },
    (request) => listGuardians(db, school(request), request.query),
  );

  app.patch(
    '/api/guardians/:guardianId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier un responsable',
        params: guardianParamsSchema,
        body: guardianFieldsSchema,
        response: { 200: guardianSchema, ...errors },
      },
    },
    (request) => updateGuardian(db, actingMember(request), request.params.guardianId, request.body),
  );

  app.post(
    '/api/students/:studentId/guardians',
    {
      config: write,
      schema: {
        tags,
        summary: 'Lier un responsable (existant ou nouveau) à un étudiant',
        params: studentParamsSchema,
        body: linkGuardianRequestSchema,
        response: { 201: studentGuardianSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addGuardian(db, actingMember(request), request.params.studentId, request.body)),
  );

  app.patch(
    '/api/students/:studentId/guardians/:guardianId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Changer le lien ou désigner le payeur principal',
        params: studentGuardianParamsSchema,
        body: updateGuardianLinkRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { studentId, guardianId } = request.params;
      await updateGuardianLink(db, actingMember(request), studentId, guardianId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/students/:studentId/guardians/:guardianId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Retirer un responsable d’un étudiant',
        params: studentGuardianParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { studentId, guardianId } = request.params;
      await unlinkGuardian(db, actingMember(request), studentId, guardianId);
      return reply.code(204).send(null);
    },
  );
};
