import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import {
  defaultDependencies,
  type AdapterDependencies,
  type ChannelAdapter,
} from './channels/channel-adapter';
import {
  httpAggregatorAdapter,
  simpleGatewayAdapter,
  type HttpAggregatorSettings,
} from './channels/http-aggregator';
import { infobipAdapter, type InfobipSettings } from './channels/infobip';
import { twilioAdapter, type TwilioSettings } from './channels/twilio';
import { whatsappAdapter, type WhatsAppSettings } from './channels/whatsapp';
import type { MessageChannel } from './messaging.repository';

/** The sender name phones show when none is configured (research §3.5). */
export const DEFAULT_SMS_SENDER_ID = 'ECOLAGE';

/**
 * Where SMS go out (plain data: handed to the worker thread as it is): a provider's API
 * (`SMS_PROVIDER`), or today's simple JSON gateway taking `{ to, from, body }` (`SMS_GATEWAY_URL`
 * alone: the sandbox's `/__sim/sms`).
 */
export type SmsGateway =
  | { provider?: 'gateway'; url: string; senderId?: string }
  | ({ provider: 'twilio' } & TwilioSettings)
  | ({ provider: 'infobip' } & InfobipSettings)
  | ({ provider: 'http' } & HttpAggregatorSettings);

export type { WhatsAppSettings };

/** Where e-mails go out: an SMTP server (`smtp://user:pass@host:587`, `smtps://…`). */
export interface EmailSettings {
  smtpUrl: string;
  /** `Écolage <no-reply@ecolage.tg>`. */
  from: string;
}

export interface EmailTransport {
  settings: EmailSettings;
  transporter: Transporter<SMTPTransport.SentMessageInfo>;
}

let configuredGateway: SmsGateway | null = null;
let configuredSmsAdapter: ChannelAdapter | null = null;
let configuredWhatsApp: WhatsAppSettings | null = null;
let configuredWhatsAppAdapter: ReturnType<typeof whatsappAdapter> | null = null;
let configuredEmail: EmailTransport | null = null;

function smsAdapterOf(gateway: SmsGateway, dependencies: AdapterDependencies): ChannelAdapter {
  switch (gateway.provider) {
    case 'twilio':
      return twilioAdapter(gateway, dependencies);
    case 'infobip':
      return infobipAdapter(gateway, dependencies);
    case 'http':
      return httpAggregatorAdapter(gateway, dependencies);
    default:
      return simpleGatewayAdapter(
        { url: gateway.url, senderId: gateway.senderId ?? DEFAULT_SMS_SENDER_ID },
        dependencies,
      );
  }
}

/**
 * Says, once at start-up, where this process's SMS go: with a gateway they are queued for the
 * `messaging.send-sms` job, without one (`null`) they stay `captured` in the outbox, as in tests
 * and development. `dependencies`: the adapters' HTTP client and clock (tests).
 */
export function configureSmsGateway(
  gateway: SmsGateway | null,
  dependencies: AdapterDependencies = defaultDependencies,
): void {
  configuredGateway = gateway ? { ...gateway } : null;
  configuredSmsAdapter = configuredGateway ? smsAdapterOf(configuredGateway, dependencies) : null;
}

/** The gateway set by `configureSmsGateway`, if any. */
export function smsGateway(): SmsGateway | null {
  return configuredGateway;
}

/** The SMS provider's adapter, if one is configured. */
export function smsAdapter(): ChannelAdapter | null {
  return configuredSmsAdapter;
}

/**
 * Says, once at start-up, whether WhatsApp templates can be sent (the Cloud API's settings):
 * without it, `queueWhatsApp` queues the SMS at once.
 */
export function configureWhatsApp(
  settings: WhatsAppSettings | null,
  dependencies: AdapterDependencies = defaultDependencies,
): void {
  configuredWhatsApp = settings ? { ...settings } : null;
  configuredWhatsAppAdapter = configuredWhatsApp
    ? whatsappAdapter(configuredWhatsApp, dependencies)
    : null;
}

export function whatsappSettings(): WhatsAppSettings | null {
  return configuredWhatsApp;
}

export function whatsappChannel(): ReturnType<typeof whatsappAdapter> | null {
  return configuredWhatsAppAdapter;
}

/**
 * Says, once at start-up, where this process's e-mails go: with an SMTP server they are queued
 * for the `messaging.send-email` job, without one (`null`) they stay `captured`. No connection is
 * opened here: each send opens one (nodemailer), with bounded waits.
 */
export function configureEmailTransport(settings: EmailSettings | null): void {
  configuredEmail?.transporter.close();
  configuredEmail = settings
    ? {
        settings: { ...settings },
        transporter: nodemailer.createTransport({
          url: settings.smtpUrl,
          // A try never holds its message `sending` for long.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      }
    : null;
}

/** The transport set by `configureEmailTransport`, if any. */
export function emailTransport(): EmailTransport | null {
  return configuredEmail;
}

/** The channels this process sends (the others keep their messages captured). */
export function configuredChannels(): MessageChannel[] {
  return [
    ...(configuredEmail ? (['email'] as const) : []),
    ...(configuredGateway ? (['sms'] as const) : []),
    ...(configuredWhatsApp ? (['whatsapp'] as const) : []),
  ];
}
