// The sandbox's core: store, fault switches, configuration, callbacks, and the one place where a
// pending payment ends (payer's answer, expiry, late success), whatever the provider.
import { CallbackDispatcher, type Delivery } from './callbacks';
import {
  DEMO_CREDENTIALS,
  defaultConfig,
  mergeConfig,
  type SandboxConfig,
  type SandboxCredentials,
} from './config';
import { MessageReporter } from './delivery-reports';
import { FaultSwitches } from './faults';
import { SandboxJournal } from './journal';
import { note, SandboxStore, type ProviderId, type Resolution, type SimTransaction } from './state';
import { sendOverHttp } from './http-send';
import { WhatsAppWebhook } from './whatsapp-webhook';

export interface ProviderHooks {
  /** Applies the payer's answer (or the expiry) to the provider's wire state and calls back. */
  resolve(transaction: SimTransaction, resolution: Resolution, late: boolean): void;
  /** Time-driven changes other than the expiry (MTN's « ongoing » test number). */
  refresh?(transaction: SimTransaction): void;
}

export interface SandboxOptions {
  /** Clock of the sandbox (expiries, timestamps, signatures). */
  now?: () => Date;
  /** Outbound HTTP client for callbacks and webhooks. */
  callbackFetch?: typeof fetch;
  credentials?: { [P in keyof SandboxCredentials]?: Partial<SandboxCredentials[P]> };
  config?: Partial<SandboxConfig>;
  /** Waits of the delay and timeout faults and of webhook retries. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Where the sandbox keeps its transactions (journal.ts), as a real provider keeps them across
   * its restarts; in memory only when absent (tests).
   */
  dataDir?: string;
}

const DEFAULT_LATE_SUCCESS_SECONDS = 60;

