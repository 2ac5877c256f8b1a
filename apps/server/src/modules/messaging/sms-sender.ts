import type { Database } from '../../platform/db/database';
import { lockQueuedSms, recordSmsDelivery, type SmsDelivery } from './messaging.repository';
import type { OutboundMessage } from './messaging.tables';

/** Where SMS go out: an HTTP endpoint taking `{ to, from, body }` (the PSP sandbox's `/__sim/sms`). */
export interface SmsGateway {
  url: string;
}

/** The sender name the phone shows. */
const SMS_SENDER_NAME = 'ECOLAGE';
/** Tries before an SMS is marked `failed`. */
const SMS_MAX_ATTEMPTS = 3;
const CALL_TIMEOUT_MS = 5_000;
const BATCH_SIZE = 5;
/** Wait before the second try, doubled before the third. */
const FIRST_RETRY_DELAY_MS = 5_000;

let configuredGateway: SmsGateway | null = null;

/**
 * Says, once at start-up, where this process's SMS go: with a gateway they are queued for the
 * sender, without one (`null`) they stay `captured` in the outbox, as in tests and development.
 */
export function configureSmsGateway(gateway: SmsGateway | null): void {
  configuredGateway = gateway ? { url: gateway.url } : null;
}

/** The gateway set by `configureSmsGateway`, if any. */
export function smsGateway(): SmsGateway | null {
  return configuredGateway;
}

export interface SmsDeliveryReport {
  sent: number;
  /** Tried and failing, to be tried again. */
  retrying: number;
  /** Given up after SMS_MAX_ATTEMPTS tries. */
  failed: number;
}

export interface DeliveryOptions {
  /** Clock of the pass (retry times). */
  now?: () => Date;
  /** Wait before the second try (doubled before the third); 5 s by default. */
  retryDelayMs?: number;
}

/** POSTs one SMS to the gateway; resolves on a 2xx answer, else throws why not. */
async function post(gateway: SmsGateway, message: OutboundMessage): Promise<void> {
  const response = await fetch(gateway.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: message.recipient, from: SMS_SENDER_NAME, body: message.body }),
    // Only ever the configured address: a redirect would send the text elsewhere.
    redirect: 'error',
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  // The answer is not needed, but reading it frees the connection.
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

function attemptsOf(message: OutboundMessage): number {
  const delivery = message.metadata.delivery as Partial<SmsDelivery> | undefined;
  return typeof delivery?.attempts === 'number' ? delivery.attempts : 0;
}

/**
 * One batch: locks the oldest due SMS, sends them at once and records each outcome before the
 * lock is released. Returns how many were taken.
 */
async function deliverBatch(
  db: Database,
  gateway: SmsGateway,
  options: Required<DeliveryOptions>,
  report: SmsDeliveryReport,
): Promise<number> {
  return db.transaction(async (tx) => {
    const batch = await lockQueuedSms(tx, BATCH_SIZE, options.now());
    const outcomes = await Promise.allSettled(batch.map((message) => post(gateway, message)));
    const now = options.now();
    for (const [index, message] of batch.entries()) {
      const outcome = outcomes[index]!;
      const attempts = attemptsOf(message) + 1;
      if (outcome.status === 'fulfilled') {
        await recordSmsDelivery(tx, message, 'sent', { attempts, sentAt: now.toISOString() });
        report.sent += 1;
        continue;
      }
      const error = errorText(outcome.reason);
      if (attempts >= SMS_MAX_ATTEMPTS) {
        await recordSmsDelivery(tx, message, 'failed', {
          attempts,
          error,
          failedAt: now.toISOString(),
        });
        report.failed += 1;
      } else {
        const delay = options.retryDelayMs * 2 ** (attempts - 1);
        await recordSmsDelivery(tx, message, 'queued', {
          attempts,
          error,
          retryAt: new Date(now.getTime() + delay).toISOString(),
        });
        report.retrying += 1;
      }
    }
    return batch.length;
  });
}

function errorText(reason: unknown): string {
  if (!(reason instanceof Error)) return String(reason);
  // fetch's own message is « fetch failed »; the cause says what (ECONNREFUSED, timeout…).
  const cause = reason.cause instanceof Error ? `: ${reason.cause.message}` : '';
  return `${reason.message}${cause}`.slice(0, 500);
}

/**
 * A delivery pass: sends the queued SMS that are due to the configured gateway, in small batches,
 * until none is left. Another process's sender running at the same time takes other SMS. Does
 * nothing without a gateway.
 */
export async function deliverQueuedSms(
  db: Database,
  options: DeliveryOptions = {},
): Promise<SmsDeliveryReport> {
  const report: SmsDeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const gateway = configuredGateway;
  if (!gateway) return report;
  const settled: Required<DeliveryOptions> = {
    now: options.now ?? (() => new Date()),
    retryDelayMs: options.retryDelayMs ?? FIRST_RETRY_DELAY_MS,
  };
  while ((await deliverBatch(db, gateway, settled, report)) === BATCH_SIZE);
  return report;
}

export interface SmsSenderLogger {
  debug(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface SmsSender {
  /** Runs a pass on the next tick (after the one running, if any). */
  nudge(): void;
  /** Stops the loop and waits for the pass under way. */
  stop(): Promise<void>;
}

let runningSender: SmsSender | null = null;

/**
 * The SMS sender of this process: a delivery pass every `intervalMs` (the timer does not keep the
 * process alive) and one as soon as `sendQueuedSmsSoon` asks. Passes never overlap.
 */
export function startSmsSender(settings: {
  db: Database;
  logger: SmsSenderLogger;
  intervalMs?: number;
  delivery?: DeliveryOptions;
}): SmsSender {
  const { db, logger } = settings;
  let running: Promise<void> | null = null;
  let again = false;
  let nudged = false;
  let stopped = false;

  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverQueuedSms(db, settings.delivery)
      .then((report) => {
        if (report.retrying + report.failed > 0) {
          logger.warn({ ...report }, 'SMS refusés par la passerelle');
        } else if (report.sent > 0) {
          logger.debug({ ...report }, 'SMS remis à la passerelle');
        }
      })
      .catch((error: unknown) => logger.error({ err: error }, 'envoi des SMS interrompu'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pass();
        }
      });
  };

  const timer = setInterval(pass, settings.intervalMs ?? 1_000);
  timer.unref();
  const sender: SmsSender = {
    nudge() {
      if (nudged || stopped) return;
      nudged = true;
      setImmediate(() => {
        nudged = false;
        pass();
      });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (runningSender === sender) runningSender = null;
      await running;
    },
  };
  runningSender = sender;
  return sender;
}

/**
 * Asks this process's sender for a pass on the next tick: call it once the transaction that
 * queued an SMS has committed (a one-time code reaches the phone within a second). Does nothing
 * where no sender runs.
 */
export function sendQueuedSmsSoon(): void {
  runningSender?.nudge();
}
