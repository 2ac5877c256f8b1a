// Control endpoints under /__sim: state, reset, faults, configuration, clock tick, forced answers,
// and the SMS outbox shown on the téléphone page.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isLocalUrl } from './callbacks';
import { mergeConfig, type SandboxConfig } from './config';
import type { Sandbox } from './engine';
import { FAULTS, setFaultSchema } from './faults';
import { PROVIDERS, randomHex, type ProviderId } from './state';

const localUrl = z.url().refine(isLocalUrl, 'only http(s) URLs on 127.0.0.1 or localhost');
const seconds = z
  .number()
  .int()
  .min(1)
  .max(7 * 86_400);
const configSchema = z
  .object({
    merchantName: z.string().min(1).max(60),
    publicUrl: z.url(),
    webhookUrls: z
      .object({
        wave: localUrl.nullable(),
        fedapay: localUrl.nullable(),
        paygate: localUrl.nullable(),
      })
      .partial(),
    mtn: z
      .object({
        callbackMethod: z.enum(['POST', 'PUT']),
        autoApprove: z.boolean(),
        reasonAsObject: z.boolean(),
      })
      .partial(),
    wave: z.object({ webhookAuth: z.enum(['signature', 'bearer']) }).partial(),
    expirySeconds: z
      .object({ mtn: seconds, orange: seconds, wave: seconds, fedapay: seconds, paygate: seconds })
      .partial(),
    retryDelaysMs: z.array(z.number().int().min(0).max(600_000)).max(10),
  })
  .partial()
  .strict();

const smsSchema = z.object({
  to: z.string().regex(/^\+?[\d\s.-]{6,20}$/),
  body: z.string().min(1).max(1_600),
  from: z.string().max(20).optional(),
});

const resolveSchema = z.object({ action: z.enum(['paid', 'wrong_pin', 'refused', 'expired']) });

const faultFilterSchema = z.object({
  provider: z.enum(PROVIDERS).optional(),
  fault: z.enum(FAULTS).optional(),
});

function invalid(reply: FastifyReply, issues: { path: PropertyKey[]; message: string }[]) {
  return reply.code(400).send({
    message: 'Requête invalide.',
    issues: issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  });
}

export function controlRoutes(sandbox: Sandbox): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { provider?: string } }>('/state', async (request) => {
      sandbox.sweep();
      const provider = request.query.provider;
      return {
        now: sandbox.now().toISOString(),
        config: sandbox.config,
        faults: sandbox.faults.list(),
        transactions: sandbox.store.transactions.filter(
          (transaction) => provider === undefined || transaction.provider === provider,
        ),
        refunds: [...sandbox.store.refunds.values()].filter(
          (refund) => provider === undefined || refund.provider === provider,
        ),
        sms: sandbox.store.sms,
      };
    });

    // The notifications sent since `from` (an index into all of them), for a load generator
    // replaying them without reading the whole state.
    app.get<{ Querystring: { provider?: string; from?: string } }>(
      '/callbacks',
      async (request) => {
        const from = Math.max(0, Number(request.query.from ?? 0) || 0);
        const { callbacks } = sandbox.store;
        const provider = request.query.provider;
        return {
          callbacks: callbacks
            .slice(from)
            .filter((callback) => provider === undefined || callback.provider === provider),
          next: callbacks.length,
        };
      },
    );

    app.post('/reset', async (_request, reply) => {
      sandbox.reset();
      return reply.code(204).send();
    });

    app.post('/tick', async () => {
      sandbox.sweep();
      return { now: sandbox.now().toISOString() };
    });

    app.get('/faults', async () => ({ faults: sandbox.faults.list() }));

    app.post('/faults', async (request, reply) => {
      const parsed = setFaultSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error.issues);
      const { provider, fault, options } = parsed.data;
      const targets: readonly ProviderId[] = provider === 'all' ? PROVIDERS : [provider];
      for (const target of targets) sandbox.faults.set(target, fault, options);
      return reply.code(201).send({ faults: sandbox.faults.list() });
    });

    app.delete('/faults', async (request, reply) => {
      const parsed = faultFilterSchema.safeParse(request.query ?? {});
      if (!parsed.success) return invalid(reply, parsed.error.issues);
      return { removed: sandbox.faults.clear(parsed.data), faults: sandbox.faults.list() };
    });

    app.get('/config', async () => sandbox.config);

    app.post('/config', async (request, reply) => {
      const parsed = configSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error.issues);
      const { webhookUrls, ...rest } = parsed.data;
      const urls = Object.fromEntries(
        Object.entries(webhookUrls ?? {}).map(([key, value]) => [key, value ?? undefined]),
      );
      sandbox.config = mergeConfig(sandbox.config, {
        ...rest,
        webhookUrls: urls,
      } as Partial<SandboxConfig>);
      return sandbox.config;
    });

    app.post<{ Params: { id: string } }>('/transactions/:id/resolve', async (request, reply) => {
      const parsed = resolveSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error.issues);
      const transaction = sandbox.store.byId(request.params.id);
      if (!transaction) return reply.code(404).send({ message: 'Transaction inconnue.' });
      sandbox.refresh(transaction);
      if (!sandbox.resolve(transaction, parsed.data.action)) {
        return reply
          .code(409)
          .send({ message: "La transaction n'est plus en attente.", transaction });
      }
      return { transaction };
    });

    app.post('/sms', async (request, reply) => {
      const parsed = smsSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, parsed.error.issues);
      const message = {
        id: `sms-${randomHex(6)}`,
        to: parsed.data.to,
        from: parsed.data.from ?? null,
        body: parsed.data.body,
        receivedAt: sandbox.now(),
      };
      sandbox.store.sms.push(message);
      return reply.code(201).send(message);
    });

    app.get<{ Querystring: { to?: string } }>('/sms', async (request) => {
      const to = request.query.to;
      return { sms: to ? sandbox.store.smsFor(to) : [...sandbox.store.sms].reverse() };
    });
  };
}
