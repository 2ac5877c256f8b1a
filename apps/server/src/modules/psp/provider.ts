import {
  paymentStatusValues,
  providerValues,
  walletValues,
  type PaymentStatusValue,
  type ProviderValue,
  type WalletValue,
} from '@ecolage/contracts';
import type { Francs } from '@ecolage/money';
import type { HttpClient } from './http-client';

/**
 * The one interface every payment provider adapter implements (research/psp-apis.md §8).
 * Adapters only translate protocols: no database, no state machine. The payments service owns the
 * attempt, its forward-only transitions, the ledger and idempotency.
 */

// The lists are the contracts' (the API and the web app speak of the same providers, wallets and
// states); these names are the adapters' own.
export const PROVIDER_IDS = providerValues;
export type ProviderId = ProviderValue;

/** What the payer picks: Togo's two wallets, the neighbouring markets' rails, or a card. */
export const WALLETS = walletValues;
export type Wallet = WalletValue;

/** Canonical payment statuses (DESIGN.md §6); every provider status maps onto one of them. */
export const PAYMENT_STATUSES = paymentStatusValues;
export type PaymentStatus = PaymentStatusValue;

/** Currencies without a minor unit: amounts are whole units, never ×100. */
export type Currency = 'XOF' | 'XAF' | 'GNF';

export interface Money {
  amount: Francs;
  currency: Currency;
}

/** An amount as a provider reported it: the currency is verbatim, for the worker to compare. */
export interface ReportedMoney {
  amount: Francs;
  currency: string;
}

export type Channel = 'mobile_money_push' | 'redirect' | 'qr' | 'card';

export interface CollectRequest {
  /** Our attempt id (UUID): MTN X-Reference-Id, Orange order_id, PayGate identifier, Wave client_reference. */
  attemptId: string;
  invoiceId: string;
  money: Money;
  payer?: { msisdnE164?: string; name?: string; email?: string };
  wallet?: Wallet;
  /** Shown to the payer; adapters strip quotes and special characters and cut it to size. */
  description: string;
  /** Browser return after a hosted page (UX only, never proof of payment). */
  returnUrl?: string;
  /** Browser return when the payer gives up on a hosted page; `returnUrl` when absent. */
  cancelUrl?: string;
  /** Our callback URL; it carries the attempt id in its path (MTN and Orange bodies lack it). */
  notifyUrl: string;
  metadata?: Record<string, string>;
}

export type NextAction =
  | { type: 'redirect'; url: string }
  | { type: 'qr'; payload: string }
  | { type: 'await_push'; hint: string };

/** Secrets a provider hands back at initiation, kept server-side to check its notification. */
export interface ProviderSecrets {
  notifToken?: string;
}

/** Why a payment did not go through: a canonical code, the provider's own and a French sentence. */
export interface PaymentFailure {
  code: string;
  providerCode: string;
  reason: string;
}

export interface CollectResult {
  /** The provider's reference to store with the attempt (may equal the attempt id). */
  providerRef: string;
  status: 'pending' | 'unknown' | 'failed';
  nextAction?: NextAction;
  failure?: PaymentFailure;
  expiresAt?: Date;
  /** The provider's answer with its secrets masked: store it with the attempt. */
  raw: unknown;
  providerSecrets?: ProviderSecrets;
}

/** What the payments service knows of an attempt; Orange needs all three to ask for a status. */
export interface StatusQuery {
  attemptId: string;
  providerRef?: string;
  money?: Money;
}

export interface StatusResult {
  status: PaymentStatus;
  /** Verbatim, e.g. 'SUCCESSFUL', '2', 'complete/succeeded'. */
  providerStatus: string;
  providerRef?: string;
  failure?: PaymentFailure;
  paidAmount?: ReportedMoney;
  /** financialTransactionId, txnid, transaction_id, payment_reference … */
  providerTxnId?: string;
  paidAt?: Date;
  raw: unknown;
}

export interface RefundRequest {
  attemptId: string;
  providerRef?: string;
  /** Our refund id: MTN X-Reference-Id of the refund. */
  refundId: string;
  money: Money;
  reason?: string;
  notifyUrl?: string;
}

export interface RefundQuery {
  refundId: string;
  providerRef?: string;
}

export interface InboundWebhook {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as received: signatures are computed over them, never over re-serialised JSON. */
  rawBody: Buffer;
  receivedAt: Date;
  /** The attempt id from our callback path, for providers whose body does not name it. */
  attemptId?: string;
}

/** What the payments service stored at initiation and hands back to check a notification. */
export interface WebhookExpectations {
  providerSecrets?: ProviderSecrets;
}

export type Authenticity = 'signature_valid' | 'token_matched' | 'unauthenticated';

export type AuthFailure =
  | 'not_signed'
  | 'no_secret_configured'
  | 'missing_signature'
  | 'bad_signature'
  | 'stale_timestamp'
  | 'token_mismatch'
  | 'no_expected_token';

export interface ParsedEvent {
  authenticity: Authenticity;
  /** Why it is `unauthenticated`; the event is then only a hint to re-fetch the status. */
  authFailure?: AuthFailure;
  /** Unique per provider for one delivery of one event (retries share it). */
  dedupeKey: string;
  attemptId?: string;
  providerRef?: string;
  /** Never trusted alone: the worker re-fetches the status from the provider. */
  hintedStatus?: PaymentStatus;
  eventType?: string;
  raw: unknown;
}

export interface ProviderCapabilities {
  channels: Channel[];
  refunds: 'none' | 'full' | 'partial';
  signedWebhooks: boolean;
  webhookRetries: boolean;
  currencies: Currency[];
  /** False when the status answer does not echo the amount (the worker cannot compare it). */
  reportsPaidAmount: boolean;
  wallets: Wallet[];
}

export interface PaymentProvider {
  readonly id: ProviderId;
  readonly capabilities: ProviderCapabilities;
  /** Starts a payment. Timeout or 5xx throws an `outcome: 'unknown'` error: query, never re-send. */
  collect(request: CollectRequest): Promise<CollectResult>;
  /** The authoritative status; throws `ProviderNotFoundError` when the provider has no such payment. */
  getStatus(query: StatusQuery): Promise<StatusResult>;
  /** Recovery after `unknown`: the payment created under our attempt id, or null if none. */
  findByReference?(attemptId: string): Promise<StatusResult | null>;
  /** Verifies and normalises a notification; never throws for a bad one, never has side effects. */
  parseWebhook(webhook: InboundWebhook, expected?: WebhookExpectations): Promise<ParsedEvent>;
  refund?(request: RefundRequest): Promise<StatusResult>;
  getRefundStatus?(query: RefundQuery): Promise<StatusResult>;
  /** Stops the payer from paying (Wave: expire the checkout session). */
  cancel?(query: StatusQuery): Promise<void>;
}

/** The subset of pino's logger adapters use; they never log keys, tokens or bodies. */
export interface ProviderLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/** Everything an adapter gets from outside: the clock, the HTTP client, a logger, its configuration. */
export interface ProviderContext<TConfig> {
  now(): Date;
  http: HttpClient;
  logger: ProviderLogger;
  config: TConfig;
}
