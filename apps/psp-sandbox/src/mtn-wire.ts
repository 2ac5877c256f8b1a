// MTN MoMo wire details (psp-apis.md §2): statuses, the sandbox's magic numbers, currencies per
// target environment, request validation, error bodies, and the status/callback body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isLocalUrl, type Delivery } from './callbacks';
import type { Sandbox } from './engine';
import {
  basicCredentials,
  bearerToken,
  checkBearer,
  header,
  issueToken,
  type TokenCheck,
} from './http';
import {
  randomDigits,
  randomHex,
  type MtnProduct,
  type Resolution,
  type SimState,
  type SimTransaction,
} from './state';

export type MtnStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'REJECTED' | 'TIMEOUT';

export interface MtnData {
  referenceId: string;
  externalId?: string;
  amount: string;
  currency: string;
  payer: { partyIdType: string; partyId: string };
  payerMessage?: string;
  payeeNote?: string;
  targetEnvironment: string;
  callbackUrl?: string;
  status: MtnStatus;
  reason?: string;
  financialTransactionId?: string;
  /** Magic number 46733123453: PENDING, then SUCCESSFUL when asked after this time. */
  ongoingUntil?: Date;
  /** Given back so far by Disbursement refunds (the request to pay itself stays SUCCESSFUL). */
  refundedAmount?: number;
}

/** MTN's sandbox test numbers (§2.5); any other number waits for the payer (or autoApprove). */
export const MAGIC: Record<
  string,
  { status: MtnStatus; reason?: string; state: SimState } | 'ongoing' | 'pending'
> = {
  '46733123450': { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR', state: 'failed' },
  '46733123451': { status: 'REJECTED', reason: 'APPROVAL_REJECTED', state: 'failed' },
  '46733123452': { status: 'TIMEOUT', reason: 'EXPIRED', state: 'expired' },
  '46733123453': 'ongoing',
  '46733123454': 'pending',
};
export const ONGOING_SECONDS = 30;

/** What the payer's answer becomes on MTN's wire. */
export const OUTCOMES: Record<Resolution, { status: MtnStatus; reason?: string; state: SimState }> =
  {
    paid: { status: 'SUCCESSFUL', state: 'succeeded' },
    wrong_pin: { status: 'FAILED', reason: 'INTERNAL_PROCESSING_ERROR', state: 'failed' },
    refused: { status: 'FAILED', reason: 'APPROVAL_REJECTED', state: 'failed' },
    expired: { status: 'FAILED', reason: 'COULD_NOT_PERFORM_TRANSACTION', state: 'expired' },
  };

/** Currency each X-Target-Environment accepts (the sandbox only EUR). */
export const ENVIRONMENT_CURRENCY: Record<string, string> = {
  sandbox: 'EUR',
  mtnbenin: 'XOF',
  mtnivorycoast: 'XOF',
  mtnguineabissau: 'XOF',
  mtncameroon: 'XAF',
  mtncongo: 'XAF',
  mtnguineaconakry: 'GNF',
  mtnghana: 'GHS',
  mtnuganda: 'UGX',
  mtnzambia: 'ZMW',
  mtnrwanda: 'RWF',
  mtnswaziland: 'SZL',
  mtnsouthafrica: 'ZAR',
  mtnliberia: 'LRD',
};

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const TOKEN_SECONDS = 3600;
export const note160 = z
  .string()
  .max(160)
  .refine((text) => !/['’"<>&]/.test(text), 'no quotes or special characters');
export const requestToPaySchema = z.object({
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  externalId: z.string().max(255).optional(),
  payer: z.object({
    partyIdType: z.enum(['MSISDN', 'EMAIL', 'PARTY_CODE', 'ALIAS']),
    partyId: z.string().min(1).max(255),
  }),
  payerMessage: note160.optional(),
  payeeNote: note160.optional(),
});

const mtnError = (code: string, message: string) => ({ code, message });
/** MTN's error bodies (`ErrorReason {code, message}`) and Azure API Management's 401s. */
export const ERRORS = {
  notFound: mtnError('RESOURCE_NOT_FOUND', 'Requested resource was not found.'),
  duplicate: mtnError(
    'RESOURCE_ALREADY_EXIST',
    'Duplicated reference id. Creation of resource failed.',
  ),
  currency: mtnError('INVALID_CURRENCY', 'Currency not supported.'),
  callbackHost: mtnError(
    'INVALID_CALLBACK_URL_HOST',
    'Callback URL with different host than configured for the API user.',
  ),
  environment: mtnError(
    'NOT_ALLOWED_TARGET_ENVIRONMENT',
    'Access to target environment is forbidden.',
  ),
  internal: mtnError('INTERNAL_PROCESSING_ERROR', 'An internal error occurred while processing.'),
  subscription: {
    statusCode: 401,
    message:
      'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
  },
  token: { statusCode: 401, message: 'Access denied due to invalid or expired access token.' },
};

/** MTN answers malformed requests with a bare 400; the sandbox adds its reason in a header. */
export function badRequest(reply: FastifyReply, reason: string): FastifyReply {
  return reply.code(400).header('x-sandbox-reason', reason).send();
}

/**
 * Why an X-Callback-Url is refused: not a URL, or its host differs from the API user's
 * providerCallbackHost (local aliases count as one host). Undefined when it is fine.
 */
export function callbackUrlProblem(url: string, providerHost: string): 'url' | 'host' | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return 'url';
  }
  const local = (name: string) => isLocalUrl(`http://${name}/`);
  return host === providerHost || (local(host) && local(providerHost)) ? undefined : 'host';
}

/**
 * The hook in front of a product's API: a Bearer token issued for that product, then an
 * X-Target-Environment MTN knows.
 */
export function productGuard(sandbox: Sandbox, product: MtnProduct) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!checkProductBearer(sandbox, product, request).ok) {
      return reply.code(401).send(ERRORS.token);
    }
    const environment = header(request, 'x-target-environment') ?? '';
    if (!(environment in ENVIRONMENT_CURRENCY)) {
      return reply.code(403).send(ERRORS.environment);
    }
  };
}

