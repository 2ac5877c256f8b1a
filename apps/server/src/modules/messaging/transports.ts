import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MessageChannel } from './messaging.repository';

/** Where SMS go out: an HTTP endpoint taking `{ to, from, body }` (the PSP sandbox's `/__sim/sms`). */
export interface SmsGateway {
  url: string;
}

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
let configuredEmail: EmailTransport | null = null;

/**
 * Says, once at start-up, where this process's SMS go: with a gateway they are queued for the
 * `messaging.send-sms` job, without one (`null`) they stay `captured` in the outbox, as in tests
 * and development.
 */
export function configureSmsGateway(gateway: SmsGateway | null): void {
  configuredGateway = gateway ? { url: gateway.url } : null;
}

/** The gateway set by `configureSmsGateway`, if any. */
export function smsGateway(): SmsGateway | null {
  return configuredGateway;
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
  ];
}
