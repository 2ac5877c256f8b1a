import {
  academicYearListSchema,
  academicYearParamsSchema,
  academicYearSchema,
  apiErrorSchema,
  createAcademicYearRequestSchema,
  levelParamsSchema,
  levelRequestSchema,
  levelSchema,
  programmeListQuerySchema,
  programmeListSchema,
  programmeParamsSchema,
  programmeRequestSchema,
  programmeSchema,
  removalOutcomeSchema,
  updateAcademicYearRequestSchema,
  updateLevelRequestSchema,
  updateProgrammeRequestSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LevelEnrolmentQueries } from './enrolments.port';
import type { Database } from '../../platform/db/database';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import {
  createAcademicYear,
  listAcademicYears,
  updateAcademicYear,
} from './academic-years.service';
import {
  createLevel,
  createProgramme,
  listProgrammes,
  removeLevel,
  removeProgramme,
  updateLevel,
  updateProgramme,
} from './programmes.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Programmes et cursus'];
const read = { permission: 'read:programmes' } as const;
const write = { permission: 'write:programmes' } as const;

/** Academic years, programmes, levels and their fees (spec « Programmes et cursus »). */
export const programmesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** Students' enrolment counts of a level, handed over by the composition root. */
  enrolments: LevelEnrolmentQueries;
}> = async (app, { db, enrolments }) => {
  app.get(
    '/api/academic-years',
    {
      config: read,
      schema: {
        tags,
        summary: 'Années scolaires',
        response: { 200: academicYearListSchema, ...errors },
      },
    },
    (request) => listAcademicYears(db, requireMember(request).organizationId),
  );

  app.post(
    '/api/academic-years',
    {
      config: write,
      schema: {
        tags,
        summary: 'Créer une année scolaire',
        body: createAcademicYearRequestSchema,
        response: { 201: academicYearSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAcademicYear(db, actingMember(request), request.body)),
  );

  app.patch(
    '/api/academic-years/:yearId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier une année scolaire ou en faire l’année en cours',
        params: academicYearParamsSchema,
        body: updateAcademicYearRequestSchema,
        response: { 200: academicYearSchema, ...errors },
      },
    },
    (request) => updateAcademicYear(db, actingMember(request), request.params.yearId, request.body),
  );

  app.get(
    '/api/programmes',
    {
      config: read,
      schema: {
        tags,
        summary: 'Programmes avec leurs niveaux et frais',
        querystring: programmeListQuerySchema,
        response: { 200: programmeListSchema, ...errors },
      },
    },
    (request) =>
      listProgrammes(
        db,
        requireMember(request).organizationId,
        request.query.includeArchived,
        enrolments,
      ),
  );

  app.post(
    '/api/programmes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Créer un programme',
        body: programmeRequestSchema,
        response: { 201: programmeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProgramme(db, actingMember(request), request.body)),
  );

  app.patch(
    '/api/programmes/:programmeId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Renommer ou restaurer un programme',
        params: programmeParamsSchema,
        body: updateProgrammeRequestSchema,
        response: { 200: programmeSchema, ...errors },
      },
    },
    (request) =>
      updateProgramme(
        db,
        actingMember(request),
        request.params.programmeId,
        request.body,
        enrolments,
      ),
  );

  app.delete(
    '/api/programmes/:programmeId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Supprimer un programme (archivé s’il est utilisé)',
        params: programmeParamsSchema,
        response: { 200: removalOutcomeSchema, ...errors },
      },
    },
    (request) => removeProgramme(db, actingMember(request), request.params.programmeId),
  );

  app.post(
    '/api/programmes/:programmeId/levels',
    {
      config: write,
      schema: {
        tags,
        summary: 'Ajouter un niveau à un programme',
        params: programmeParamsSchema,
        body: levelRequestSchema,
        response: { 201: levelSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createLevel(db, actingMember(request), request.params.programmeId, request.body),
        ),
  );

  app.patch(
    '/api/levels/:levelId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier un niveau et ses frais',
        params: levelParamsSchema,
        body: updateLevelRequestSchema,
        response: { 200: levelSchema, ...errors },
      },
    },
    (request) =>
      updateLevel(db, actingMember(request), request.params.levelId, request.body, enrolments),
  );

  app.delete(
    '/api/levels/:levelId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Supprimer un niveau (archivé s’il est utilisé)',
        params: levelParamsSchema,
        response: { 200: removalOutcomeSchema, ...errors },
      },
    },
    (request) => removeLevel(db, actingMember(request), request.params.levelId),
  );
};
