// Messages the sandbox's phones receive: SMS through any of the SMS protocols (Twilio, Infobip, the
// local aggregator, or the plain `POST /__sim/sms`) and WhatsApp template messages, with what the
// network did with them (the status the sandbox reported in its delivery reports) and the
// scenario the recipient's number asked for.
import { phoneDigits } from './state';

/** Who spoke to the sandbox: the protocol of the request that sent the message. */
export const MESSAGE_PROVIDERS = ['twilio', 'infobip', 'aggregator', 'whatsapp'] as const;
export type MessageProviderId = (typeof MESSAGE_PROVIDERS)[number];
export type MessageProtocol = MessageProviderId | 'sim';

/** What the network did, in the sandbox's words; each protocol has its own wire word for it. */
export type MessageStatus = 'accepted' | 'sent' | 'delivered' | 'read' | 'undelivered' | 'failed';

/** The rank a phone shows: a later report of a lower rank does not move it back. */
const RANK: Record<MessageStatus, number> = {
  accepted: 0,
  sent: 1,
  failed: 2,
  undelivered: 2,
  delivered: 3,
  read: 4,
};

export interface DeliveryReportRecord {
  at: string;
  status: MessageStatus;
  url?: string;
  /** The answer of the product, or why nothing was sent. */
  httpStatus?: number;
  error?: string;
  skipped?: string;
  attempt?: number;
  duplicate?: boolean;
  badSignature?: boolean;
}

export interface WhatsAppTemplateSent {
  name: string;
  language: string;
  /** Named body parameters, as sent. */
  params: Record<string, string>;
  /** The call-to-action button, when the template has one and the request filled it. */
  button?: { text: string; url: string | null };
}

export interface SimMessage {
  /** Sandbox id (`msg-000042`). */
  id: string;
  channel: 'sms' | 'whatsapp';
  protocol: MessageProtocol;
  /** The provider's id of the message (SM…, Infobip messageId, the aggregator's, wamid.…). */
  ref: string;
  to: string;
  from: string | null;
  /** The text the phone shows (a WhatsApp template rendered with its parameters). */
  body: string;
  receivedAt: Date;
  encoding?: 'GSM-7' | 'UCS-2';
  segments?: number;
  /** Absent for `POST /__sim/sms`, which has no delivery reports. */
  status?: MessageStatus;
  /** The error code reported with a failure (30003, 131026…). */
  errorCode?: number;
  scenario?: Scenario;
  template?: WhatsAppTemplateSent;
  /** The request's own fields the protocol echoes (callbackData, biz_opaque_callback_data…). */
  echo?: Record<string, string>;
  reports?: DeliveryReportRecord[];
}

/** The earlier name of an SMS on the téléphone page (journals written before WhatsApp). */
export type SmsMessage = SimMessage;

/**
 * What a number asks the network for. Scenario numbers end in the 8 digits `99 00 00 0X`
 * (+228 99 00 00 01…06, or the same 8 digits after another country code): no demo school phone,
 * no payment sandbox test number (MTN 46733123450…454, FedaPay 64000001/66000001) has them.
 */
export const SCENARIOS = [
  'delivered',
  'undelivered',
  'no_report',
  'rate_limited_once',
  'timeout_after_accept',
  'duplicate_out_of_order',
  'no_whatsapp',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const SCENARIO_NUMBERS: Record<Exclude<Scenario, 'delivered'>, string> = {
  undelivered: '+22899000001',
  no_report: '+22899000002',
  rate_limited_once: '+22899000003',
  timeout_after_accept: '+22899000004',
  duplicate_out_of_order: '+22899000005',
  no_whatsapp: '+22899000006',
};

/** French words for the page (and the README's table). */
export const SCENARIO_LABELS: Record<Scenario, string> = {
  delivered: 'distribué (tout autre numéro)',
  undelivered: 'non distribué (Twilio 30003, Infobip UNDELIVERABLE, agrégateur UNDELIVERED)',
  no_report: 'accepté, puis aucun accusé de réception',
  rate_limited_once: 'HTTP 429 au premier envoi, accepté au suivant',
  timeout_after_accept: 'accepté, mais la réponse ne vient pas (la connexion est coupée)',
  duplicate_out_of_order: 'accusés en double et dans le désordre',
  no_whatsapp: 'pas de WhatsApp (erreur 131026) ; les SMS sont distribués',
};

export function scenarioOf(number: string): Scenario {
  const match = /9900000([1-6])$/.exec(phoneDigits(number));
  if (!match) return 'delivered';
  return SCENARIOS[Number(match[1])] ?? 'delivered';
}

/** Whether `status` moves the phone forward from `current`. */
export function advances(current: MessageStatus | undefined, status: MessageStatus): boolean {
  if (current === undefined) return true;
  // A failure reported after a delivery does not undo it; a delivery after a failure does.
  return RANK[status] > RANK[current];
}

export const STATUS_LABELS: Record<MessageStatus, string> = {
  accepted: 'Accepté par la passerelle',
  sent: 'Envoyé',
  delivered: 'Distribué',
  read: 'Lu',
  undelivered: 'Non distribué',
  failed: 'Échec',
};

export const PROTOCOL_LABELS: Record<MessageProtocol, string> = {
  twilio: 'Twilio',
  infobip: 'Infobip',
  aggregator: 'Agrégateur local',
  whatsapp: 'WhatsApp Cloud API',
  sim: 'passerelle simple (/__sim/sms)',
};

/** The statuses each scenario reports, in the order they are sent (SMS; WhatsApp adds `read`). */
export function reportPlan(scenario: Scenario, channel: 'sms' | 'whatsapp'): MessageStatus[] {
  if (channel === 'whatsapp') {
    if (scenario === 'no_whatsapp') return ['failed'];
    if (scenario === 'undelivered') return ['sent', 'failed'];
    if (scenario === 'no_report') return [];
    if (scenario === 'duplicate_out_of_order') return ['delivered', 'sent', 'read', 'delivered'];
    return ['sent', 'delivered', 'read'];
  }
  if (scenario === 'undelivered') return ['sent', 'undelivered'];
  if (scenario === 'no_report') return [];
  if (scenario === 'duplicate_out_of_order') return ['delivered', 'sent', 'delivered'];
  return ['sent', 'delivered'];
}

/** A key for « the same message sent again » (the 429 and timeout scenarios answer once). */
export function resendKey(protocol: MessageProtocol, to: string, body: string): string {
  return `${protocol}|${phoneDigits(to)}|${body}`;
}
