// The sandbox's memory on disk: an append-only journal in its data directory, so that a restart,
// a demo stopped and started again or a crash behaves as a real provider does — the payments it
// accepted are still there, with their status. Each change is appended (one JSON line per record)
// and flushed to the disk before the answer that reveals it leaves; at start the journal is read
// back and rewritten compactly (a snapshot written aside, then renamed over it).
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { SimMessage } from './messages';
import type { IssuedToken, MtnApiUser, SandboxStore, SimTransaction } from './state';

const FILE = 'transactions.ndjson';

type Callback = SandboxStore['callbacks'][number];

/**
 * One line of the journal. A later `tx`, `refund`, `sms` or `whatsapp` of the same id replaces the
 * earlier one (a message is written again when its delivery status changes).
 */
type JournalRecord =
  | { kind: 'tx'; value: SimTransaction }
  | { kind: 'refund'; value: SimTransaction }
  | { kind: 'sms'; value: SimMessage }
  | { kind: 'whatsapp'; value: SimMessage }
  | { kind: 'callback'; value: Callback }
  | { kind: 'mtnUsers'; value: [string, MtnApiUser][] }
  | { kind: 'tokens'; value: [string, IssuedToken][] }
  | { kind: 'sequence'; value: number };

/** JSON with dates kept as dates (`{"$date": "…"}`), wherever they are in a record. */
function encode(record: JournalRecord): string {
  return `${JSON.stringify(record, function (this: Record<string, unknown>, key, value: unknown) {
    return this[key] instanceof Date ? { $date: value } : value;
  })}\n`;
}

function decode(line: string): JournalRecord {
  return JSON.parse(line, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      const date = (value as { $date?: unknown }).$date;
      if (keys.length === 1 && typeof date === 'string') return new Date(date);
    }
    return value;
  }) as JournalRecord;
}

export class SandboxJournal {
  private readonly file: string;
  private fd: number | undefined;
  /** The line last written for each transaction and refund: one merely read is not written again. */
  private readonly lines = new Map<string, string>();
  /** Bytes appended since the journal was last rewritten, and the size it was rewritten at. */
  private appended = 0;
  private compactSize = 0;
  private callbacksWritten = 0;
  private sequenceWritten = 0;
  private usersWritten = '';
  private tokensWritten = '';

  constructor(
    readonly dir: string,
    private readonly store: SandboxStore,
  ) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, FILE);
  }

  /** Reads the journal back into the (empty) store, then rewrites it compactly. */
  open(): void {
    if (existsSync(this.file)) this.replay(readFileSync(this.file, 'utf8'));
    this.store.changed.clear();
    this.rewrite();
  }

  /** Appends what changed since the last flush and waits until the disk has it. */
  flush(): void {
    if (this.fd === undefined) return;
    const text = this.pending();
    if (text === '') return;
    writeSync(this.fd, text);
    fdatasyncSync(this.fd);
    this.appended += Buffer.byteLength(text);
    // Each status asked about appends its transaction again: past a few times its compact size,
    // the journal is rewritten.
    if (this.appended > Math.max(4 * this.compactSize, 4 * 1024 * 1024)) this.rewrite();
  }

  /** `POST /__sim/reset`: the store is empty, so is the journal. */
  clear(): void {
    this.rewrite();
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    closeSync(this.fd);
    this.fd = undefined;
  }

  private replay(text: string): void {
    const { store } = this;
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const transactions = new Map<string, SimTransaction>();
    const refunds = new Map<string, SimTransaction>();
    const messages = new Map<string, SimMessage>();
    for (const [index, line] of lines.entries()) {
      let record: JournalRecord;
      try {
        record = decode(line);
      } catch (error) {
        // Only the last line may be cut short (the process died while writing it).
        if (index === lines.length - 1) break;
        throw new Error(`Journal du bac à sable illisible (${this.file}, ligne ${index + 1}).`, {
          cause: error,
        });
      }
      if (record.kind === 'tx') transactions.set(record.value.id, record.value);
      else if (record.kind === 'refund') refunds.set(record.value.id, record.value);
      else if (record.kind === 'sms' || record.kind === 'whatsapp') {
        // Written before WhatsApp: an SMS posted to /__sim/sms, without channel nor protocol.
        const value = { channel: 'sms' as const, protocol: 'sim' as const, ref: record.value.id };
        messages.set(record.value.id, { ...value, ...record.value });
      } else if (record.kind === 'callback') store.callbacks.push(record.value);
      else if (record.kind === 'mtnUsers') store.mtnUsers = new Map(record.value);
      else if (record.kind === 'tokens') store.tokens = new Map(record.value);
      else store.sequence = Math.max(store.sequence, record.value);
    }
    for (const transaction of transactions.values()) store.add(transaction);
    for (const refund of refunds.values()) store.addRefund(refund);
    for (const message of messages.values()) store.addMessage(message);
  }

  /** The lines of every record the store holds that the journal does not have yet. */
  private pending(): string {
    const { store } = this;
    const records: JournalRecord[] = [];
    let text = '';
    for (const transaction of store.changed) {
      const kind = store.isPayment(transaction) ? 'tx' : 'refund';
      const line = encode({ kind, value: transaction });
      const key = `${kind}:${transaction.id}`;
      if (this.lines.get(key) === line) continue;
      this.lines.set(key, line);
      text += line;
    }
    store.changed.clear();
    for (const value of store.messagesChanged) {
      records.push({ kind: value.channel === 'whatsapp' ? 'whatsapp' : 'sms', value });
    }
    store.messagesChanged.clear();
    for (const value of store.callbacks.slice(this.callbacksWritten)) {
      records.push({ kind: 'callback', value });
    }
    this.callbacksWritten = store.callbacks.length;
    const users = [...store.mtnUsers];
    const usersText = JSON.stringify(users);
    if (usersText !== this.usersWritten) records.push({ kind: 'mtnUsers', value: users });
    this.usersWritten = usersText;
    const tokens = [...store.tokens];
    const tokensText = JSON.stringify(tokens);
    if (tokensText !== this.tokensWritten) records.push({ kind: 'tokens', value: tokens });
    this.tokensWritten = tokensText;
    if (store.sequence !== this.sequenceWritten) {
      records.push({ kind: 'sequence', value: store.sequence });
    }
    this.sequenceWritten = store.sequence;
    return text + records.map(encode).join('');
  }

  /** Writes the whole store aside, makes it durable, then puts it in place of the journal. */
  private rewrite(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    const { store } = this;
    store.changed.clear();
    for (const transaction of store.transactions) store.changed.add(transaction);
    for (const refund of store.refunds.values()) store.changed.add(refund);
    store.messagesChanged.clear();
    for (const message of [...store.sms, ...store.whatsapp]) store.messagesChanged.add(message);
    this.callbacksWritten = 0;
    this.sequenceWritten = 0;
    this.usersWritten = '';
    this.tokensWritten = '';
    this.lines.clear();
    const text = this.pending();
    this.appended = 0;
    this.compactSize = Buffer.byteLength(text);
    const aside = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(aside, 'w', 0o600);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(aside, this.file);
    const dir = openSync(this.dir, 'r');
    fsyncSync(dir);
    closeSync(dir);
    this.fd = openSync(this.file, 'a', 0o600);
  }
}