/** A creating POST (request to pay, refund) past the checks every product makes. */
export interface MtnCreation<Body> {
  referenceId: string;
  environment: string;
  callbackUrl: string | undefined;
  body: Body;
}

/**
 * The checks MTN makes on a creating POST before its product's own: an X-Reference-Id that is a
 * UUID v4, the body against `schema`, the currency of the target environment. Undefined when one
 * fails, its refusal sent.
 */
export function readCreation<Body extends { currency: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: z.ZodType<Body>,
): MtnCreation<Body> | undefined {
  const referenceId = header(request, 'x-reference-id') ?? '';
  if (!UUID_V4.test(referenceId)) {
    badRequest(reply, 'X-Reference-Id must be a UUID v4');
    return undefined;
  }
  const parsed = schema.safeParse(request.body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.'));
    badRequest(reply, `invalid ${fields.join(', ')}`);
    return undefined;
  }
  const environment = header(request, 'x-target-environment') as string;
  if (parsed.data.currency !== ENVIRONMENT_CURRENCY[environment]) {
    reply.code(400).send(ERRORS.currency);
    return undefined;
  }
  return {
    referenceId,
    environment,
    callbackUrl: header(request, 'x-callback-url'),
    body: parsed.data,
  };
}

/**
 * Refuses an X-Callback-Url that is not a URL or not on the host of the API user the product's
 * token was issued to (true: the refusal is sent). No callback URL is fine.
 */
export function refuseCallbackUrl(
  sandbox: Sandbox,
  product: MtnProduct,
  callbackUrl: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (callbackUrl === undefined) return false;
  const check = checkProductBearer(sandbox, product, request);
  const user = sandbox.store.mtnUsers.get(check.ok ? check.subject : '');
  const problem = callbackUrlProblem(callbackUrl, user?.providerCallbackHost ?? '');
  if (problem === 'url') badRequest(reply, 'X-Callback-Url is not a URL');
  else if (problem === 'host') reply.code(400).send(ERRORS.callbackHost);
  return problem !== undefined;
}

/** A failure reason on MTN's wire: its code, or `{code, message}` when so configured. */
export function wireReason(sandbox: Sandbox, reason: string) {
  return sandbox.config.mtn.reasonAsObject
    ? { code: reason, message: reason.toLowerCase().replace(/_/g, ' ') }
    : reason;
}

