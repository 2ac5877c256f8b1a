import {
  asRecord,
  asString,
  defaultDependencies,
  digitsOnly,
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

export interface WhatsAppSettings {
  /** `https://graph.facebook.com` (the sandbox's origin in demo and tests). */
  baseUrl: string;
  /** `v23.0`: pinned, as Meta asks. */
  graphVersion: string;
  phoneNumberId: string;
  accessToken: string;
  /** Signs the webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** Answered in the webhook's subscription check (GET hub.verify_token). */
  verifyToken: string;
}

export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/messages/whatsapp';
/** Undeliverable: not a WhatsApp user (the SMS goes instead). */
export const NO_WHATSAPP_CODE = '131026';
/** Too many messages (the number's throughput, the pair rate): later. */
const THROTTLED_CODES = new Set(['130429', '131056', '80007', '4', '613']);

const STATES: Record<string, DeliveryState> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** `sha256=<hex HMAC-SHA256(app secret, raw body)>`, as Meta signs. */
export function whatsappSignature(appSecret: string, rawBody: Buffer): string {
  return `sha256=${hmac('sha256', appSecret, rawBody).digest('hex')}`;
}

/**
 * The WhatsApp Cloud API (research §5): utility templates with named body parameters sent to
 * `/{version}/{phone number id}/messages` with a bearer token, our outbox id as
 * `biz_opaque_callback_data`; status webhooks signed with X-Hub-Signature-256 over the raw bytes.
 */
export function whatsappAdapter(
  settings: WhatsAppSettings,
  dependencies: AdapterDependencies = defaultDependencies,
): ChannelAdapter & { verifySubscription(query: Record<string, string>): string | null } {
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    provider: 'whatsapp',
    channel: 'whatsapp',
    async send(message, { signal }) {
      const template = message.template;
      if (!template) return { kind: 'permanent', error: 'message WhatsApp sans modèle' };
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: digitsOnly(message.to),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components: [
            {
              type: 'body',
              parameters: Object.entries(template.params).map(([name, text]) => ({
                type: 'text',
                parameter_name: name,
                text,
              })),
            },
            ...(template.buttonParams ?? []).map((text, index) => ({
              type: 'button',
              sub_type: 'url',
              index: String(index),
              parameters: [{ type: 'text', text }],
            })),
          ],
        },
        biz_opaque_callback_data: message.id,
      };
      const call = await postToProvider(
        dependencies,
        `${base}/${settings.graphVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
        {
          headers: {
            authorization: `Bearer ${settings.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        },
        signal,
      );
      if ('kind' in call) return call;
      const answer = asRecord(parseJson(call.text));
      if (call.response.ok) {
        const first = asRecord(Array.isArray(answer.messages) ? answer.messages[0] : undefined);
        const id = asString(first.id);
        if (!id) return { kind: 'ambiguous', error: 'réponse WhatsApp sans identifiant' };
        return { kind: 'accepted', providerMessageId: id };
      }
      const error = asRecord(answer.error);
      const code = asString(error.code);
      const detail = [code, asString(error.message)].filter(Boolean).join(' ');
      if (code === NO_WHATSAPP_CODE) {
        return { kind: 'permanent', error: `WhatsApp ${detail}`, code, noWhatsApp: true };
      }
      if (code && THROTTLED_CODES.has(code)) {
        const after = retryAfterMs(call.response, dependencies.now());
        return {
          kind: 'retryable',
          error: `WhatsApp ${detail}`,
          ...(after !== undefined ? { retryAfterMs: after } : {}),
        };
      }
      const refusal = refusalOf(call.response, detail, dependencies.now());
      return refusal.kind === 'permanent' && code ? { ...refusal, code } : refusal;
    },
    verifyWebhook(raw: RawWebhook) {
      const given = headerValue(raw, 'x-hub-signature-256');
      return sameSecret(given, whatsappSignature(settings.appSecret, raw.rawBody));
    },
    verifySubscription(query) {
      const ok =
        query['hub.mode'] === 'subscribe' &&
        sameSecret(query['hub.verify_token'], settings.verifyToken);
      return ok ? (query['hub.challenge'] ?? '') : null;
    },
    parseWebhook(raw: RawWebhook): DeliveryEvent[] {
      const payload = asRecord(parseJson(raw.rawBody.toString('utf8')));
      const entries = Array.isArray(payload.entry) ? payload.entry : [];
      const events: DeliveryEvent[] = [];
      for (const entry of entries) {
        const changes = asRecord(entry).changes;
        for (const change of Array.isArray(changes) ? changes : []) {
          const statuses = asRecord(asRecord(change).value).statuses;
          for (const item of Array.isArray(statuses) ? statuses : []) {
            const status = asRecord(item);
            const state = STATES[asString(status.status) ?? ''];
            const providerMessageId = asString(status.id);
            const messageId = asString(status.biz_opaque_callback_data);
            if (!state || (!providerMessageId && !messageId)) continue;
            const firstError = asRecord(
              Array.isArray(status.errors) ? status.errors[0] : undefined,
            );
            const errorCode = asString(firstError.code);
            const seconds = Number(asString(status.timestamp));
            events.push({
              ...(messageId ? { messageId } : {}),
              ...(providerMessageId ? { providerMessageId } : {}),
              state,
              ...(state === 'failed'
                ? {
                    errorCode: errorCode ?? 'failed',
                    error: `WhatsApp ${[errorCode, asString(firstError.title)].filter(Boolean).join(' ')}`,
                    noWhatsApp: errorCode === NO_WHATSAPP_CODE,
                  }
                : {}),
              occurredAt: Number.isFinite(seconds) ? new Date(seconds * 1000) : dependencies.now(),
            });
          }
        }
      }
      return events;
    },
  };
}
