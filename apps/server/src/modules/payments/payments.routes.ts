import {
  apiErrorSchema,
  paymentListSchema,
  paymentOptionsSchema,
  paymentParamsSchema,
  paymentRequestSchema,
  paymentSchema,
  resolveReviewRequestSchema,
  reviewItemSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewParamsSchema,
  studentParamsSchema,
  studentPaymentsQuerySchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMember } from '../../platform/http/acting-member';
import { requireMember } from '../../platform/http/request-member';
import type { PaymentsContext } from './payments-context';
import {
  getPayment,
  listStudentPayments,
  paymentOptions,
  refreshPayment,
} from './processing/check-now.service';
import { describePayment } from './list/payment-view';
import { checkIdempotencyKey } from './requests/idempotency-keys';
import { requestPayment } from './requests/request-payment.service';
import { listReviews, resolveReview } from './reviews/reviews.service';
import { refundsRoutes } from './refunds/refunds.routes';
import { pendingPaymentsRoutes } from './requests/pending-payments.routes';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const tags = ['Paiements'];

/** Staff side of payments: ask a guardian to pay, follow a payment, review flagged events. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ context: PaymentsContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  const school = (request: Parameters<typeof requireMember>[0]) =>
    requireMember(request).organizationId;
  await app.register(refundsRoutes, { context });
  await app.register(pendingPaymentsRoutes, { context });

  app.get(
    '/api/payments/options',
    {
      config: { permission: 'request:payments' },
      schema: {
        tags,
        summary: 'Moyens de paiement proposés par l’école',
        response: { 200: paymentOptionsSchema, ...errors },
      },
    },
    async () => paymentOptions(context),
  );

  app.post(
    '/api/payments',
    {
      config: { permission: 'request:payments' },
      schema: {
        tags,
        summary: 'Demander un paiement à un responsable (push sur son téléphone ou lien)',
        description:
          'Honore l’en-tête `Idempotency-Key` : même clé et même demande → même paiement (200) ; même clé, autre demande → 422.',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: paymentRequestSchema,
        response: { 200: paymentSchema, 201: paymentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = checkIdempotencyKey(request.headers['idempotency-key']);
      const { attempt, replayed } = await requestPayment(
        context,
        actingMember(request),
        request.body,
        key,
      );
      return reply.code(replayed ? 200 : 201).send(await describePayment(db, attempt));
    },
  );

  app.get(
    '/api/payments/reviews',
    {
      config: { permission: 'reconcile:payments' },
      schema: {
        tags,
        summary: 'Notifications et paiements à vérifier',
        querystring: reviewListQuerySchema,
        response: { 200: reviewListSchema, ...errors },
      },
    },
    async (request) => listReviews(db, school(request), request.query),
  );

  app.post(
    '/api/payments/reviews/:reviewId/resolve',
    {
      config: { permission: 'reconcile:payments' },
      schema: {
        tags,
        summary: 'Marquer une notification comme vérifiée',
        params: reviewParamsSchema,
        body: resolveReviewRequestSchema,
        response: { 200: reviewItemSchema, ...errors },
      },
    },
    async (request) =>
      resolveReview(db, actingMember(request), request.params.reviewId, request.body.note),
  );

  app.get(
    '/api/payments/:paymentId',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Un paiement et son état',
        params: paymentParamsSchema,
        response: { 200: paymentSchema, ...errors },
      },
    },
    async (request) => getPayment(db, school(request), request.params.paymentId),
  );

  app.post(
    '/api/payments/:paymentId/refresh',
    {
      config: { permission: 'record:payments' },
      schema: {
        tags,
        summary: 'Demander tout de suite son statut au prestataire',
        params: paymentParamsSchema,
        body: z.object({}).strict().optional(),
        response: { 200: paymentSchema, ...errors },
      },
    },
    async (request) => refreshPayment(context, school(request), request.params.paymentId),
  );

  app.get(
    '/api/students/:studentId/payments',
    {
      config: { permission: 'read:payments' },
      schema: {
        tags,
        summary: 'Les paiements d’un étudiant',
        params: studentParamsSchema,
        querystring: studentPaymentsQuerySchema,
        response: { 200: paymentListSchema, ...errors },
      },
    },
    async (request) =>
      listStudentPayments(db, school(request), request.params.studentId, request.query),
  );
};
