// A local SMS aggregator, in KING SMS PRO's shape (messaging.md §3.4): headers `APIKEY` and
// `CLIENTID`; `POST /api/v1/sms/send` {from (≤ 11), to (international digits, no « + » nor « 00 »),
// message, type (0 text, 1 flash), dlr ("yes"), url} → {messageId, …}. With dlr "yes", the delivery
// report is posted as JSON to `url`: {messageId, status: SENT | DELIVERED | UNDELIVERED | FAILED,
// to, doneAt}. The vendor does not publish its error bodies nor its report: those are *sandbox
// wording* (README).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ReportProtocol } from './delivery-reports';
import type { Sandbox } from './engine';
import { delayResponses, header } from './http';
import { acceptMessage, answerAccepted, refusalBeforeAccept } from './message-intake';
import type { MessageStatus } from './messages';
import { randomDigits } from './state';

const WIRE: Record<MessageStatus, string> = {
  accepted: 'PENDING',
  sent: 'SENT',
  delivered: 'DELIVERED',
  read: 'DELIVERED',
  undelivered: 'UNDELIVERED',
  failed: 'FAILED',
};

const error = (code: number, message: string) => ({ status: 'error', code, message });

const sendSchema = z.object({
  from: z.string().min(1).max(11),
  to: z.string().regex(/^[1-9]\d{7,14}$/, 'numéro international sans « + » ni « 00 »'),
  message: z.string().min(1).max(1600),
  type: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  dlr: z.enum(['yes', 'no']).optional(),
  url: z.string().optional(),
});

export function aggregatorReports(sandbox: Sandbox): ReportProtocol {
  return {
    provider: 'aggregator',
    build(message, status) {
      const echo = message.echo ?? {};
      return {
        url: echo.dlr === 'yes' ? echo.url : undefined,
        contentType: 'application/json',
        body: JSON.stringify({
          messageId: message.ref,
          status: WIRE[status],
          to: message.to,
          doneAt: sandbox.now().toISOString(),
        }),
        retry: true,
      };
    },
  };
}

export function aggregatorRoutes(sandbox: Sandbox): FastifyPluginAsync {
  const reports = aggregatorReports(sandbox);
  return async (app) => {
    delayResponses(app, sandbox, 'aggregator');

    app.addHook('onRequest', async (request, reply) => {
      const { apiKey, clientId } = sandbox.credentials.aggregator;
      if (header(request, 'apikey') !== apiKey || header(request, 'clientid') !== clientId) {
        return reply.code(401).send(error(401, 'APIKEY ou CLIENTID invalide.'));
      }
    });

    app.post('/api/v1/sms/send', async (request, reply) => {
      const parsed = sendSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return reply
          .code(400)
          .send(error(400, `${issue.path.join('.') || 'corps'} : ${issue.message}`));
      }
      const body = parsed.data;
      const refused = refusalBeforeAccept(sandbox, 'aggregator', body.to, body.message);
      if (refused?.kind === 'rate_limited') {
        return reply.code(429).send(error(429, 'Trop de requêtes, réessayez plus tard.'));
      }
      if (refused) return reply.code(refused.status).send(error(refused.status, 'Erreur interne.'));
      const message = acceptMessage(sandbox, {
        protocol: 'aggregator',
        ref: randomDigits(9).replace(/^0/, '1'),
        to: body.to,
        from: body.from,
        body: body.message,
        echo: {
          dlr: body.dlr ?? 'no',
          ...(body.url ? { url: body.url } : {}),
          type: String(body.type ?? 0),
        },
      });
      return answerAccepted(
        sandbox,
        message,
        reports,
        request,
        reply,
        {
          status: 200,
          body: {
            messageId: message.ref,
            from: message.from,
            to: message.to,
            message: message.body,
            type: Number(body.type ?? 0),
            status: WIRE.accepted,
            smsCount: message.segments ?? 1,
          },
        },
        (status) => error(status, 'Erreur interne.'),
      );
    });
  };
}
