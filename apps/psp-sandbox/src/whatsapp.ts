// WhatsApp Cloud API (messaging.md §5): `POST /{version}/{phone-number-id}/messages` with the
// system user's Bearer token → {messaging_product, contacts: [{input, wa_id}], messages: [{id:
// "wamid.…", message_status: "accepted"}]}; Graph's error shapes (190 bad token, 100, 132000,
// 132001, 130429). Status webhooks to the app's webhook (whatsapp-webhook.ts), signed
// `X-Hub-Signature-256: sha256=hex(HMAC-SHA256(app secret, raw body))`: sent → delivered → read, or
// failed with errors[{code: 131026}] for a number without WhatsApp. A free-form text outside the
// 24-hour window is accepted, then fails with 131047.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ReportProtocol } from './delivery-reports';
import type { Sandbox } from './engine';
import { bearerToken, delayResponses } from './http';
import { acceptMessage, answerAccepted, refusalBeforeAccept } from './message-intake';
import type { MessageStatus, SimMessage } from './messages';
import { whatsappSignature, whatsappSignatureSha1, wrongSecret } from './signing';
import { phoneDigits, randomHex } from './state';
import { readTemplate, type TemplateRequest } from './whatsapp-templates';

const FAILURES: Record<number, { title: string; details: string }> = {
  131026: {
    title: 'Message undeliverable',
    details: 'Message Undeliverable: the recipient is not a WhatsApp user or uses an old app.',
  },
  131047: {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131049: {
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details:
      'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
};

function graphError(code: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: `A${randomHex(11)}` },
  };
}

function failureCode(message: SimMessage): number {
  if (message.echo?.type === 'text') return 131047;
  return message.scenario === 'no_whatsapp' ? 131026 : 131049;
}

/** The product's origin, where a button pointing at a short-link code leads. */
function productOrigin(sandbox: Sandbox): string | null {
  const url = sandbox.config.whatsappWebhookUrl;
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

export function whatsappReports(sandbox: Sandbox): ReportProtocol {
  return {
    provider: 'whatsapp',
    plan: (message) => (message.echo?.type === 'text' ? ['failed'] : undefined),
    errorCode: (message, status) => (status === 'failed' ? failureCode(message) : undefined),
    ready: () => sandbox.whatsappWebhook.ready(),
    build(message, status: MessageStatus) {
      const { appSecret, businessAccountId, phoneNumberId, displayPhoneNumber } =
        sandbox.credentials.whatsapp;
      const code = failureCode(message);
      const entry = {
        id: message.ref,
        status,
        timestamp: String(Math.floor(sandbox.now().getTime() / 1000)),
        recipient_id: phoneDigits(message.to),
        ...(message.echo?.callbackData !== undefined
          ? { biz_opaque_callback_data: message.echo.callbackData }
          : {}),
        ...(status === 'failed'
          ? {
              errors: [
                {
                  code,
                  title: FAILURES[code]!.title,
                  message: FAILURES[code]!.title,
                  error_data: { details: FAILURES[code]!.details },
                },
              ],
            }
          : { pricing: { pricing_model: 'PMP', category: 'utility', type: 'regular' } }),
      };
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: businessAccountId,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: {
                    display_phone_number: displayPhoneNumber,
                    phone_number_id: phoneNumberId,
                  },
                  statuses: [entry],
                },
              },
            ],
          },
        ],
      });
      return {
        url: sandbox.config.whatsappWebhookUrl,
        contentType: 'application/json',
        body,
        headers: { 'user-agent': 'facebookexternalua' },
        sign: (tamper) => {
          const secret = tamper ? wrongSecret(appSecret) : appSecret;
          return {
            'x-hub-signature-256': whatsappSignature(secret, body),
            'x-hub-signature': whatsappSignatureSha1(secret, body),
          };
        },
        retry: true,
      };
    },
  };
}

/** A wamid: base64 of the recipient and random bytes, as Meta's look. */
function wamid(to: string): string {
  const bytes = Buffer.concat([Buffer.from(phoneDigits(to)), Buffer.from(randomHex(12), 'hex')]);
  return `wamid.HBgL${bytes.toString('base64').replace(/=+$/, '')}`;
}

