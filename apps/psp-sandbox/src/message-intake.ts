// What every messaging protocol does around its own wire format: refuse before accepting (the
// gateway_error and rate_limited faults, the `rate_limited_once` number), keep the accepted
// message for the phone, start its delivery reports, and answer — unless the
// `timeout_after_accept` number or the timeout_after_create / error_after_create faults say
// otherwise (the message then exists all the same: the ambiguous outcome senders must handle).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReportProtocol } from './delivery-reports';
import type { Sandbox } from './engine';
import {
  resendKey,
  scenarioOf,
  type MessageProviderId,
  type SimMessage,
  type WhatsAppTemplateSent,
} from './messages';
import { countSms } from './sms-encoding';

export type Refusal = { kind: 'rate_limited' } | { kind: 'gateway_error'; status: number };

/** Whether the request is refused before anything is kept (each protocol words the refusal). */
export function refusalBeforeAccept(
  sandbox: Sandbox,
  provider: MessageProviderId,
  to: string,
  body: string,
): Refusal | undefined {
  const error = sandbox.faults.take(provider, 'gateway_error');
  if (error) return { kind: 'gateway_error', status: error.status ?? 500 };
  if (sandbox.faults.take(provider, 'rate_limited')) return { kind: 'rate_limited' };
  if (scenarioOf(to) === 'rate_limited_once') {
    const key = `429|${resendKey(provider, to, body)}`;
    if (!sandbox.answeredOnce.has(key)) {
      sandbox.answeredOnce.add(key);
      return { kind: 'rate_limited' };
    }
    sandbox.answeredOnce.delete(key);
  }
  return undefined;
}

export interface AcceptedFields {
  protocol: MessageProviderId;
  ref: string;
  to: string;
  from: string | null;
  body: string;
  template?: WhatsAppTemplateSent;
  echo?: Record<string, string>;
}

/** Keeps the message a phone receives, with its scenario and (SMS) its encoding. */
export function acceptMessage(sandbox: Sandbox, fields: AcceptedFields): SimMessage {
  const channel = fields.protocol === 'whatsapp' ? 'whatsapp' : 'sms';
  const count = channel === 'sms' ? countSms(fields.body) : undefined;
  const message: SimMessage = {
    id: `msg-${String(sandbox.store.next()).padStart(6, '0')}`,
    channel,
    ...fields,
    receivedAt: sandbox.now(),
    ...(count ? { encoding: count.encoding, segments: count.segments } : {}),
    status: 'accepted',
    scenario: scenarioOf(fields.to),
    reports: [],
  };
  return sandbox.store.addMessage(message);
}

const DEFAULT_HANG_MS = 30_000;

/**
 * Starts the message's delivery reports and answers `ok`, unless its number or a fault asks for a
 * lost answer: `timeout_after_accept` (once per message sent again) and timeout_after_create hold
 * the connection then cut it; error_after_create answers a 5xx.
 */
export async function answerAccepted(
  sandbox: Sandbox,
  message: SimMessage,
  protocol: ReportProtocol,
  request: FastifyRequest,
  reply: FastifyReply,
  ok: { status: number; body: unknown },
  errorBody: (status: number) => unknown,
): Promise<FastifyReply> {
  sandbox.reporter.start(message, protocol);
  const provider = protocol.provider;
  const error = sandbox.faults.take(provider, 'error_after_create');
  if (error) {
    const status = error.status ?? 500;
    return reply.code(status).send(errorBody(status));
  }
  const hangFault = sandbox.faults.take(provider, 'timeout_after_create');
  let hangMs = hangFault ? (hangFault.ms ?? DEFAULT_HANG_MS) : undefined;
  if (hangMs === undefined && message.scenario === 'timeout_after_accept') {
    const key = `hang|${resendKey(provider, message.to, message.body)}`;
    if (sandbox.answeredOnce.has(key)) sandbox.answeredOnce.delete(key);
    else {
      sandbox.answeredOnce.add(key);
      hangMs = sandbox.config.messaging.hangMs;
    }
  }
  if (hangMs !== undefined) {
    // Kept on disk before the answer is lost, as any accepted message.
    sandbox.persist();
    reply.hijack();
    await sandbox.sleep(hangMs);
    request.raw.socket?.destroy();
    return reply;
  }
  return reply.code(ok.status).send(ok.body);
}
