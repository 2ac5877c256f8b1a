import { ErrorCode } from '@ecolage/contracts';
import type { ProviderId } from '../../psp';

/**
 * What each provider's notification looks like on the wire (research/psp-apis.md §2.4, §3.3,
 * §4.3, §5.1, §5.3), checked before anything is stored: a body that cannot be one is refused, so
 * anonymous senders cannot fill the events table. Every provider posts JSON.
 */
interface NotificationShape {
  /**
   * The largest body accepted. The real notifications weigh a few hundred bytes (Orange's three
   * fields, PayGate's seven, MTN's status answer with its two 160-character notes) to a few
   * kilobytes (a Wave event carrying the whole checkout session and its URLs, a FedaPay event
   * carrying the whole transaction): each limit leaves them ten times room or more.
   */
  maxBytes: number;
  /**
   * MTN and Orange post to the callback URL we gave with the payment, which names it (their
   * bodies do not); Wave, FedaPay and PayGate post to the one address set in their dashboard.
   */
  callbackOnly: boolean;
  /** The fields every notification of the provider carries. */
  fits(body: Record<string, unknown>): boolean;
}

const KIB = 1024;
const isText = (value: unknown) => typeof value === 'string' && value.length > 0;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SHAPES: Record<ProviderId, NotificationShape> = {
  // The requesttopay status: {financialTransactionId, externalId, amount, currency, payer, …, status}.
  mtn: { maxBytes: 4 * KIB, callbackOnly: true, fits: (body) => isText(body.status) },
  // {status, notif_token, txnid}.
  orange: {
    maxBytes: 1 * KIB,
    callbackOnly: true,
    fits: (body) => isText(body.status) && isText(body.notif_token),
  },
  // An Event {id, type, data: CheckoutSession}.
  wave: {
    maxBytes: 16 * KIB,
    callbackOnly: false,
    fits: (body) => isText(body.id) && isText(body.type) && isObject(body.data),
  },
  // An Event {id, name, entity: transaction}.
  fedapay: {
    maxBytes: 32 * KIB,
    callbackOnly: false,
    fits: (body) => isText(body.name) && isObject(body.entity),
  },
  // {tx_reference, identifier, payment_reference, amount, datetime, payment_method, phone_number}.
  paygate: {
    maxBytes: 2 * KIB,
    callbackOnly: false,
    fits: (body) =>
      isText(body.identifier) || isText(body.tx_reference) || typeof body.tx_reference === 'number',
  },
};

/** What the webhook routes read at most, whoever the provider: the largest limit. */
export const NOTIFICATION_READ_LIMIT = Math.max(
  ...Object.values(SHAPES).map((shape) => shape.maxBytes),
);

export const NotificationMessages = {
  wrongAddress: 'Ce prestataire ne notifie pas à cette adresse.',
  tooLarge: 'Notification trop volumineuse pour ce prestataire.',
  notJson: 'Une notification de paiement est envoyée en JSON.',
  notANotification: 'Ce corps n’est pas une notification de ce prestataire.',
  unsigned: 'Notification sans la signature que ce prestataire envoie toujours.',
  overBudget:
    'Trop de notifications non vérifiées depuis cette adresse : réessayez dans quelques minutes.',
} as const;

export type NotificationRefusal = {
  status: 400 | 404 | 413 | 415;
  code: ErrorCode;
  message: string;
};

const refusal = (status: NotificationRefusal['status'], code: ErrorCode, message: string) => ({
  status,
  code,
  message,
});

/** `application/json`, `application/json; charset=utf-8`, `application/cloudevents+json`… */
function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Why this request cannot be one of the provider's notifications, or null when it can: its
 * address, its size, its content type, its JSON and the fields the provider always sends.
 */
export function notificationRefusal(
  provider: ProviderId,
  request: { onCallbackPath: boolean; contentType: string | undefined; rawBody: Buffer },
): NotificationRefusal | null {
  const shape = SHAPES[provider];
  if (shape.callbackOnly && !request.onCallbackPath) {
    return refusal(404, ErrorCode.NOT_FOUND, NotificationMessages.wrongAddress);
  }
  if (request.rawBody.length > shape.maxBytes) {
    return refusal(413, ErrorCode.PAYLOAD_TOO_LARGE, NotificationMessages.tooLarge);
  }
  if (!isJsonType(request.contentType)) {
    return refusal(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, NotificationMessages.notJson);
  }
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    return refusal(400, ErrorCode.MALFORMED_JSON, NotificationMessages.notANotification);
  }
  if (!isObject(body) || !shape.fits(body)) {
    return refusal(400, ErrorCode.VALIDATION_FAILED, NotificationMessages.notANotification);
  }
  return null;
}