function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export class Sandbox {
  readonly store = new SandboxStore();
  readonly faults = new FaultSwitches();
  readonly credentials: SandboxCredentials;
  readonly now: () => Date;
  readonly sleep: (ms: number) => Promise<void>;
  readonly dispatcher: CallbackDispatcher;
  /** Delivery reports of the SMS and WhatsApp messages. */
  readonly reporter: MessageReporter;
  /** Outbound HTTP (callbacks, delivery reports, WhatsApp's verification). */
  readonly send: typeof fetch;
  /** WhatsApp's webhook: its URL (configuration) and whether its GET handshake succeeded. */
  readonly whatsappWebhook: WhatsAppWebhook;
  /**
   * Messages that the `rate_limited_once` and `timeout_after_accept` scenarios have answered
   * badly once (`resendKey`): the same message sent again is answered normally.
   */
  readonly answeredOnce = new Set<string>();
  config: SandboxConfig;
  private readonly initialConfig: SandboxConfig;
  private readonly hooks = new Map<ProviderId, ProviderHooks>();
  private readonly journal: SandboxJournal | undefined;

  constructor(options: SandboxOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? realSleep;
    const given = options.credentials ?? {};
    this.credentials = {
      mtn: { ...DEMO_CREDENTIALS.mtn, ...given.mtn },
      orange: { ...DEMO_CREDENTIALS.orange, ...given.orange },
      wave: { ...DEMO_CREDENTIALS.wave, ...given.wave },
      fedapay: { ...DEMO_CREDENTIALS.fedapay, ...given.fedapay },
      paygate: { ...DEMO_CREDENTIALS.paygate, ...given.paygate },
      twilio: { ...DEMO_CREDENTIALS.twilio, ...given.twilio },
      infobip: { ...DEMO_CREDENTIALS.infobip, ...given.infobip },
      aggregator: { ...DEMO_CREDENTIALS.aggregator, ...given.aggregator },
      whatsapp: { ...DEMO_CREDENTIALS.whatsapp, ...given.whatsapp },
    };
    this.initialConfig = mergeConfig(defaultConfig(), options.config ?? {});
    this.config = structuredClone(this.initialConfig);
    this.send = options.callbackFetch ?? sendOverHttp;
    this.dispatcher = new CallbackDispatcher({
      now: this.now,
      faults: this.faults,
      sleep: this.sleep,
      fetch: this.send,
      retryDelaysMs: () => this.config.retryDelaysMs,
      recordSent: (transaction, detail) =>
        this.store.callbacks.push({
          provider: transaction.provider,
          transactionId: transaction.id,
          detail,
        }),
    });
    this.reporter = new MessageReporter({
      now: this.now,
      sleep: this.sleep,
      fetch: this.send,
      faults: this.faults,
      store: this.store,
      config: () => this.config,
    });
    // The handshake reads the answer's body: the global fetch, not the lean sender.
    this.whatsappWebhook = new WhatsAppWebhook(this, options.callbackFetch ?? fetch);
    this.provisionDemoUser();
    if (options.dataDir) {
      this.journal = new SandboxJournal(options.dataDir, this.store);
      this.journal.open();
    }
  }

  register(provider: ProviderId, hooks: ProviderHooks): void {
    this.hooks.set(provider, hooks);
  }

  /** When a request created now stops waiting for the payer. */
  expiryFrom(provider: ProviderId, from: Date = this.now()): Date {
    return new Date(from.getTime() + this.config.expirySeconds[provider] * 1000);
  }

  /**
   * Ends a pending transaction (or, with `late`, turns an ended one into a success). Returns
   * false when the transaction was no longer pending. Wave keeps its session open after a failed
   * attempt, so the state may stay `pending`.
   */
  resolve(transaction: SimTransaction, resolution: Resolution, late = false): boolean {
    if (!late && transaction.state !== 'pending') return false;
    const now = this.now();
    if (resolution === 'paid') {
      const mismatch = this.faults.take(transaction.provider, 'amount_mismatch');
      if (mismatch) transaction.reportedAmount = transaction.amount + (mismatch.difference ?? -100);
    }
    note(transaction, now, late ? 'late_success' : resolution);
    this.hooks.get(transaction.provider)?.resolve(transaction, resolution, late);
    if (transaction.state !== 'pending') {
      transaction.resolution = resolution;
      transaction.settledAt = now;
    }
    if (resolution === 'expired') {
      const lateSuccess = this.faults.take(transaction.provider, 'late_success');
      if (lateSuccess) {
        const seconds = lateSuccess.afterSeconds ?? DEFAULT_LATE_SUCCESS_SECONDS;
        transaction.lateSuccessAt = new Date(now.getTime() + seconds * 1000);
      }
    }
    return true;
  }

  /** Applies what the clock decides: expiry, late success, MTN's delayed outcomes. */
  refresh(transaction: SimTransaction): void {
    this.hooks.get(transaction.provider)?.refresh?.(transaction);
    const now = this.now();
    if (transaction.state === 'pending' && transaction.expiresAt && now >= transaction.expiresAt) {
      this.resolve(transaction, 'expired');
    }
    if (transaction.lateSuccessAt && now >= transaction.lateSuccessAt) {
      transaction.lateSuccessAt = null;
      this.resolve(transaction, 'paid', true);
    }
  }

  /** Refreshes every transaction (main.ts calls it every second; /__sim/tick on demand). */
  sweep(): void {
    for (const transaction of this.store.transactions) this.refresh(transaction);
    this.persist();
  }

  /** Writes what changed to the data directory, if any (before each answer, after each sweep). */
  persist(): void {
    this.journal?.flush();
  }

  dispatch(transaction: SimTransaction, deliveries: Delivery[]): void {
    this.dispatcher.dispatch(transaction, deliveries);
  }

  /** Waits for every callback under way (tests). */
  async flush(): Promise<void> {
    await this.dispatcher.flush();
    await this.reporter.flush();
    await this.whatsappWebhook.flush();
  }

  /**
   * Forgets transactions, SMS, tokens and faults (on disk too), and restores the starting
   * configuration.
   */
  reset(): void {
    this.store.reset();
    this.faults.clear();
    this.config = structuredClone(this.initialConfig);
    this.answeredOnce.clear();
    this.whatsappWebhook.configured();
    this.provisionDemoUser();
    this.journal?.clear();
  }

  stop(): void {
    this.dispatcher.stop();
    this.reporter.stop();
    this.journal?.close();
  }

  /** MTN's sandbox makes you create API users; the demo ones (one per product) exist from the start. */
  private provisionDemoUser(): void {
    const mtn = this.credentials.mtn;
    this.store.mtnUsers.set(mtn.apiUser, {
      providerCallbackHost: mtn.callbackHost,
      apiKey: mtn.apiKey,
      product: 'collection',
    });
    this.store.mtnUsers.set(mtn.disbursementApiUser, {
      providerCallbackHost: mtn.callbackHost,
      apiKey: mtn.disbursementApiKey,
      product: 'disbursement',
    });
  }
}
