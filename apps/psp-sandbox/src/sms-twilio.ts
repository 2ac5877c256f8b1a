// Twilio Programmable Messaging (messaging.md §3.1): `POST /2010-04-01/Accounts/{sid}/Messages.json`
// (form-encoded, Basic auth with the account SID and auth token) → 201 with the Message resource,
// status `queued`; `GET …/Messages/{sid}.json`. Status callbacks to the request's StatusCallback:
// `sent`, then `delivered` (or `undelivered` with ErrorCode 30003), form-encoded, signed
// `X-Twilio-Signature` with the auth token, with an `I-Twilio-Idempotency-Token`. No callback for
// the initial `queued`.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ReportProtocol } from './delivery-reports';
import type { Sandbox } from './engine';
import { basicCredentials, delayResponses } from './http';
import { acceptMessage, answerAccepted, refusalBeforeAccept } from './message-intake';
import type { MessageStatus, SimMessage } from './messages';
import { twilioSignature, wrongSecret } from './signing';
import { randomHex } from './state';

const API_VERSION = '2010-04-01';
const UNDELIVERED_CODE = 30003;

/** Twilio's error body: `{code, message, more_info, status}`. */
function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

/** RFC 2822 in UTC, as Twilio writes its dates. */
function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

/** `YYMMDDhhmm`, the carrier's done date Twilio passes through. */
function rawDlrDate(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(2, 12);
}

const WIRE: Record<MessageStatus, string> = {
  accepted: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'undelivered',
  failed: 'failed',
};

function resource(sandbox: Sandbox, message: SimMessage) {
  const sid = sandbox.credentials.twilio.accountSid;
  const uri = `/${API_VERSION}/Accounts/${sid}/Messages/${message.ref}`;
  const status = message.status ?? 'accepted';
  const failed = status === 'undelivered' || status === 'failed';
  return {
    account_sid: sid,
    api_version: API_VERSION,
    body: message.body,
    date_created: rfc2822(message.receivedAt),
    date_sent: status === 'accepted' ? null : rfc2822(message.receivedAt),
    date_updated: rfc2822(sandbox.now()),
    direction: 'outbound-api',
    error_code: failed ? (message.errorCode ?? UNDELIVERED_CODE) : null,
    error_message: failed ? 'Unknown destination handset' : null,
    from: message.from,
    messaging_service_sid: message.echo?.messagingServiceSid ?? null,
    num_media: '0',
    num_segments: String(message.segments ?? 1),
    price: null,
    price_unit: 'USD',
    sid: message.ref,
    status: WIRE[status],
    subresource_uris: { media: `${uri}/Media.json` },
    to: message.to,
    uri: `${uri}.json`,
  };
}

/** The status callbacks of a message, as Twilio posts them. */
export function twilioReports(sandbox: Sandbox): ReportProtocol {
  return {
    provider: 'twilio',
    errorCode: (_message, status) =>
      status === 'undelivered' || status === 'failed' ? UNDELIVERED_CODE : undefined,
    build(message, status) {
      const { accountSid, authToken } = sandbox.credentials.twilio;
      const params: Record<string, string> = {
        ApiVersion: API_VERSION,
        AccountSid: accountSid,
        From: message.from ?? '',
        MessageSid: message.ref,
        MessageStatus: WIRE[status],
        SmsSid: message.ref,
        SmsStatus: WIRE[status],
        To: message.to,
      };
      if (message.echo?.messagingServiceSid) {
        params.MessagingServiceSid = message.echo.messagingServiceSid;
      }
      if (status === 'undelivered' || status === 'failed') {
        params.ErrorCode = String(UNDELIVERED_CODE);
      }
      if (status !== 'sent') params.RawDlrDoneDate = rawDlrDate(sandbox.now());
      const url = message.echo?.statusCallback;
      // The same report sent again (a retry, a duplicate) carries the same token.
      const token = createHash('sha256').update(`${message.ref}:${status}`).digest('hex');
      return {
        url,
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(params).toString(),
        headers: {
          'i-twilio-idempotency-token': `${accountSid}-${token.slice(0, 32)}`,
          'user-agent': 'TwilioProxy/1.1',
        },
        sign: (tamper) => ({
          'x-twilio-signature': twilioSignature(
            tamper ? wrongSecret(authToken) : authToken,
            url ?? '',
            params,
          ),
        }),
        retry: false,
      };
    },
  };
}

