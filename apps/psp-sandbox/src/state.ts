// The sandbox's store: transactions of every provider with their timeline, captured SMS, MTN API
// users and issued access tokens. In memory; with a data directory, journal.ts keeps it on disk.
import { randomBytes } from 'node:crypto';
import type { SimMessage } from './messages';

export const PROVIDERS = ['mtn', 'orange', 'wave', 'fedapay', 'paygate'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

/** The sandbox's own summary of a transaction; each provider keeps its wire status in `data`. */
export type SimState = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

/** What the payer (or the clock) did with a request to pay. */
export type Resolution = 'paid' | 'wrong_pin' | 'refused' | 'expired';

/** Who must act before the transaction can end. */
export type Awaiting = 'phone' | 'page' | 'nobody';

export interface TimelineEntry {
  at: string;
  event: string;
  detail?: Record<string, unknown>;
}

export interface SimTransaction<D extends object = object> {
  /** Sandbox id (`sim-000001`), used by the téléphone page and /__sim. */
  id: string;
  provider: ProviderId;
  /** The provider's own reference (X-Reference-Id, pay_token, cos-…, FedaPay id, tx_reference). */
  ref: string;
  /** Other keys the provider can be asked by (order_id, client_reference, identifier, token…). */
  lookup: Record<string, string>;
  /** Requested amount in the currency's unit (whole francs for XOF). */
  amount: number;
  /** Amount the provider reports once paid; differs only under the amount_mismatch fault. */
  reportedAmount: number;
  currency: string;
  merchant: string;
  description: string;
  /** Payer's number, digits only, for push flows. */
  msisdn?: string;
  /** Operator name shown on the téléphone page (« MTN MoMo », « Mixx by Yas »…). */
  operator: string;
  awaiting: Awaiting;
  state: SimState;
  resolution: Resolution | null;
  createdAt: Date;
  expiresAt: Date | null;
  settledAt: Date | null;
  /** Set by the late_success fault: when the expired payment turns into a success. */
  lateSuccessAt: Date | null;
  data: D;
  timeline: TimelineEntry[];
}

export type { SmsMessage } from './messages';

/** An MTN product: each has its own subscription key, API users and tokens. */
export type MtnProduct = 'collection' | 'disbursement';

export interface MtnApiUser {
  providerCallbackHost: string;
  apiKey: string | null;
  /** The product whose subscription key created it. */
  product: MtnProduct;
}

export interface IssuedToken {
  provider: ProviderId;
  /** Who it was issued to (MTN API user, Orange client id). */
  subject: string;
  expiresAt: Date;
  /** What the token opens when a provider has several products (MTN Collection, Disbursement). */
  scope?: string;
}

/** Digits of a phone number, without a leading international `00`. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').replace(/^00/, '');
}

/**
 * Whether two numbers designate the same line: equal digits, or one is the other with its country
 * code (`90123456` and `22890123456`). Shorter than 8 digits never matches by suffix.
 */
export function samePhone(a: string, b: string): boolean {
  const x = phoneDigits(a);
  const y = phoneDigits(b);
  if (x === y) return x.length > 0;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.length >= 8 && long.endsWith(short);
}

/** Random lowercase hex of `bytes` bytes. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** Random digits (for operator references and MTN's financialTransactionId). */
export function randomDigits(count: number): string {
  let digits = '';
  for (const byte of randomBytes(count)) digits += String(byte % 10);
  return digits;
}

/** Where a stored transaction reports that it may have changed (see `SandboxStore.changed`). */
const CHANGES = Symbol('changes');
type Tracked = SimTransaction & { [CHANGES]?: Set<SimTransaction> };

export class SandboxStore {
  /**
   * Transactions and refunds that may have changed since the journal last wrote them: every one
   * added, handed to a route (which may change its wire data) or given a timeline entry.
   */
  readonly changed = new Set<SimTransaction>();
  transactions: SimTransaction[] = [];
  /** SMS of every protocol, oldest first. */
  sms: SimMessage[] = [];
  /** WhatsApp messages, oldest first. */
  whatsapp: SimMessage[] = [];
  /** Messages whose status changed since the journal last wrote them. */
  readonly messagesChanged = new Set<SimMessage>();
  /** Every notification sent, in order (what /__sim/callbacks pages through). */
  callbacks: { provider: ProviderId; transactionId: string; detail: Record<string, unknown> }[] =
    [];
  mtnUsers = new Map<string, MtnApiUser>();
  tokens = new Map<string, IssuedToken>();
  /**
   * Refunds that are resources of their own (MTN's, with their own reference), by provider and
   * reference; kept apart from `transactions`, which are requests to pay.
   */
  refunds = new Map<string, SimTransaction>();
  /** Last number of the shared sequence handed out (the journal saves and restores it). */
  sequence = 0;

  /** Next number of a sequence shared by every provider (ids stay unique across the sandbox). */
  next(): number {
    this.sequence += 1;
    return this.sequence;
  }

  /** Transactions by id and by provider and `ref` (neither ever changes): no scan per request. */
  private readonly index = new Map<string, SimTransaction>();

  /** Reports the transaction as changed, now and whenever `note` appends to it. */
  private track<T extends SimTransaction | undefined>(transaction: T): T {
    if (!transaction) return transaction;
    if (!(CHANGES in transaction)) {
      Object.defineProperty(transaction, CHANGES, { value: this.changed, enumerable: false });
    }
    this.changed.add(transaction);
    return transaction;
  }

  add<D extends object>(transaction: SimTransaction<D>): SimTransaction<D> {
    const added = this.track(transaction as SimTransaction);
    this.transactions.push(added);
    this.index.set(`id:${added.id}`, added);
    const byRef = `${added.provider}:${added.ref}`;
    // The first one keeps the reference, as a scan would find it first.
    if (!this.index.has(byRef)) this.index.set(byRef, added);
    return transaction;
  }

  addRefund<D extends object>(refund: SimTransaction<D>): SimTransaction<D> {
    this.refunds.set(`${refund.provider}:${refund.ref}`, this.track(refund as SimTransaction));
    return refund;
  }

  findRefund<D extends object>(provider: ProviderId, ref: string): SimTransaction<D> | undefined {
    return this.track(this.refunds.get(`${provider}:${ref}`)) as SimTransaction<D> | undefined;
  }

  byId(id: string): SimTransaction | undefined {
    return this.track(this.index.get(`id:${id}`));
  }

  /** Whether `transaction` is one of the requests to pay (not a refund). */
  isPayment(transaction: SimTransaction): boolean {
    return this.index.get(`id:${transaction.id}`) === transaction;
  }

  /** The provider's transaction whose `ref` (or lookup key `key`) equals `value`. */
  find<D extends object>(
    provider: ProviderId,
    value: string,
    key?: string,
  ): SimTransaction<D> | undefined {
    if (key === undefined) {
      return this.track(this.index.get(`${provider}:${value}`)) as SimTransaction<D> | undefined;
    }
    const found = this.transactions.find(
      (transaction) => transaction.provider === provider && transaction.lookup[key] === value,
    );
    return this.track(found) as SimTransaction<D> | undefined;
  }

  findAll<D extends object>(provider: ProviderId, key: string, value: string): SimTransaction<D>[] {
    const found = this.transactions.filter(
      (transaction) => transaction.provider === provider && transaction.lookup[key] === value,
    );
    found.forEach((transaction) => this.track(transaction));
    return found as SimTransaction<D>[];
  }

  /** Requests waiting for a person on the téléphone page of that number, oldest first. */
  promptsFor(number: string): SimTransaction[] {
    return this.transactions.filter(
      (transaction) =>
        transaction.awaiting === 'phone' &&
        transaction.state === 'pending' &&
        transaction.msisdn !== undefined &&
        samePhone(transaction.msisdn, number),
    );
  }

  /** Push requests of that number that have ended, newest first. */
  historyFor(number: string, limit: number): SimTransaction[] {
    return this.transactions
      .filter(
        (transaction) =>
          transaction.state !== 'pending' &&
          transaction.msisdn !== undefined &&
          samePhone(transaction.msisdn, number),
      )
      .reverse()
      .slice(0, limit);
  }

  smsFor(number: string): SimMessage[] {
    return this.sms.filter((message) => samePhone(message.to, number)).reverse();
  }

  whatsappFor(number: string): SimMessage[] {
    return this.whatsapp.filter((message) => samePhone(message.to, number)).reverse();
  }

  /** Keeps a message a phone received (the journal writes it). */
  addMessage(message: SimMessage): SimMessage {
    (message.channel === 'whatsapp' ? this.whatsapp : this.sms).push(message);
    this.messagesChanged.add(message);
    return message;
  }

  /** A message by its provider's id (delivery reports, Twilio's GET). */
  findMessage(protocol: string, ref: string): SimMessage | undefined {
    const list = protocol === 'whatsapp' ? this.whatsapp : this.sms;
    return list.find((message) => message.protocol === protocol && message.ref === ref);
  }

  reset(): void {
    this.transactions = [];
    this.index.clear();
    this.sms = [];
    this.whatsapp = [];
    this.messagesChanged.clear();
    this.callbacks = [];
    this.mtnUsers.clear();
    this.tokens.clear();
    this.refunds.clear();
    this.changed.clear();
    this.sequence = 0;
  }
}

type NewTransactionFields<D extends object> = Pick<
  SimTransaction<D>,
  'provider' | 'ref' | 'amount' | 'currency' | 'merchant' | 'description' | 'operator' | 'data'
> &
  Partial<Pick<SimTransaction<D>, 'lookup' | 'msisdn' | 'awaiting' | 'expiresAt'>>;

/** Fields every new transaction starts with; providers add theirs. */
export function newTransaction<D extends object>(
  store: SandboxStore,
  now: Date,
  fields: NewTransactionFields<D>,
): SimTransaction<D> {
  return store.add<D>(startTransaction(store, now, fields));
}

/** A refund with a reference of its own: the same record, kept with the refunds. */
export function newRefund<D extends object>(
  store: SandboxStore,
  now: Date,
  fields: NewTransactionFields<D>,
): SimTransaction<D> {
  return store.addRefund<D>(startTransaction(store, now, fields));
}

function startTransaction<D extends object>(
  store: SandboxStore,
  now: Date,
  fields: NewTransactionFields<D>,
): SimTransaction<D> {
  return {
    id: `sim-${String(store.next()).padStart(6, '0')}`,
    lookup: {},
    awaiting: 'nobody',
    expiresAt: null,
    ...fields,
    reportedAmount: fields.amount,
    state: 'pending',
    resolution: null,
    createdAt: now,
    settledAt: null,
    lateSuccessAt: null,
    timeline: [{ at: now.toISOString(), event: 'created' }],
  };
}

/** Appends an entry to the transaction's timeline. */
export function note(
  transaction: SimTransaction,
  now: Date,
  event: string,
  detail?: Record<string, unknown>,
): void {
  transaction.timeline.push(
    detail === undefined
      ? { at: now.toISOString(), event }
      : { at: now.toISOString(), event, detail },
  );
  (transaction as Tracked)[CHANGES]?.add(transaction);
}
