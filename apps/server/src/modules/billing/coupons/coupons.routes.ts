import {
  apiErrorSchema,
  appliedCouponSchema,
  couponActionRequestSchema,
  couponListQuerySchema,
  couponListSchema,
  couponParamsSchema,
  couponRedemptionListQuerySchema,
  couponRedemptionListSchema,
  couponRequestSchema,
  couponSchema,
  deskCouponRequestSchema,
  invoiceParamsSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/db/database';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import { applyDeskCoupon } from './coupon-redemption.service';
import {
  actOnCoupon,
  createCoupon,
  getCoupon,
  listCouponRedemptions,
  listCoupons,
  updateCoupon,
} from './coupons.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};
const tags = ['Marketing'];

/** « Marketing › Coupons » (billing owns coupons) and the desk's « Appliquer un coupon ». */
export const couponsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const school = (request: Parameters<typeof requireMember>[0]) =>
    requireMember(request).organizationId;

  app.get(
    '/api/coupons',
    {
      config: { permission: 'read:marketing' },
      schema: {
        tags,
        summary: 'Coupons (recherche, statut, portée, archivés, pages de 10)',
        querystring: couponListQuerySchema,
        response: { 200: couponListSchema, ...errors },
      },
    },
    (request) => listCoupons(db, school(request), request.query),
  );

  app.post(
    '/api/coupons',
    {
      config: { permission: 'write:marketing' },
      schema: {
        tags,
        summary: 'Créer un coupon (code unique dans l’école)',
        body: couponRequestSchema,
        response: { 201: couponSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoupon(db, actingMember(request), request.body)),
  );

  app.get(
    '/api/coupons/:couponId',
    {
      config: { permission: 'read:marketing' },
      schema: {
        tags,
        summary: 'Un coupon, ses utilisations et son statut',
        params: couponParamsSchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    (request) => getCoupon(db, school(request), request.params.couponId),
  );

  app.put(
    '/api/coupons/:couponId',
    {
      config: { permission: 'write:marketing' },
      schema: {
        tags,
        summary: 'Modifier un coupon (une fois utilisé : description, dates et limites seulement)',
        params: couponParamsSchema,
        body: couponRequestSchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    (request) => updateCoupon(db, actingMember(request), request.params.couponId, request.body),
  );

  app.post(
    '/api/coupons/:couponId/actions',
    {
      config: { permission: 'write:marketing' },
      schema: {
        tags,
        summary: 'Désactiver, réactiver ou archiver un coupon',
        params: couponParamsSchema,
        body: couponActionRequestSchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    (request) =>
      actOnCoupon(db, actingMember(request), request.params.couponId, request.body.action),
  );

  app.get(
    '/api/coupons/:couponId/redemptions',
    {
      config: { permission: 'read:marketing' },
      schema: {
        tags,
        summary: 'Utilisations d’un coupon (étudiant, facture, montant, canal, statut)',
        params: couponParamsSchema,
        querystring: couponRedemptionListQuerySchema,
        response: { 200: couponRedemptionListSchema, ...errors },
      },
    },
    (request) => listCouponRedemptions(db, school(request), request.params.couponId, request.query),
  );

  app.post(
    '/api/invoices/:invoiceId/coupon',
    {
      config: { permission: 'record:payments' },
      schema: {
        tags: ['Caisse'],
        summary: 'Appliquer un coupon à une facture (à la caisse)',
        params: invoiceParamsSchema,
        body: deskCouponRequestSchema.pick({ code: true }),
        response: { 200: appliedCouponSchema, ...errors },
      },
    },
    (request) =>
      applyDeskCoupon(db, actingMember(request), request.params.invoiceId, request.body.code),
  );
};
