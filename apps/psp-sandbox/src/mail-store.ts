// The e-mails the sandbox's SMTP server received (the « Boîte mail » page reads them). Kept in
// memory and, with a data directory, appended to mails.ndjson (flushed to the disk before the
// SMTP answer), so that a restart of the demo forgets none.
import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export interface MailAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Base64. */
  content: string;
}

export interface SandboxMail {
  id: string;
  receivedAt: Date;
  /** As the message says it (`"Écolage" <no-reply@ecolage.local>`). */
  from: string;
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  messageId: string | null;
  attachments: MailAttachment[];
}

const FILE = 'mails.ndjson';
/** The oldest are dropped past this many (a long demo stays light). */
const KEEP = 500;

export class MailStore {
  private mails: SandboxMail[] = [];
  private sequence = 0;
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    if (!dataDir) return;
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, FILE);
    if (!existsSync(this.file)) return;
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const mail = JSON.parse(line) as SandboxMail & { receivedAt: string };
        this.mails.push({ ...mail, receivedAt: new Date(mail.receivedAt) });
      } catch {
        // A line cut short by a crash while it was written: the mail was never acknowledged.
      }
    }
    this.sequence = this.mails.length;
    this.mails = this.mails.slice(-KEEP);
  }

  add(mail: Omit<SandboxMail, 'id'>): SandboxMail {
    this.sequence += 1;
    const stored = { id: `mail-${String(this.sequence).padStart(4, '0')}`, ...mail };
    this.mails.push(stored);
    if (this.mails.length > KEEP) this.mails.splice(0, this.mails.length - KEEP);
    if (this.file) {
      appendFileSync(this.file, `${JSON.stringify(stored)}\n`, { mode: 0o600 });
      const fd = openSync(this.file, 'r');
      fsyncSync(fd);
      closeSync(fd);
    }
    return stored;
  }

  /** Newest first; only those sent to `to` when given. */
  list(to?: string): SandboxMail[] {
    const address = to?.trim().toLowerCase();
    return this.mails.filter((mail) => !address || mail.to.includes(address)).reverse();
  }

  byId(id: string): SandboxMail | undefined {
    return this.mails.find((mail) => mail.id === id);
  }

  clear(): void {
    this.mails = [];
    if (this.file) writeFileSync(this.file, '', { mode: 0o600 });
  }
}
