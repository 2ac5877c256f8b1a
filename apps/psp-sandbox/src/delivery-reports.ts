// Delivery reports of the messages the sandbox accepted: the statuses the recipient's scenario asks
// for, a short wait apart (`messaging.dlrDelayMs`), each built by its protocol (form or JSON,
// signed where the provider signs) and posted to the product — only on 127.0.0.1 / localhost —
// with the drop / duplicate / bad_signature / delay faults of that protocol applied.
import { isLocalUrl } from './callbacks';
import type { SandboxConfig } from './config';
import type { FaultSwitches } from './faults';
import {
  advances,
  reportPlan,
  type DeliveryReportRecord,
  type MessageProviderId,
  type MessageStatus,
  type SimMessage,
} from './messages';
import type { SandboxStore } from './state';

export interface ReportRequest {
  url: string | undefined;
  contentType: string;
  body: string;
  /** Headers that authenticate the body, computed at each attempt; `tamper` signs it wrongly. */
  sign?: (tamper: boolean) => Record<string, string>;
  /** Other headers (the same on every attempt, e.g. Twilio's idempotency token). */
  headers?: Record<string, string>;
  /** Why this report is not sent at all (Infobip's intermediate report nobody asked for). */
  skip?: string;
  /** Sent again on a non-2xx answer or a network error (Infobip, Meta; Twilio does not). */
  retry: boolean;
}

export interface ReportProtocol {
  provider: MessageProviderId;
  /** The report of one status, as the provider sends it. */
  build(message: SimMessage, status: MessageStatus): ReportRequest;
  /** The statuses to report when the protocol decides instead of the number (a WhatsApp text). */
  plan?(message: SimMessage): MessageStatus[] | undefined;
  /** The code a failure carries (Twilio 30003, WhatsApp 131026…). */
  errorCode?(message: SimMessage, status: MessageStatus): number | undefined;
  /** Why nothing may be sent yet (WhatsApp: the webhook was not verified); undefined to send. */
  ready?(): Promise<string | undefined>;
}

export interface ReporterDeps {
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  fetch: typeof fetch;
  faults: FaultSwitches;
  store: SandboxStore;
  config: () => SandboxConfig;
}

const SEND_TIMEOUT_MS = 10_000;
const DEFAULT_DELAY_MS = 2_000;
/** A message keeps its last reports only (a loop of retries must not grow it for ever). */
const REPORTS_KEPT = 30;

export class MessageReporter {
  private inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly deps: ReporterDeps) {}

  /** Plays the reports the message's scenario asks for, in the background. */
  start(message: SimMessage, protocol: ReportProtocol): void {
    const statuses =
      protocol.plan?.(message) ?? reportPlan(message.scenario ?? 'delivered', message.channel);
    if (statuses.length === 0) return;
    const run = this.play(message, protocol, statuses).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  /** Resolves once every report under way (retries included) has finished. */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    this.stopped = true;
  }

  private record(message: SimMessage, entry: Omit<DeliveryReportRecord, 'at'>): void {
    const reports = (message.reports ??= []);
    reports.push({ at: this.deps.now().toISOString(), ...entry });
    if (reports.length > REPORTS_KEPT) reports.splice(0, reports.length - REPORTS_KEPT);
    this.deps.store.messagesChanged.add(message);
  }

  private async play(
    message: SimMessage,
    protocol: ReportProtocol,
    statuses: MessageStatus[],
  ): Promise<void> {
    const { faults, config, sleep } = this.deps;
    // The answer that accepted the message leaves first, as at a real provider.
    await new Promise((resolve) => setImmediate(resolve));
    const dropped = !!faults.take(protocol.provider, 'drop');
    for (const status of statuses) {
      if (this.stopped) return;
      const wait = config().messaging.dlrDelayMs;
      if (wait > 0) await sleep(wait);
      if (advances(message.status, status)) {
        message.status = status;
        const code = protocol.errorCode?.(message, status);
        if (code !== undefined) message.errorCode = code;
        this.deps.store.messagesChanged.add(message);
      }
      if (dropped) {
        this.record(message, { status, skipped: 'fault drop' });
        continue;
      }
      await this.report(message, protocol, status);
    }
  }

  private async report(
    message: SimMessage,
    protocol: ReportProtocol,
    status: MessageStatus,
  ): Promise<void> {
    const { faults, sleep } = this.deps;
    const request = protocol.build(message, status);
    if (request.skip) {
      this.record(message, { status, skipped: request.skip });
      return;
    }
    if (request.url === undefined) {
      this.record(message, { status, skipped: 'no callback URL' });
      return;
    }
    if (!isLocalUrl(request.url)) {
      this.record(message, { status, url: request.url, skipped: 'not a local host' });
      return;
    }
    const notReady = await protocol.ready?.();
    if (notReady) {
      this.record(message, { status, url: request.url, skipped: notReady });
      return;
    }
    const delay = faults.take(
      protocol.provider,
      'delay',
      (options) => options.target !== 'responses',
    );
    if (delay) await sleep(delay.ms ?? DEFAULT_DELAY_MS);
    const duplicate = !!faults.take(protocol.provider, 'duplicate');
    await this.withRetries(message, protocol, status, request, false);
    if (duplicate) await this.withRetries(message, protocol, status, request, true);
  }

  private async withRetries(
    message: SimMessage,
    protocol: ReportProtocol,
    status: MessageStatus,
    request: ReportRequest,
    duplicate: boolean,
  ): Promise<void> {
    const delays = request.retry ? this.deps.config().retryDelaysMs : [];
    for (let attempt = 1; ; attempt += 1) {
      if (this.stopped) return;
      const tamper = !!request.sign && !!this.deps.faults.take(protocol.provider, 'bad_signature');
      const ok = await this.attempt(message, status, request, { attempt, duplicate, tamper });
      const wait = delays[attempt - 1];
      if (ok || wait === undefined) return;
      await this.deps.sleep(wait);
    }
  }

  private async attempt(
    message: SimMessage,
    status: MessageStatus,
    request: ReportRequest,
    how: { attempt: number; duplicate: boolean; tamper: boolean },
  ): Promise<boolean> {
    const headers = {
      'content-type': request.contentType,
      ...request.headers,
      ...request.sign?.(how.tamper),
    };
    const entry = {
      status,
      url: request.url as string,
      attempt: how.attempt,
      ...(how.duplicate ? { duplicate: true } : {}),
      ...(how.tamper ? { badSignature: true } : {}),
    };
    try {
      const response = await this.deps.fetch(request.url as string, {
        method: 'POST',
        headers,
        body: request.body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      this.record(message, { ...entry, httpStatus: response.status });
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      this.record(message, { ...entry, error: (error as Error).message });
      return false;
    }
  }
}
