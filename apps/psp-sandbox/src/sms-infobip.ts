// Infobip SMS (messaging.md §3.2): `Authorization: App <key>`; `POST /sms/2/text/advanced` and
// `POST /sms/3/messages` answer an acceptance (PENDING_ACCEPTED), never an outcome. The delivery
// report is posted as JSON `{results: […]}` to the message's notifyUrl (v2) or webhooks.delivery.url
// (v3), with callbackData echoed: DELIVERED_TO_HANDSET (group 3, id 5) or UNDELIVERABLE with
// `error.permanent`; DELIVERED_TO_OPERATOR (group 3, id 2, NOT final) only with intermediateReport
// — or out of order on the duplicate scenario's number. Infobip retries a report that got no 2xx.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ReportProtocol } from './delivery-reports';
import type { Sandbox } from './engine';
import { delayResponses, header } from './http';
import { acceptMessage, answerAccepted, refusalBeforeAccept } from './message-intake';
import type { MessageStatus, SimMessage } from './messages';
import { randomDigits, randomHex } from './state';

const serviceError = (messageId: string, text: string, validationErrors?: object) => ({
  requestError: {
    serviceException: { messageId, text, ...(validationErrors ? { validationErrors } : {}) },
  },
});

const PENDING_ACCEPTED = {
  groupId: 1,
  groupName: 'PENDING',
  id: 26,
  name: 'PENDING_ACCEPTED',
  description: 'Message sent to next instance',
};
const STATUSES: Partial<Record<MessageStatus, object>> = {
  sent: {
    groupId: 3,
    groupName: 'DELIVERED',
    id: 2,
    name: 'DELIVERED_TO_OPERATOR',
    description: 'Message delivered to operator',
  },
  delivered: {
    groupId: 3,
    groupName: 'DELIVERED',
    id: 5,
    name: 'DELIVERED_TO_HANDSET',
    description: 'Message delivered to handset',
  },
  undelivered: {
    groupId: 2,
    groupName: 'UNDELIVERABLE',
    id: 9,
    name: 'UNDELIVERABLE_NOT_DELIVERED',
    description: 'Message sent not delivered',
  },
};
const NO_ERROR = {
  groupId: 0,
  groupName: 'OK',
  id: 0,
  name: 'NO_ERROR',
  description: 'No Error',
  permanent: false,
};
const UNKNOWN_SUBSCRIBER = {
  groupId: 1,
  groupName: 'HANDSET_ERRORS',
  id: 1,
  name: 'EC_UNKNOWN_SUBSCRIBER',
  description: 'Unknown Subscriber',
  permanent: true,
};

/** Infobip's dates: `2026-11-26T08:30:00.000+0000`. */
function infobipDate(date: Date): string {
  return date.toISOString().replace('Z', '+0000');
}

/** Togo's networks (MCC 615): Moov Africa for 96–99 and 79, Togocel otherwise. */
function mccMnc(to: string): string {
  const local = to.replace(/\D/g, '').slice(-8);
  return /^(9[6-9]|79)/.test(local) ? '61503' : '61501';
}

const destination = z.object({
  to: z.string().regex(/^\+?\d{8,15}$/),
  messageId: z.string().max(200).optional(),
});
const v2Message = z.object({
  from: z.string().min(1).max(11).optional(),
  destinations: z.array(destination).min(1).max(100),
  text: z.string().min(1).max(1600),
  notifyUrl: z.string().optional(),
  notifyContentType: z.string().optional(),
  callbackData: z.string().max(4000).optional(),
  intermediateReport: z.boolean().optional(),
  validityPeriod: z.number().optional(),
});
const v2Body = z.object({
  bulkId: z.string().max(100).optional(),
  messages: z.array(v2Message).min(1).max(100),
});
const v3Message = z.object({
  sender: z.string().min(1).max(11).optional(),
  destinations: z.array(destination).min(1).max(100),
  content: z.object({ text: z.string().min(1).max(1600) }),
  webhooks: z
    .object({
      delivery: z
        .object({ url: z.string().optional(), intermediateReport: z.boolean().optional() })
        .optional(),
      contentType: z.string().optional(),
      callbackData: z.string().max(4000).optional(),
    })
    .optional(),
});
const v3Body = z.object({
  bulkId: z.string().max(100).optional(),
  messages: z.array(v3Message).min(1).max(100),
});

/** One message to one destination, in the words both versions share. */
interface Outgoing {
  from: string | null;
  to: string;
  messageId?: string | undefined;
  text: string;
  notifyUrl?: string | undefined;
  callbackData?: string | undefined;
  intermediateReport?: boolean | undefined;
}

