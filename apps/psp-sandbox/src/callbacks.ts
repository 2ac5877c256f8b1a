// Outbound callbacks and webhooks: only to local hosts, with the drop / delay / duplicate /
// bad_signature / stale_timestamp faults applied, and every attempt written to the timeline.
import type { FaultSwitches } from './faults';
import { note, type SimTransaction } from './state';

export interface Delivery {
  /** What is sent, for the timeline (`SUCCESSFUL`, `checkout.session.completed`…). */
  label: string;
  /** Where the client asked to be called; undefined when nothing was configured. */
  url: string | undefined;
  method: 'POST' | 'PUT';
  /** Body as it was when the event happened (a delayed callback does not see later changes). */
  body: string;
  /** Headers that authenticate the body, computed at each attempt from the send time. */
  sign?: (timestamp: number, tamper: boolean) => Record<string, string>;
  /** Retried on a non-2xx answer or a network error (Wave, FedaPay). */
  retry?: boolean;
}

export interface DispatcherDeps {
  now: () => Date;
  faults: FaultSwitches;
  sleep: (ms: number) => Promise<void>;
  fetch: typeof fetch;
  retryDelaysMs: () => number[];
  /** Keeps a notification the provider's server answered. */
  recordSent: (transaction: SimTransaction, detail: Record<string, unknown>) => void;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const DEFAULT_DELAY_MS = 2_000;
const DEFAULT_STALE_SECONDS = 600;
const SEND_TIMEOUT_MS = 10_000;

/** Whether the URL is http(s) on this machine: the sandbox never calls anything else. */
export function isLocalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
      LOCAL_HOSTS.has(parsed.hostname)
    );
  } catch {
    return false;
  }
}

export class CallbackDispatcher {
  private inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly deps: DispatcherDeps) {}

  /** Sends the deliveries one after the other (their order is the point of the reorder fault). */
  dispatch(transaction: SimTransaction, deliveries: Delivery[]): void {
    if (deliveries.length === 0) return;
    const run = this.sendAll(transaction, deliveries).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /** Resolves once every callback under way (retries included) has finished. */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    this.stopped = true;
  }

  private async sendAll(transaction: SimTransaction, deliveries: Delivery[]): Promise<void> {
    // Let the API answer that caused the event leave first, as it would at a real provider.
    await new Promise((resolve) => setImmediate(resolve));
    for (const delivery of deliveries) await this.deliver(transaction, delivery);
  }

  private async deliver(transaction: SimTransaction, delivery: Delivery): Promise<void> {
    const { faults, now } = this.deps;
    const provider = transaction.provider;
    const where = { label: delivery.label, url: delivery.url };
    if (delivery.url === undefined) {
      note(transaction, now(), 'callback_skipped', { ...where, reason: 'no callback URL' });
      return;
    }
    if (!isLocalUrl(delivery.url)) {
      note(transaction, now(), 'callback_refused', { ...where, reason: 'not a local host' });
      return;
    }
    if (faults.take(provider, 'drop')) {
      note(transaction, now(), 'callback_dropped', where);
      return;
    }
    const delay = faults.take(provider, 'delay', (options) => options.target !== 'responses');
    if (delay) {
      note(transaction, now(), 'callback_delayed', { ...where, ms: delay.ms ?? DEFAULT_DELAY_MS });
      await this.deps.sleep(delay.ms ?? DEFAULT_DELAY_MS);
    }
    const duplicate = faults.take(provider, 'duplicate');
    await this.withRetries(transaction, delivery, false);
    if (duplicate) await this.withRetries(transaction, delivery, true);
  }

  private async withRetries(
    transaction: SimTransaction,
    delivery: Delivery,
    duplicate: boolean,
  ): Promise<void> {
    const delays = delivery.retry ? this.deps.retryDelaysMs() : [];
    for (let attempt = 1; ; attempt += 1) {
      if (this.stopped) return;
      const ok = await this.attempt(transaction, delivery, attempt, duplicate);
      const wait = delays[attempt - 1];
      if (ok || wait === undefined) return;
      await this.deps.sleep(wait);
    }
  }

  private async attempt(
    transaction: SimTransaction,
    delivery: Delivery,
    attempt: number,
    duplicate: boolean,
  ): Promise<boolean> {
    const { faults, now } = this.deps;
    const provider = transaction.provider;
    const tamper = delivery.sign !== undefined && !!faults.take(provider, 'bad_signature');
    const stale = delivery.sign ? faults.take(provider, 'stale_timestamp') : undefined;
    const age = stale ? (stale.ageSeconds ?? DEFAULT_STALE_SECONDS) : 0;
    const timestamp = Math.floor(now().getTime() / 1000) - age;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...delivery.sign?.(timestamp, tamper),
    };
    const detail: Record<string, unknown> = {
      label: delivery.label,
      url: delivery.url,
      method: delivery.method,
      attempt,
      headers,
      body: delivery.body,
      ...(duplicate ? { duplicate: true } : {}),
      ...(tamper ? { badSignature: true } : {}),
      ...(stale ? { staleSeconds: age } : {}),
    };
    try {
      const response = await this.deps.fetch(delivery.url as string, {
        method: delivery.method,
        headers,
        body: delivery.body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      note(transaction, now(), 'callback', { ...detail, status: response.status });
      this.deps.recordSent(transaction, detail);
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      note(transaction, now(), 'callback', { ...detail, error: (error as Error).message });
      return false;
    }
  }
}
