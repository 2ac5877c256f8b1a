// The sandbox's SMTP server: Écolage's e-mails (SMTP_URL) arrive here in demo mode, are read with
// mailparser and kept in the mail store for the « Boîte mail » page. 127.0.0.1 only, no TLS, no
// authentication: a local catcher, like the téléphone for SMS.
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailStore } from './mail-store';

/** A message larger than this is refused (552), as a real server would. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** `Écolage <no-reply@ecolage.local>`, as a mail client shows a sender. */
function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return '';
  return (Array.isArray(address) ? address : [address])
    .flatMap((item) => item.value)
    .map((entry) =>
      entry.name && entry.address
        ? `${entry.name} <${entry.address}>`
        : entry.address || entry.name,
    )
    .join(', ');
}

export interface SandboxSmtp {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpServer(settings: {
  store: MailStore;
  port: number;
  now?: () => Date;
  onError?: (error: Error) => void;
}): Promise<SandboxSmtp> {
  const now = settings.now ?? (() => new Date());
  const server = new SMTPServer({
    name: 'bac-a-sable.ecolage.local',
    banner: "Bac à sable d'Écolage",
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            return callback(
              Object.assign(new Error('Message trop volumineux'), { responseCode: 552 }),
            );
          }
          settings.store.add({
            receivedAt: now(),
            from: addressText(parsed.from) || (session.envelope.mailFrom || {}).address || '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? null,
            html: typeof parsed.html === 'string' ? parsed.html : null,
            messageId: parsed.messageId ?? null,
            attachments: parsed.attachments.map((attachment, index) => ({
              filename: attachment.filename ?? `piece-${index + 1}`,
              contentType: attachment.contentType || 'application/octet-stream',
              size: attachment.size,
              content: attachment.content.toString('base64'),
            })),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on('error', (error) => settings.onError?.(error));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(settings.port, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
