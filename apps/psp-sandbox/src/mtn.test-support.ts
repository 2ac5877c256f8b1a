// Requests an MTN client sends, for the tests.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_CREDENTIALS } from './config';
import { basicAuthorization } from './signing';

export const MTN = DEMO_CREDENTIALS.mtn;
export const MTN_CALLBACK = 'http://localhost:3000/api/psp/mtn';

export async function mtnToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/mtn/collection/token/',
    headers: {
      authorization: basicAuthorization(MTN.apiUser, MTN.apiKey),
      'ocp-apim-subscription-key': MTN.subscriptionKey,
    },
  });
  return response.json<{ access_token: string }>().access_token;
}

export function mtnHeaders(token: string, environment = 'mtnbenin') {
  return {
    authorization: `Bearer ${token}`,
    'ocp-apim-subscription-key': MTN.subscriptionKey,
    'x-target-environment': environment,
  };
}

/** POST requesttopay for `partyId`; returns the reference and the response. */
export async function requestToPay(
  app: FastifyInstance,
  token: string,
  partyId: string,
  overrides: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const referenceId = randomUUID();
  const response = await app.inject({
    method: 'POST',
    url: '/mtn/collection/v1_0/requesttopay',
    headers: {
      ...mtnHeaders(token),
      'x-reference-id': referenceId,
      'x-callback-url': `${MTN_CALLBACK}/${referenceId}`,
      ...overrides.headers,
    },
    payload: {
      amount: '150000',
      currency: 'XOF',
      externalId: 'ST-2026-0001',
      payer: { partyIdType: 'MSISDN', partyId },
      payerMessage: 'Frais scolarite T1',
      payeeNote: 'Ecole Demo',
      ...overrides.body,
    },
  });
  return { referenceId, response };
}

export async function mtnStatus(app: FastifyInstance, token: string, referenceId: string) {
  return app.inject({
    method: 'GET',
    url: `/mtn/collection/v1_0/requesttopay/${referenceId}`,
    headers: mtnHeaders(token),
  });
}