/** The body of GET …/requesttopay/{id}, which is also the callback's body. */
export function statusBody(
  sandbox: Sandbox,
  transaction: SimTransaction<MtnData>,
  status?: MtnStatus,
) {
  const data = transaction.data;
  const shown = status ?? data.status;
  const amount =
    transaction.reportedAmount === transaction.amount
      ? data.amount
      : String(transaction.reportedAmount);
  const body: Record<string, unknown> = {};
  if (shown === 'SUCCESSFUL') body.financialTransactionId = data.financialTransactionId;
  Object.assign(body, {
    externalId: data.externalId,
    amount,
    currency: data.currency,
    payer: data.payer,
    payerMessage: data.payerMessage,
    payeeNote: data.payeeNote,
    status: shown,
  });
  if (status === undefined && data.reason) body.reason = wireReason(sandbox, data.reason);
  return body;
}

export function finish(
  sandbox: Sandbox,
  transaction: SimTransaction<MtnData>,
  outcome: { status: MtnStatus; reason?: string; state: SimState },
): void {
  const data = transaction.data;
  data.status = outcome.status;
  data.reason = outcome.reason;
  if (outcome.status === 'SUCCESSFUL') data.financialTransactionId = randomDigits(9);
  transaction.state = outcome.state;
  if (!data.callbackUrl) return;
  const callback = (status?: MtnStatus): Delivery => ({
    label: status ?? outcome.status,
    url: data.callbackUrl,
    method: sandbox.config.mtn.callbackMethod,
    body: JSON.stringify(statusBody(sandbox, transaction, status)),
  });
  const deliveries = [callback()];
  // reorder: a stale PENDING callback arrives after the final one.
  if (sandbox.faults.take('mtn', 'reorder')) deliveries.push(callback('PENDING'));
  sandbox.dispatch(transaction, deliveries);
}

/** A JWT-shaped token like MTN's (its contents mean nothing to clients). */
export function fakeJwt(clientId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ typ: 'JWT', alg: 'R256' })}.${part({ clientId, sessionId: randomUUID() })}.${randomHex(32)}`;
}

/** Each product's subscription key (API Management checks it before anything else). */
export function subscriptionKeys(sandbox: Sandbox): Record<MtnProduct, string> {
  const mtn = sandbox.credentials.mtn;
  return { collection: mtn.subscriptionKey, disbursement: mtn.disbursementSubscriptionKey };
}

/** The product a path belongs to; the API user routes (`/v1_0/apiuser`) belong to none. */
export function productOfPath(url: string): MtnProduct | undefined {
  const path = url.split('?')[0] ?? '';
  if (/\/disbursement(\/|$)/.test(path)) return 'disbursement';
  if (/\/collection(\/|$)/.test(path)) return 'collection';
  return undefined;
}

/**
 * POST /{product}/token/: Basic auth with an API user of that product (another product's user is
 * refused like a wrong key), no body, and a Bearer token that opens that product only.
 */
export function issueProductToken(
  sandbox: Sandbox,
  product: MtnProduct,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const basic = basicCredentials(request);
  const user = basic ? sandbox.store.mtnUsers.get(basic.user) : undefined;
  if (!basic || !user?.apiKey || user.apiKey !== basic.password || user.product !== product) {
    return reply.code(401).send({ error: 'login_failed' });
  }
  if (request.rawBody.trim() !== '') return badRequest(reply, 'no body is allowed on /token');
  const token = fakeJwt(basic.user);
  issueToken(sandbox, 'mtn', token, basic.user, TOKEN_SECONDS, product);
  return reply.send({ access_token: token, token_type: 'access_token', expires_in: TOKEN_SECONDS });
}

/** A Bearer token MTN issued for this product. */
export function checkProductBearer(
  sandbox: Sandbox,
  product: MtnProduct,
  request: FastifyRequest,
): TokenCheck {
  const check = checkBearer(sandbox, 'mtn', request);
  if (!check.ok) return check;
  const issued = sandbox.store.tokens.get(bearerToken(request) ?? '');
  return issued?.scope === product ? check : { ok: false, why: 'invalid' };
}
