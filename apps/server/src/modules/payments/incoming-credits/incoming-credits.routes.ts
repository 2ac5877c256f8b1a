import {
  apiErrorSchema,
  assignIncomingCreditSchema,
  incomingCreditPageSchema,
  incomingCreditSchema,
  incomingCreditsQuerySchema,
  merchantAccountListSchema,
  returnIncomingCreditSchema,
} from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMember } from '../../../platform/http/acting-member';
import { requireMember } from '../../../platform/http/request-member';
import type { PaymentsContext } from '../payments-context';
import {
  describeCredits,
  incomingCreditsPage,
  merchantAccountsOf,
} from './incoming-credits-list.service';
import type { IncomingCreditRow } from './incoming-credits.tables';
import { assignIncomingCredit, returnIncomingCredit } from './incoming-credits.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const tags = ['Comptabilité'];
const params = z.object({ creditId: z.uuid() });

/**
 * « À affecter »: money that arrived unasked (merchant payments from the wallet's menu, statement
 * lines, bank transfers), the queue Finance assigns to students or returns to the sender.
 */
export const incomingCreditsRoutes: FastifyPluginAsyncZod<{ context: PaymentsContext }> = async (
  app,
  { context },
) => {
  const { db } = context;

  app.get(
    '/api/accounting/incoming-credits',
    {
      config: { permission: 'read:accounting' },
      schema: {
        tags,
        summary: 'Les encaissements reçus sans demande (à affecter, affectés, rendus)',
        querystring: incomingCreditsQuerySchema,
        response: { 200: incomingCreditPageSchema, ...errors },
      },
    },
    async (request) =>
      incomingCreditsPage(db, requireMember(request).organizationId, request.query),
  );

  const describeOne = async (credit: IncomingCreditRow) =>
    (await describeCredits(db, credit.organizationId, [credit]))[0]!;

  app.post(
    '/api/accounting/incoming-credits/:creditId/assign',
    {
      config: { permission: 'record:payments' },
      schema: {
        tags,
        summary: 'Affecter un encaissement à un élève',
        description:
          'Crée le paiement réussi (opérateur et moyen de l’encaissement), l’impute sur les factures de l’élève (les plus anciennes d’abord, le reste en avoir de la famille), émet le reçu et solde le compte 4712. Un encaissement déjà affecté répond 409.',
        params,
        body: assignIncomingCreditSchema,
        response: { 200: incomingCreditSchema, ...errors },
      },
    },
    async (request) => {
      const member = actingMember(request);
      const assigned = await db.transaction((tx) =>
        assignIncomingCredit(tx, member, request.params.creditId, request.body),
      );
      return describeOne(assigned);
    },
  );

  app.post(
    '/api/accounting/incoming-credits/:creditId/return',
    {
      config: { permission: 'record:payments' },
      schema: {
        tags,
        summary: 'Rendre un encaissement à l’expéditeur',
        description:
          'Marque l’encaissement rendu, avec la note du membre, et solde le compte 4712 contre le portefeuille. Le renvoi lui-même se fait chez l’opérateur.',
        params,
        body: returnIncomingCreditSchema,
        response: { 200: incomingCreditSchema, ...errors },
      },
    },
    async (request) => {
      const member = actingMember(request);
      const returned = await db.transaction((tx) =>
        returnIncomingCredit(tx, member, request.params.creditId, request.body.note),
      );
      return describeOne(returned);
    },
  );

  app.get(
    '/api/accounting/merchant-accounts',
    {
      config: { permission: 'read:accounting' },
      schema: {
        tags,
        summary: 'Les comptes marchands de l’école chez les opérateurs',
        response: { 200: merchantAccountListSchema, ...errors },
      },
    },
    async (request) => ({
      items: await merchantAccountsOf(db, requireMember(request).organizationId),
    }),
  );
};
