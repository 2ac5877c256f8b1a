// MTN MoMo Disbursement product, as far as refunds go (psp-apis.md §2.7): its own subscription
// key, API user and token; POST /v1_0/refund naming the request to pay in referenceIdToRefund,
// answered 202; GET /v1_0/refund/{id}; an unsigned callback sent once, like Collection's.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Delivery } from './callbacks';
import type { Sandbox } from './engine';
import { answerCreated } from './http';
import {
  badRequest,
  ERRORS,
  issueProductToken,
  note160,
  productGuard,
  readCreation,
  refuseCallbackUrl,
  UUID_V4,
  wireReason,
  type MtnData,
  type MtnStatus,
} from './mtn-wire';
import { newRefund, note, randomDigits, type SimTransaction } from './state';

export interface MtnRefundData {
  referenceId: string;
  referenceIdToRefund: string;
  externalId?: string;
  amount: string;
  currency: string;
  payerMessage?: string;
  payeeNote?: string;
  targetEnvironment: string;
  callbackUrl?: string;
  status: MtnStatus;
  reason?: string;
  financialTransactionId?: string;
  /** The refunded payer (the request to pay's), when MTN knows the payment. */
  payee?: { partyIdType: string; partyId: string };
}

const refundSchema = z.object({
  amount: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .refine((amount) => Number(amount) > 0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  externalId: z.string().max(255).optional(),
  payerMessage: note160.optional(),
  payeeNote: note160.optional(),
  referenceIdToRefund: z.string().regex(UUID_V4),
});

interface Outcome {
  status: MtnStatus;
  reason?: string;
  /** Why, for the timeline (the wire carries only MTN's reason code). */
  why: string;
}

/**
 * What becomes of a refund, decided at once (MTN's sandbox settles at once too). The reasons are
 * sandbox wording chosen among MTN's codes: an unknown payment is TRANSACTION_NOT_FOUND, one that
 * was not paid or has less left to give back NOT_ALLOWED, the refund_fail fault NOT_ENOUGH_FUNDS
 * (the merchant's disbursement account is short).
 */
function decide(sandbox: Sandbox, original: SimTransaction<MtnData> | undefined, amount: number) {
  const failed = (reason: string, why: string): Outcome => ({ status: 'FAILED', reason, why });
  if (!original) return failed('TRANSACTION_NOT_FOUND', 'unknown payment');
  if (original.data.status !== 'SUCCESSFUL') return failed('NOT_ALLOWED', 'payment not paid');
  const left = original.reportedAmount - (original.data.refundedAmount ?? 0);
  if (amount > left) return failed('NOT_ALLOWED', `only ${left} left to refund`);
  if (sandbox.faults.take('mtn', 'refund_fail')) return failed('NOT_ENOUGH_FUNDS', 'refund_fail');
  return { status: 'SUCCESSFUL', why: 'refunded' } satisfies Outcome;
}

/** The body of GET …/refund/{id}, which is also the callback's body. */
function refundBody(sandbox: Sandbox, refund: SimTransaction<MtnRefundData>) {
  const data = refund.data;
  const body: Record<string, unknown> = {};
  if (data.status === 'SUCCESSFUL') body.financialTransactionId = data.financialTransactionId;
  Object.assign(body, {
    externalId: data.externalId,
    amount: data.amount,
    currency: data.currency,
    payee: data.payee,
    payerMessage: data.payerMessage,
    payeeNote: data.payeeNote,
    status: data.status,
  });
  if (data.reason) body.reason = wireReason(sandbox, data.reason);
  return body;
}

/** Settles the refund, books it on the payment, and calls back once. */
function settle(
  sandbox: Sandbox,
  refund: SimTransaction<MtnRefundData>,
  original: SimTransaction<MtnData> | undefined,
  outcome: Outcome,
): void {
  const now = sandbox.now();
  const data = refund.data;
  data.status = outcome.status;
  data.reason = outcome.reason;
  refund.state = outcome.status === 'SUCCESSFUL' ? 'succeeded' : 'failed';
  refund.settledAt = now;
  if (outcome.status === 'SUCCESSFUL') {
    data.financialTransactionId = randomDigits(9);
    if (original)
      original.data.refundedAmount = (original.data.refundedAmount ?? 0) + refund.amount;
  }
  note(refund, now, outcome.status === 'SUCCESSFUL' ? 'refunded' : 'refund_failed', {
    reason: outcome.reason ?? null,
    why: outcome.why,
  });
  if (original) {
    note(original, now, 'refund', {
      refund: refund.id,
      referenceId: data.referenceId,
      amount: refund.amount,
      status: data.status,
      reason: data.reason ?? null,
    });
  }
  if (!data.callbackUrl) return;
  const callback: Delivery = {
    label: `refund ${data.status}`,
    url: data.callbackUrl,
    method: sandbox.config.mtn.callbackMethod,
    body: JSON.stringify(refundBody(sandbox, refund)),
  };
  sandbox.dispatch(refund, [callback]);
}

export function disbursementRoutes(sandbox: Sandbox): FastifyPluginAsync {
  return async (app) => {
    app.post('/token/', async (request, reply) =>
      issueProductToken(sandbox, 'disbursement', request, reply),
    );

    app.register(
      async (api) => {
        api.addHook('onRequest', productGuard(sandbox, 'disbursement'));

        api.post('/refund', async (request, reply) => {
          const creation = readCreation(request, reply, refundSchema);
          if (!creation) return reply;
          const { referenceId, environment, callbackUrl, body } = creation;
          if (refuseCallbackUrl(sandbox, 'disbursement', callbackUrl, request, reply)) return reply;
          if (sandbox.store.findRefund('mtn', referenceId)) {
            return reply.code(409).send(ERRORS.duplicate);
          }

          const now = sandbox.now();
          const original = sandbox.store.find<MtnData>('mtn', body.referenceIdToRefund);
          if (original) sandbox.refresh(original);
          const amount = Number(body.amount);
          const refund = newRefund<MtnRefundData>(sandbox.store, now, {
            provider: 'mtn',
            ref: referenceId,
            lookup: { referenceIdToRefund: body.referenceIdToRefund },
            amount,
            currency: body.currency,
            merchant: sandbox.config.merchantName,
            description: body.payerMessage ?? '',
            operator: 'MTN MoMo',
            data: {
              ...body,
              referenceId,
              targetEnvironment: environment,
              callbackUrl,
              status: 'PENDING',
              ...(original ? { payee: original.data.payer } : {}),
            },
          });
          note(refund, now, 'request', { environment, callbackUrl, body });
          settle(sandbox, refund, original, decide(sandbox, original, amount));
          return answerCreated(sandbox, refund, request, reply, { status: 202 }, ERRORS.internal);
        });

        api.get<{ Params: { referenceId: string } }>(
          '/refund/:referenceId',
          async (request, reply) => {
            if (!UUID_V4.test(request.params.referenceId)) {
              return badRequest(reply, 'referenceId must be a UUID v4');
            }
            const refund = sandbox.store.findRefund<MtnRefundData>(
              'mtn',
              request.params.referenceId,
            );
            if (!refund) return reply.code(404).send(ERRORS.notFound);
            return refundBody(sandbox, refund);
          },
        );
      },
      { prefix: '/v1_0' },
    );
  };
}