const E164 = /^\+[1-9]\d{7,14}$/;
/** Alphanumeric sender: ≤ 11 of A–Z a–z 0–9 space - + _ &, not all digits. */
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 +\-_&]{1,11}$/;

function validate(form: Record<string, string>): ReturnType<typeof twilioError> | undefined {
  const to = form.To?.trim();
  if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
  if (!E164.test(to))
    return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
  if (!form.From && !form.MessagingServiceSid) {
    return twilioError(
      400,
      21603,
      "A 'From' or 'MessagingServiceSid' parameter is required to send a message.",
    );
  }
  if (form.From && !E164.test(form.From) && !ALPHANUMERIC_SENDER.test(form.From)) {
    return twilioError(
      400,
      21212,
      `The 'From' number ${form.From} is not a valid phone number, shortcode, or alphanumeric sender ID.`,
    );
  }
  if (!form.Body) return twilioError(400, 21602, 'Message body is required.');
  if ([...form.Body].length > 1600) {
    return twilioError(
      400,
      21617,
      'The concatenated message body exceeds the 1600 character limit.',
    );
  }
  if (form.StatusCallback !== undefined) {
    try {
      new URL(form.StatusCallback);
    } catch {
      return twilioError(400, 21609, 'The StatusCallback URL is not a valid URL.');
    }
  }
  return undefined;
}

export function twilioRoutes(sandbox: Sandbox): FastifyPluginAsync {
  const reports = twilioReports(sandbox);
  return async (app) => {
    delayResponses(app, sandbox, 'twilio');

    app.addHook('onRequest', async (request, reply) => {
      const given = basicCredentials(request);
      const { accountSid, authToken } = sandbox.credentials.twilio;
      if (!given || given.user !== accountSid || given.password !== authToken) {
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="Twilio API"')
          .send(twilioError(401, 20003, 'Authenticate'));
      }
      const sid = (request.params as { sid?: string }).sid;
      if (sid !== undefined && sid !== accountSid) {
        return reply
          .code(404)
          .send(twilioError(404, 20404, `The requested resource ${request.url} was not found`));
      }
    });

    const notFound = (reply: FastifyReply, url: string) =>
      reply.code(404).send(twilioError(404, 20404, `The requested resource ${url} was not found`));

    app.post<{ Params: { sid: string } }>(
      `/${API_VERSION}/Accounts/:sid/Messages.json`,
      async (request, reply) => {
        const form =
          request.body && typeof request.body === 'object'
            ? (request.body as Record<string, string>)
            : {};
        const invalid = validate(form);
        if (invalid) return reply.code(400).send(invalid);
        const to = form.To!.trim();
        const refused = refusalBeforeAccept(sandbox, 'twilio', to, form.Body!);
        if (refused?.kind === 'rate_limited') {
          return reply.code(429).send(twilioError(429, 20429, 'Too Many Requests'));
        }
        if (refused) {
          return reply
            .code(refused.status)
            .send(twilioError(refused.status, 20500, 'Internal Server Error'));
        }
        const message = acceptMessage(sandbox, {
          protocol: 'twilio',
          ref: `SM${randomHex(16)}`,
          to,
          from: form.From ?? null,
          body: form.Body!,
          echo: {
            ...(form.StatusCallback ? { statusCallback: form.StatusCallback } : {}),
            ...(form.MessagingServiceSid ? { messagingServiceSid: form.MessagingServiceSid } : {}),
          },
        });
        return answerAccepted(
          sandbox,
          message,
          reports,
          request,
          reply,
          { status: 201, body: resource(sandbox, message) },
          (status) => twilioError(status, 20500, 'Internal Server Error'),
        );
      },
    );

    app.get<{ Params: { sid: string; messageSid: string } }>(
      `/${API_VERSION}/Accounts/:sid/Messages/:messageSid.json`,
      async (request, reply) => {
        const message = sandbox.store.findMessage('twilio', request.params.messageSid);
        if (!message) return notFound(reply, request.url);
        return resource(sandbox, message);
      },
    );
  };
}
