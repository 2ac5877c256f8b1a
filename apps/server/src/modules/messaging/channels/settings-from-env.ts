import type { Config } from '../../../platform/env';
import { DEFAULT_SMS_SENDER_ID, type SmsGateway, type WhatsAppSettings } from '../transports';

/**
 * An alphanumeric sender every provider takes (research §3.5): 3 to 11 letters, digits or
 * spaces, starting with a letter.
 */
export const SENDER_ID_PATTERN = /^[A-Za-z][A-Za-z0-9 ]{2,10}$/;

type MessagingEnv = Partial<
  Pick<
    Config,
    | 'PORT'
    | 'PUBLIC_URL'
    | 'PSP_CALLBACK_BASE_URL'
    | 'SMS_GATEWAY_URL'
    | 'SMS_PROVIDER'
    | 'SMS_SENDER_ID'
    | 'TWILIO_BASE_URL'
    | 'TWILIO_ACCOUNT_SID'
    | 'TWILIO_AUTH_TOKEN'
    | 'INFOBIP_BASE_URL'
    | 'INFOBIP_API_KEY'
    | 'INFOBIP_WEBHOOK_TOKEN'
    | 'SMS_HTTP_BASE_URL'
    | 'SMS_HTTP_API_KEY'
    | 'SMS_HTTP_CLIENT_ID'
    | 'SMS_HTTP_WEBHOOK_TOKEN'
    | 'WHATSAPP_BASE_URL'
    | 'WHATSAPP_GRAPH_VERSION'
    | 'WHATSAPP_PHONE_NUMBER_ID'
    | 'WHATSAPP_ACCESS_TOKEN'
    | 'WHATSAPP_APP_SECRET'
    | 'WHATSAPP_VERIFY_TOKEN'
  >
>;

function required(env: MessagingEnv, names: (keyof MessagingEnv)[], because: string) {
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(`Configuration invalide :\n  ${missing.join(', ')} : requis ${because}.`);
  }
}

/**
 * The channels the environment configures (.env.example): the SMS provider (`SMS_PROVIDER` =
 * twilio | infobip | http; `SMS_GATEWAY_URL` alone: today's simple gateway; nothing: captured)
 * and WhatsApp (its phone number id and token set). Delivery reports are called back on the
 * payments' callback origin (PSP_CALLBACK_BASE_URL, else PUBLIC_URL, else this server). Throws
 * a French message naming what is missing.
 */
export function messagingSettingsFromEnv(env: MessagingEnv): {
  sms: SmsGateway | null;
  whatsapp: WhatsAppSettings | null;
  callbackBaseUrl: string;
} {
  const callbackBaseUrl = (
    env.PSP_CALLBACK_BASE_URL ??
    env.PUBLIC_URL ??
    `http://127.0.0.1:${env.PORT ?? 3000}`
  ).replace(/\/+$/, '');
  const senderId = env.SMS_SENDER_ID ?? DEFAULT_SMS_SENDER_ID;
  let sms: SmsGateway | null;
  switch (env.SMS_PROVIDER) {
    case 'twilio':
      required(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'], 'avec SMS_PROVIDER=twilio');
      sms = {
        provider: 'twilio',
        baseUrl: env.TWILIO_BASE_URL ?? 'https://api.twilio.com',
        accountSid: env.TWILIO_ACCOUNT_SID!,
        authToken: env.TWILIO_AUTH_TOKEN!,
        senderId,
        callbackBaseUrl,
      };
      break;
    case 'infobip':
      required(
        env,
        ['INFOBIP_BASE_URL', 'INFOBIP_API_KEY', 'INFOBIP_WEBHOOK_TOKEN'],
        'avec SMS_PROVIDER=infobip',
      );
      sms = {
        provider: 'infobip',
        baseUrl: env.INFOBIP_BASE_URL!,
        apiKey: env.INFOBIP_API_KEY!,
        webhookToken: env.INFOBIP_WEBHOOK_TOKEN!,
        senderId,
        callbackBaseUrl,
      };
      break;
    case 'http': {
      const baseUrl = env.SMS_HTTP_BASE_URL ?? env.SMS_GATEWAY_URL;
      required(
        env,
        ['SMS_HTTP_API_KEY', 'SMS_HTTP_CLIENT_ID', 'SMS_HTTP_WEBHOOK_TOKEN'],
        'avec SMS_PROVIDER=http',
      );
      if (!baseUrl) required(env, ['SMS_HTTP_BASE_URL'], 'avec SMS_PROVIDER=http');
      sms = {
        provider: 'http',
        baseUrl: baseUrl!,
        apiKey: env.SMS_HTTP_API_KEY!,
        clientId: env.SMS_HTTP_CLIENT_ID!,
        webhookToken: env.SMS_HTTP_WEBHOOK_TOKEN!,
        senderId,
        callbackBaseUrl,
      };
      break;
    }
    default:
      sms = env.SMS_GATEWAY_URL ? { url: env.SMS_GATEWAY_URL, senderId } : null;
  }
  const whatsapp: WhatsAppSettings | null =
    env.WHATSAPP_PHONE_NUMBER_ID || env.WHATSAPP_ACCESS_TOKEN
      ? (required(
          env,
          [
            'WHATSAPP_PHONE_NUMBER_ID',
            'WHATSAPP_ACCESS_TOKEN',
            'WHATSAPP_APP_SECRET',
            'WHATSAPP_VERIFY_TOKEN',
          ],
          'pour envoyer par WhatsApp',
        ),
        {
          baseUrl: env.WHATSAPP_BASE_URL ?? 'https://graph.facebook.com',
          graphVersion: env.WHATSAPP_GRAPH_VERSION ?? 'v23.0',
          phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
          accessToken: env.WHATSAPP_ACCESS_TOKEN!,
          appSecret: env.WHATSAPP_APP_SECRET!,
          verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
        })
      : null;
  return { sms, whatsapp, callbackBaseUrl };
}
