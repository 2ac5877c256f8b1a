import type { Database } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { deliverOrFail, type ChannelSender } from './delivery';
import type { OutboundMessage } from './messaging.tables';
import { smsGateway, type SmsGateway } from './transports';

export const SEND_SMS_JOB = 'messaging.send-sms';
/** The sender name the phone shows. */
const SMS_SENDER_NAME = 'ECOLAGE';
/** 3 tries: at once, then about 5 s and 10 s later. */
const SMS_RETRIES = 2;
const SMS_RETRY_DELAY_SECONDS = 5;
const CALL_TIMEOUT_MS = 5_000;

/**
 * POSTs one SMS to the gateway; resolves on a 2xx answer (with the gateway's id of the message
 * when it gives one), else throws why not.
 */
async function post(gateway: SmsGateway, message: OutboundMessage) {
  const response = await fetch(gateway.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: message.recipient, from: SMS_SENDER_NAME, body: message.body }),
    // Only ever the configured address: a redirect would send the text elsewhere.
    redirect: 'error',
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  // Reading the answer frees the connection.
  const answer = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  try {
    const id = (JSON.parse(answer) as { id?: unknown }).id;
    return typeof id === 'string' ? { providerMessageId: id.slice(0, 200) } : {};
  } catch {
    return {};
  }
}

export const smsSender: ChannelSender = {
  channel: 'sms',
  maxAttempts: SMS_RETRIES + 1,
  retryDelaySeconds: SMS_RETRY_DELAY_SECONDS,
  async send(message) {
    const gateway = smsGateway();
    if (!gateway) throw new Error('SMS_GATEWAY_URL non configuré dans ce processus');
    return post(gateway, message);
  },
};

/** Sends one queued SMS (`{ messageId }`); a refusal fails the job, which pg-boss retries. */
export function sendSmsJob(db: Database): JobDefinition<{ messageId: string }> {
  return {
    name: SEND_SMS_JOB,
    retryLimit: SMS_RETRIES,
    retryDelaySeconds: SMS_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    concurrency: 4,
    async run({ messageId }) {
      await deliverOrFail(db, messageId, smsSender);
    },
  };
}
