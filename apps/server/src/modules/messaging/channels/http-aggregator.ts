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

export interface HttpAggregatorSettings {
  /** `https://edok-api.kingsmspro.com/api/v1`: the send is POST `{baseUrl}/sms/send`. */
  baseUrl: string;
  apiKey: string;
  clientId: string;
  /** The secret in the DLR URL's path (the aggregator signs nothing). */
  webhookToken: string;
  senderId: string;
  callbackBaseUrl: string;
  /** The report's field names, when the aggregator uses others. */
  fields?: { messageId?: string; status?: string; error?: string };
}

export const HTTP_WEBHOOK_PATH = '/api/webhooks/messages/http';

const STATES: Record<string, DeliveryState> = {
  DELIVERED: 'delivered',
  DELIVRD: 'delivered',
  SENT: 'sent',
  SUBMITTED: 'sent',
  ACCEPTED: 'sent',
  UNDELIVERED: 'failed',
  UNDELIV: 'failed',
  FAILED: 'failed',
  REJECTED: 'failed',
  EXPIRED: 'failed',
};

/**
 * A local aggregator's HTTP API (KING SMS PRO's shape, research §3.4): JSON POST
 * `{baseUrl}/sms/send` with APIKEY and CLIENTID headers, the number without `+`, a DLR URL
 * carrying a secret path token and our id in its query; the answer's `messageId` is theirs.
 */
export function httpAggregatorAdapter(
  settings: HttpAggregatorSettings,
  dependencies: AdapterDependencies = defaultDependencies,
): ChannelAdapter {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const fields = {
    messageId: settings.fields?.messageId ?? 'messageId',
    status: settings.fields?.status ?? 'status',
    error: settings.fields?.error ?? 'error',
  };
  return {
    provider: 'http',
    channel: 'sms',
    async send(message, { signal }) {
      const body = {
        from: settings.senderId,
        to: digitsOnly(message.to),
        message: message.text,
        type: 0,
        dlr: 'yes',
        url: `${settings.callbackBaseUrl.replace(/\/+$/, '')}${HTTP_WEBHOOK_PATH}/${settings.webhookToken}?m=${message.id}`,
      };
      const call = await postToProvider(
        dependencies,
        `${base}/sms/send`,
        {
          headers: {
            APIKEY: settings.apiKey,
            CLIENTID: settings.clientId,
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
        return refusalOf(
          call.response,
          asString(answer.message) ?? asString(answer.error) ?? '',
          dependencies.now(),
        );
      }
      const id = asString(answer.messageId) ?? asString(answer.id);
      if (!id) return { kind: 'ambiguous', error: 'réponse de la passerelle sans messageId' };
      return { kind: 'accepted', providerMessageId: id.slice(0, 200) };
    },
    verifyWebhook(raw: RawWebhook) {
      return sameSecret(raw.pathToken, settings.webhookToken);
    },
    parseWebhook(raw: RawWebhook): DeliveryEvent[] {
      const parsed = parseJson(raw.rawBody.toString('utf8'));
      const items = Array.isArray(parsed) ? parsed : [parsed];
      return items.flatMap((item): DeliveryEvent[] => {
        const report = asRecord(item);
        const status = (asString(report[fields.status]) ?? '').toUpperCase();
        const state = STATES[status];
        const providerMessageId = asString(report[fields.messageId]);
        // Our id rides in the DLR URL's query: it names a single message.
        const messageId = items.length === 1 ? raw.query.m : undefined;
        if (!state || (!providerMessageId && !messageId)) return [];
        const error = asString(report[fields.error]);
        return [
          {
            ...(messageId ? { messageId } : {}),
            ...(providerMessageId ? { providerMessageId } : {}),
            state,
            ...(state === 'failed' ? { errorCode: status, error: error ?? status } : {}),
            occurredAt: dependencies.now(),
          },
        ];
      });
    },
  };
}

export interface SimpleGatewaySettings {
  /** An endpoint taking `{ to, from, body }` (the sandbox's `/__sim/sms`). */
  url: string;
  senderId: string;
}

/**
 * Today's simple JSON gateway (`SMS_GATEWAY_URL` without `SMS_PROVIDER`): POST `{ to, from,
 * body }`, its answer's `id` kept; it sends no delivery report.
 */
export function simpleGatewayAdapter(
  settings: SimpleGatewaySettings,
  dependencies: AdapterDependencies = defaultDependencies,
): ChannelAdapter {
  return {
    provider: 'gateway',
    channel: 'sms',
    async send(message, { signal }) {
      const call = await postToProvider(
        dependencies,
        settings.url,
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.to, from: settings.senderId, body: message.text }),
        },
        signal,
      );
      if ('kind' in call) return call;
      if (!call.response.ok) return refusalOf(call.response, '', dependencies.now());
      const id = asString(asRecord(parseJson(call.text)).id);
      return { kind: 'accepted', providerMessageId: (id ?? message.id).slice(0, 200) };
    },
    verifyWebhook: () => false,
    parseWebhook: () => [],
  };
}
