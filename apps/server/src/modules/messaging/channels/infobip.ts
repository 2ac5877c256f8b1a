import {
  asRecord,
  asString,
  defaultDependencies,
  digitsOnly,
  parseJson,
  postToProvider,
  refusalOf,
  sameSecret,
  type AdapterDependencies,
  type ChannelAdapter,
  type DeliveryEvent,
  type DeliveryState,
  type RawWebhook,
} from './channel-adapter';

export interface InfobipSettings {
  /** `https://xxxx.api.infobip.com` (the sandbox's origin in demo and tests). */
  baseUrl: string;
  apiKey: string;
  /** The secret in the notify URL's path: Infobip signs no SMS report. */
  webhookToken: string;
  senderId: string;
  callbackBaseUrl: string;
}

export const INFOBIP_WEBHOOK_PATH = '/api/webhooks/messages/infobip';

/**
 * A report's status in our words (research §3.2). DELIVERED_TO_OPERATOR is in Infobip's
 * DELIVERED group yet is not final: only DELIVERED_TO_HANDSET is delivered.
 */
function stateOf(status: Record<string, unknown>): DeliveryState | undefined {
  const name = asString(status.name) ?? '';
  const group = asString(status.groupName) ?? name.split('_')[0] ?? '';
  if (name === 'DELIVERED_TO_HANDSET') return 'delivered';
  if (group === 'DELIVERED' || group === 'PENDING' || group === 'OK') return 'sent';
  if (group === 'UNDELIVERABLE' || group === 'EXPIRED' || group === 'REJECTED') return 'failed';
  return undefined;
}

/**
 * Infobip SMS (API v2 « advanced »): JSON with `App` key auth; our outbox id is the
 * destination's messageId and the callbackData, so every report names our row; reports are JSON
 * `{ results: [...] }` (up to 100) to a notify URL whose path carries a secret token.
 */
export function infobipAdapter(
  settings: InfobipSettings,
  dependencies: AdapterDependencies = defaultDependencies,
): ChannelAdapter {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    provider: 'infobip',
    channel: 'sms',
    async send(message, { signal }) {
      const body = {
        messages: [
          {
            from: settings.senderId,
            destinations: [{ to: digitsOnly(message.to), messageId: message.id }],
            text: message.text,
            notifyUrl: `${settings.callbackBaseUrl.replace(/\/+$/, '')}${INFOBIP_WEBHOOK_PATH}/${settings.webhookToken}`,
            notifyContentType: 'application/json',
            callbackData: message.id,
          },
        ],
      };
      const call = await postToProvider(
        dependencies,
        `${base}/sms/2/text/advanced`,
        {
          headers: {
            authorization: `App ${settings.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
        },
        signal,
      );
      if ('kind' in call) return call;
      const answer = asRecord(parseJson(call.text));
      if (!call.response.ok) {
        const error = asRecord(asRecord(answer.requestError).serviceException);
        return refusalOf(call.response, asString(error.text) ?? '', dependencies.now());
      }
      const first = asRecord(Array.isArray(answer.messages) ? answer.messages[0] : undefined);
      const status = asRecord(first.status);
      if (stateOf(status) === 'failed') {
        const name = asString(status.name) ?? 'REJECTED';
        return { kind: 'permanent', error: `Infobip ${name}`, code: name };
      }
      return { kind: 'accepted', providerMessageId: asString(first.messageId) ?? message.id };
    },
    verifyWebhook(raw: RawWebhook) {
      return sameSecret(raw.pathToken, settings.webhookToken);
    },
    parseWebhook(raw: RawWebhook): DeliveryEvent[] {
      const results = asRecord(parseJson(raw.rawBody.toString('utf8'))).results;
      if (!Array.isArray(results)) return [];
      return results.flatMap((item): DeliveryEvent[] => {
        const result = asRecord(item);
        const status = asRecord(result.status);
        const state = stateOf(status);
        const providerMessageId = asString(result.messageId);
        const callbackData = asString(result.callbackData);
        if (!state || (!providerMessageId && !callbackData)) return [];
        const error = asRecord(result.error);
        const errorName = asString(error.name);
        const failed = state === 'failed';
        const doneAt = Date.parse(asString(result.doneAt) ?? '');
        return [
          {
            ...(callbackData ? { messageId: callbackData } : {}),
            ...(providerMessageId ? { providerMessageId } : {}),
            state,
            ...(failed
              ? {
                  errorCode: asString(error.id) ?? asString(status.name) ?? 'UNDELIVERABLE',
                  error:
                    `Infobip ${asString(status.name) ?? ''}${errorName && errorName !== 'NO_ERROR' ? ` ${errorName}` : ''}`.trim(),
                }
              : {}),
            occurredAt: Number.isNaN(doneAt) ? dependencies.now() : new Date(doneAt),
          },
        ];
      });
    },
  };
}