export function infobipReports(sandbox: Sandbox): ReportProtocol {
  return {
    provider: 'infobip',
    build(message, status) {
      const echo = message.echo ?? {};
      const intermediate = status === 'sent';
      const skipIntermediate =
        intermediate &&
        echo.intermediateReport !== 'true' &&
        message.scenario !== 'duplicate_out_of_order';
      const v3 = echo.version === '3';
      const now = infobipDate(sandbox.now());
      const result = {
        bulkId: echo.bulkId,
        messageId: message.ref,
        to: message.to.replace(/^\+/, ''),
        ...(v3 ? { sender: message.from } : { from: message.from }),
        sentAt: infobipDate(message.receivedAt),
        doneAt: now,
        ...(v3 ? { messageCount: message.segments ?? 1 } : { smsCount: message.segments ?? 1 }),
        mccMnc: mccMnc(message.to),
        price: { pricePerMessage: 0.0, currency: 'EUR' },
        status: STATUSES[status] ?? STATUSES.undelivered,
        error: status === 'undelivered' ? UNKNOWN_SUBSCRIBER : NO_ERROR,
        ...(echo.callbackData !== undefined ? { callbackData: echo.callbackData } : {}),
      };
      return {
        url: echo.notifyUrl,
        ...(skipIntermediate ? { skip: 'intermediate report not asked for' } : {}),
        contentType: 'application/json',
        body: JSON.stringify({ results: [result] }),
        retry: true,
      };
    },
  };
}

export function infobipRoutes(sandbox: Sandbox): FastifyPluginAsync {
  const reports = infobipReports(sandbox);

  /** Accepts every destination of the request (refused as a whole first if it must be). */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    version: '2' | '3',
    bulkId: string,
    outgoing: Outgoing[],
  ) {
    const first = outgoing[0]!;
    const refused = refusalBeforeAccept(sandbox, 'infobip', first.to, first.text);
    if (refused?.kind === 'rate_limited') {
      return reply.code(429).send(serviceError('TOO_MANY_REQUESTS', 'Too many requests'));
    }
    if (refused) {
      return reply
        .code(refused.status)
        .send(serviceError('GENERAL_ERROR', 'Something went wrong.'));
    }
    const accepted: SimMessage[] = outgoing.map((item) =>
      acceptMessage(sandbox, {
        protocol: 'infobip',
        ref: item.messageId ?? randomDigits(20),
        to: item.to,
        from: item.from,
        body: item.text,
        echo: {
          version,
          bulkId,
          ...(item.notifyUrl ? { notifyUrl: item.notifyUrl } : {}),
          ...(item.callbackData !== undefined ? { callbackData: item.callbackData } : {}),
          ...(item.intermediateReport ? { intermediateReport: 'true' } : {}),
        },
      }),
    );
    for (const message of accepted.slice(1)) sandbox.reporter.start(message, reports);
    const body = {
      bulkId,
      messages: accepted.map((message) =>
        version === '2'
          ? { to: message.to.replace(/^\+/, ''), messageId: message.ref, status: PENDING_ACCEPTED }
          : {
              messageId: message.ref,
              status: PENDING_ACCEPTED,
              destination: message.to.replace(/^\+/, ''),
              details: { messageCount: message.segments ?? 1 },
            },
      ),
    };
    return answerAccepted(
      sandbox,
      accepted[0]!,
      reports,
      request,
      reply,
      { status: 200, body },
      () => serviceError('GENERAL_ERROR', 'Something went wrong.'),
    );
  }

  const badRequest = (reply: FastifyReply, issues: z.core.$ZodIssue[]) =>
    reply
      .code(400)
      .send(
        serviceError(
          'BAD_REQUEST',
          'Bad request',
          Object.fromEntries(issues.map((issue) => [issue.path.join('.'), [issue.message]])),
        ),
      );

  return async (app) => {
    delayResponses(app, sandbox, 'infobip');

    app.addHook('onRequest', async (request, reply) => {
      const match = /^App\s+(.+)$/i.exec(header(request, 'authorization') ?? '');
      if (match?.[1]?.trim() !== sandbox.credentials.infobip.apiKey) {
        return reply.code(401).send(serviceError('UNAUTHORIZED', 'Invalid login details'));
      }
    });

    app.post('/sms/2/text/advanced', async (request, reply) => {
      const parsed = v2Body.safeParse(request.body ?? {});
      if (!parsed.success) return badRequest(reply, parsed.error.issues);
      const bulkId = parsed.data.bulkId ?? randomHex(16);
      const outgoing = parsed.data.messages.flatMap((message) =>
        message.destinations.map((target) => ({
          from: message.from ?? null,
          to: target.to,
          messageId: target.messageId,
          text: message.text,
          notifyUrl: message.notifyUrl,
          callbackData: message.callbackData,
          intermediateReport: message.intermediateReport,
        })),
      );
      return send(request, reply, '2', bulkId, outgoing);
    });

    app.post('/sms/3/messages', async (request, reply) => {
      const parsed = v3Body.safeParse(request.body ?? {});
      if (!parsed.success) return badRequest(reply, parsed.error.issues);
      const bulkId = parsed.data.bulkId ?? randomHex(16);
      const outgoing = parsed.data.messages.flatMap((message) =>
        message.destinations.map((target) => ({
          from: message.sender ?? null,
          to: target.to,
          messageId: target.messageId,
          text: message.content.text,
          notifyUrl: message.webhooks?.delivery?.url,
          callbackData: message.webhooks?.callbackData,
          intermediateReport: message.webhooks?.delivery?.intermediateReport,
        })),
      );
      return send(request, reply, '3', bulkId, outgoing);
    });
  };
}