export function whatsappRoutes(sandbox: Sandbox): FastifyPluginAsync {
  const reports = whatsappReports(sandbox);
  const invalid = (reply: FastifyReply, message: string, details?: string) =>
    reply
      .code(400)
      .send(
        graphError(
          100,
          message,
          details ? { error_data: { messaging_product: 'whatsapp', details } } : {},
        ),
      );

  return async (app) => {
    delayResponses(app, sandbox, 'whatsapp');

    app.addHook('onRequest', async (request, reply) => {
      if (bearerToken(request) !== sandbox.credentials.whatsapp.accessToken) {
        return reply
          .code(401)
          .header('www-authenticate', 'OAuth "Facebook Platform" "invalid_token"')
          .send(graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
      }
    });

    app.post<{ Params: { version: string; phoneNumberId: string } }>(
      '/:version/:phoneNumberId/messages',
      async (request, reply) => {
        const { version, phoneNumberId } = request.params;
        if (!/^v\d+\.\d+$/.test(version)) {
          return reply.code(400).send(graphError(2500, `Unknown path components: /${version}`));
        }
        if (phoneNumberId !== sandbox.credentials.whatsapp.phoneNumberId) {
          return reply.code(400).send({
            error: {
              message: `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
              type: 'GraphMethodException',
              code: 100,
              error_subcode: 33,
              fbtrace_id: `A${randomHex(11)}`,
            },
          });
        }
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as {
          messaging_product?: unknown;
          to?: unknown;
          type?: unknown;
          template?: TemplateRequest;
          text?: { body?: unknown };
          biz_opaque_callback_data?: unknown;
        };
        if (body.messaging_product !== 'whatsapp') {
          return invalid(reply, '(#100) The parameter messaging_product is required.');
        }
        if (
          typeof body.to !== 'string' ||
          !/^\+?[1-9]\d{7,14}$/.test(body.to.replace(/[\s-]/g, ''))
        ) {
          return invalid(
            reply,
            '(#100) Invalid parameter',
            'to: not a valid WhatsApp phone number',
          );
        }
        const to = body.to;
        let text: string;
        let template;
        if (body.type === 'text') {
          if (typeof body.text?.body !== 'string' || body.text.body === '') {
            return invalid(reply, '(#100) The parameter text.body is required.');
          }
          text = body.text.body;
        } else if (body.type === 'template' || body.type === undefined) {
          const outcome = readTemplate(
            body.template,
            sandbox.config.whatsapp,
            productOrigin(sandbox),
          );
          if (!outcome.ok) {
            return reply.code(400).send(
              graphError(outcome.code, outcome.message, {
                error_data: { messaging_product: 'whatsapp', details: outcome.details },
              }),
            );
          }
          text = outcome.text;
          template = outcome.template;
        } else {
          return invalid(
            reply,
            '(#100) Invalid parameter',
            `type: ${String(body.type)} is not supported by the sandbox`,
          );
        }
        const refused = refusalBeforeAccept(sandbox, 'whatsapp', to, text);
        if (refused?.kind === 'rate_limited') {
          return reply.code(429).send(graphError(130429, '(#130429) Rate limit hit'));
        }
        if (refused) {
          return reply
            .code(refused.status)
            .send(graphError(1, 'An unknown error has occurred.', { is_transient: true }));
        }
        const callbackData = body.biz_opaque_callback_data;
        const message = acceptMessage(sandbox, {
          protocol: 'whatsapp',
          ref: wamid(to),
          to,
          from: sandbox.credentials.whatsapp.displayPhoneNumber,
          body: text,
          ...(template ? { template } : {}),
          echo: {
            type: body.type === 'text' ? 'text' : 'template',
            ...(typeof callbackData === 'string' ? { callbackData } : {}),
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
              messaging_product: 'whatsapp',
              contacts: [{ input: to, wa_id: phoneDigits(to) }],
              messages: [{ id: message.ref, message_status: 'accepted' }],
            },
          },
          () => graphError(1, 'An unknown error has occurred.', { is_transient: true }),
        );
      },
    );
  };
}
