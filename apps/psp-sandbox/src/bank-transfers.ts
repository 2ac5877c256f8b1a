// A small bank-transfer API for Écolage's payouts (PAYOUT_RAIL=sandbox): a transfer is
// `processing`, then `paid` after a few seconds — or `failed` while the fault switch says so.
// Kept in memory (a restart forgets them; the payouts job then sees 404 and keeps asking).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Sandbox } from './engine';
import { randomHex } from './state';

const transferSchema = z.object({
  reference: z.string().min(1).max(60),
  amount: z.number().int().positive(),
  currency: z.literal('XOF'),
  beneficiary: z.object({
    bank: z.string().max(120).nullish(),
    holder: z.string().max(120).nullish(),
    account: z.string().min(10).max(40),
  }),
});

const switchSchema = z
  .object({
    /** The next N transfers fail (0 switches it off). */
    failNext: z.number().int().min(0).max(1_000).default(1),
    /** Seconds before a transfer is settled (paid or failed). */
    settleAfterSeconds: z.number().int().min(0).max(3_600).optional(),
    reason: z.string().min(1).max(200).optional(),
  })
  .strict();

interface Transfer {
  id: string;
  reference: string;
  amount: number;
  accountEnd: string;
  createdAt: number;
  outcome: 'paid' | 'failed';
  reason: string | null;
}

/** Routes under /banque: POST /v1/virements, GET /v1/virements/:id, POST /__sim/echec. */
export function bankTransferRoutes(sandbox: Sandbox): FastifyPluginAsync {
  return async (app) => {
    const transfers = new Map<string, Transfer>();
    const byKey = new Map<string, string>();
    const settings = {
      failNext: 0,
      settleAfterMs: 5_000,
      reason: 'Compte du bénéficiaire clôturé.',
    };
    const now = () => sandbox.now().getTime();

    app.post('/v1/virements', async (request, reply) => {
      const parsed = transferSchema.safeParse(request.body);
      if (!parsed.success) {
        return reply.code(400).send({ error: 'invalid_request', issues: parsed.error.issues });
      }
      const key = String(request.headers['idempotency-key'] ?? '');
      const known = key ? byKey.get(key) : undefined;
      if (known) return reply.code(200).send({ id: known, status: 'processing' });
      const fails = settings.failNext > 0;
      if (fails) settings.failNext -= 1;
      const transfer: Transfer = {
        id: `VIRSB-${randomHex(8).toUpperCase()}`,
        reference: parsed.data.reference,
        amount: parsed.data.amount,
        accountEnd: parsed.data.beneficiary.account.slice(-4),
        createdAt: now(),
        outcome: fails ? 'failed' : 'paid',
        reason: fails ? settings.reason : null,
      };
      transfers.set(transfer.id, transfer);
      if (key) byKey.set(key, transfer.id);
      return reply.code(201).send({ id: transfer.id, status: 'processing' });
    });

    app.get<{ Params: { id: string } }>('/v1/virements/:id', async (request, reply) => {
      const transfer = transfers.get(request.params.id);
      if (!transfer) return reply.code(404).send({ error: 'not_found' });
      const settled = now() - transfer.createdAt >= settings.settleAfterMs;
      return {
        id: transfer.id,
        reference: transfer.reference,
        amount: transfer.amount,
        status: settled ? transfer.outcome : 'processing',
        reason: settled ? transfer.reason : null,
      };
    });

    app.post('/__sim/echec', async (request, reply) => {
      const parsed = switchSchema.safeParse(request.body ?? {});
      if (!parsed.success) return reply.code(400).send({ error: 'invalid_request' });
      settings.failNext = parsed.data.failNext;
      if (parsed.data.settleAfterSeconds !== undefined) {
        settings.settleAfterMs = parsed.data.settleAfterSeconds * 1000;
      }
      if (parsed.data.reason) settings.reason = parsed.data.reason;
      return { failNext: settings.failNext, settleAfterSeconds: settings.settleAfterMs / 1000 };
    });
  };
}
