import {
  asRecord,
  asString,
  defaultDependencies,
  hmac,
  headerValue,
  parseJson,
  postToProvider,
  refusalOf,
  retryAfterMs,
  sameSecret,
  type AdapterDependencies,
  type ChannelAdapter,
  type DeliveryEvent,
  type DeliveryState,
  type RawWebhook,
} from './channel-adapter';

export interface TwilioSettings {
  /** `https://api.twilio.com` (the sandbox's origin in demo and tests). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  senderId: string;
  /** Our public origin: the StatusCallback is `{callbackBaseUrl}/api/webhooks/messages/twilio?m=<id>`. */
  callbackBaseUrl: string;
}

export const TWILIO_WEBHOOK_PATH = '/api/webhooks/messages/twilio';

/** Twilio's refusals no retry changes (invalid or unreachable number, blocked, sender refused). */
const PERMANENT_CODES = new Set(['21211', '21408', '21610', '21612', '21614', '21606', '21659']);

const STATES: Record<string, DeliveryState> = {
  queued: 'queued',
  accepted: 'queued',
  scheduled: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

/**
 * X-Twilio-Signature: base64 of HMAC-SHA1 with the auth token over the exact URL Twilio called,
 * followed by every POST parameter sorted by name, as name then value.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const sorted = [...params.entries()].sort(([a, va], [b, vb]) =>
    a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0,
  );
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return hmac('sha1', authToken, Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * Twilio Programmable Messaging (research §3.1): a form POST to `Messages.json` with Basic auth,
 * our id in the StatusCallback's query; status callbacks are form POSTs signed with
 * X-Twilio-Signature.
 */
export function twilioAdapter(
  settings: TwilioSettings,
  dependencies: AdapterDependencies = defaultDependencies,
): ChannelAdapter {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    provider: 'twilio',
    channel: 'sms',
    async send(message, { signal }) {
      const form = new URLSearchParams({
        To: message.to,
        From: settings.senderId,
        Body: message.text,
        StatusCallback: `${settings.callbackBaseUrl.replace(/\/+$/, '')}${TWILIO_WEBHOOK_PATH}?m=${message.id}`,
      });
      const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
      const call = await postToProvider(
        dependencies,
        url,
        {
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
        },
        signal,
      );
      if ('kind' in call) return call;
      const answer = asRecord(parseJson(call.text));
      if (call.response.ok) {
        const sid = asString(answer.sid);
        if (!sid) return { kind: 'ambiguous', error: 'réponse Twilio sans sid' };
        return { kind: 'accepted', providerMessageId: sid };
      }
      const code = asString(answer.code);
      const detail = [code, asString(answer.message)].filter(Boolean).join(' ');
      if (code === '20429') {
        // « Too many requests »: never processed, always safe to try again.
        const after = retryAfterMs(call.response, dependencies.now());
        return {
          kind: 'retryable',
          error: detail,
          ...(after !== undefined ? { retryAfterMs: after } : {}),
        };
      }
      if (code && PERMANENT_CODES.has(code)) return { kind: 'permanent', error: detail, code };
      return refusalOf(call.response, detail, dependencies.now());
    },
    verifyWebhook(raw: RawWebhook) {
      const given = headerValue(raw, 'x-twilio-signature');
      const params = new URLSearchParams(raw.rawBody.toString('utf8'));
      return sameSecret(given, twilioSignature(settings.authToken, raw.publicUrl, params));
    },
    parseWebhook(raw: RawWebhook): DeliveryEvent[] {
      const params = new URLSearchParams(raw.rawBody.toString('utf8'));
      const status = params.get('MessageStatus') ?? params.get('SmsStatus') ?? '';
      const state = STATES[status];
      const sid = params.get('MessageSid') ?? params.get('SmsSid') ?? undefined;
      if (!state || (!sid && !raw.query.m)) return [];
      const errorCode = params.get('ErrorCode') ?? undefined;
      return [
        {
          ...(raw.query.m ? { messageId: raw.query.m } : {}),
          ...(sid ? { providerMessageId: sid } : {}),
          state,
          ...(errorCode ? { errorCode, error: `Twilio ${status} ${errorCode}` } : {}),
          ...(!errorCode && state === 'failed' ? { error: `Twilio ${status}` } : {}),
          occurredAt: dependencies.now(),
        },
      ];
    },
  };
}
