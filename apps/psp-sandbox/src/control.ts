// Control endpoints under /__sim: state, reset, faults, configuration, clock tick, forced answers,
// and the SMS outbox shown on the téléphone page.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isLocalUrl } from './callbacks';
import { mergeConfig, type SandboxConfig } from './config';
import type { Sandbox } from './engine';
import { FAULTS, setFaultSchema, type FaultTarget } from './faults';
import { MESSAGE_PROVIDERS } from './messages';
import { countSms } from './sms-encoding';
import { PROVIDERS, randomHex } from './state';

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
    whatsappWebhookUrl: localUrl.nullable(),
    messaging: z
      .object({
        dlrDelayMs: z.number().int().min(0).max(600_000),
        hangMs: z.number().int().min(0).max(600_000),
      })
      .partial(),
    whatsapp: z
      .object({
        templates: z.record(
          z.string().regex(/^[a-z0-9_]{1,512}$/),
          z
            .object({
              language: z.string().min(2).max(10),
              body: z.string().min(1).max(1024),
              button: z
                .object({ text: z.string().min(1).max(25), url: z.string().min(1).max(2000) })
                .optional(),
            })
            .strict(),
        ),
        strictTemplates: z.boolean(),
      })
      .partial(),
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
  provider: z.enum([...PROVIDERS, ...MESSAGE_PROVIDERS]).optional(),
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
        whatsapp: sandbox.store.whatsapp,
        whatsappWebhook: sandbox.whatsappWebhook.state(),
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
      // « all » is the five payment providers; a messaging gateway is switched by its name.
      const targets: readonly FaultTarget[] = provider === 'all' ? PROVIDERS : [provider];
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
      const { webhookUrls, whatsappWebhookUrl, ...rest } = parsed.data;
      const urls = Object.fromEntries(
        Object.entries(webhookUrls ?? {}).map(([key, value]) => [key, value ?? undefined]),
      );
      sandbox.config = mergeConfig(sandbox.config, {
        ...rest,
        webhookUrls: urls,
      } as Partial<SandboxConfig>);
      if (whatsappWebhookUrl !== undefined) {
        // null unsets it, as for the other webhooks.
        if (whatsappWebhookUrl === null) delete sandbox.config.whatsappWebhookUrl;
        else sandbox.config.whatsappWebhookUrl = whatsappWebhookUrl;
        sandbox.whatsappWebhook.configured();
        // Answered once the handshake is over, so a caller knows whether it was verified.
        await sandbox.whatsappWebhook.flush();
      }
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
      const id = `sms-${randomHex(6)}`;
      const count = countSms(parsed.data.body);
      const message = sandbox.store.addMessage({
        id,
        channel: 'sms',
        protocol: 'sim',
        ref: id,
        to: parsed.data.to,
        from: parsed.data.from ?? null,
        body: parsed.data.body,
        receivedAt: sandbox.now(),
        encoding: count.encoding,
        segments: count.segments,
      });
      return reply.code(201).send(message);
    });

    app.get<{ Querystring: { to?: string } }>('/sms', async (request) => {
      const to = request.query.to;
      return { sms: to ? sandbox.store.smsFor(to) : [...sandbox.store.sms].reverse() };
    });

    // WhatsApp messages (newest first) and the webhook's handshake state.
    app.get<{ Querystring: { to?: string } }>('/whatsapp', async (request) => {
      const to = request.query.to;
      return {
        whatsapp: to ? sandbox.store.whatsappFor(to) : [...sandbox.store.whatsapp].reverse(),
        webhook: sandbox.whatsappWebhook.state(),
      };
    });
  };
}
