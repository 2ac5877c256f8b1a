import { Worker } from 'node:worker_threads';
import type { EmailSettings, SmsGateway, WhatsAppSettings } from '../modules/messaging';
import type { BackgroundWorker, BackgroundWorkerOptions } from './background-worker';

/** What the background worker's thread is started with (structured-cloned to it). */
export interface ThreadSettings {
  databaseUrl: string;
  callbackBaseUrl: string;
  poolMax?: number;
  logLevel?: string;
  /** The providers' settings; the process's environment by default. */
  providerEnv?: Record<string, string | undefined>;
  /** Where the receipts' SMS go (`configureSmsGateway`); null or absent: captured. */
  smsGateway?: SmsGateway | null;
  /** Whether WhatsApp is sent (`configureWhatsApp`): else its messages are queued as SMS. */
  whatsapp?: WhatsAppSettings | null;
  /** Where the receipts' e-mails go (`configureEmailTransport`); null or absent: captured. */
  emailTransport?: EmailSettings | null;
  options?: BackgroundWorkerOptions;
}

export type ThreadRequest =
  | { type: 'wake' }
  | { type: 'start' }
  | { type: 'drain' | 'reconcile' | 'outbox' | 'stop'; id: number };

export interface ThreadReply {
  id: number;
  result?: number;
  error?: string;
}

/** The thread's code: built beside this module, or the TypeScript source run through tsx. */
function spawnThread(settings: ThreadSettings): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./worker.thread.js', import.meta.url), { workerData: settings });
  }
  const source = new URL('./worker.thread.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, workerData: settings },
  );
}

/**
 * The background worker (payments and events) on a thread of its own, behind the same interface
 * as the in-process one: the HTTP server stores notifications and wakes it; it processes them,
 * polls the providers and runs the events' handlers with its own database pool, on the machine's
 * other core. The pg-boss jobs (main.ts) drive it through this interface.
 */
export function startWorkerThread(settings: ThreadSettings): BackgroundWorker {
  const thread = spawnThread(settings);
  const pending = new Map<number, { resolve(value: number): void; reject(error: Error): void }>();
  let lastId = 0;
  let stopped = false;
  thread.on('message', (reply: ThreadReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
    else waiting?.resolve(reply.result ?? 0);
  });
  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  thread.on('error', failAll);
  let exited = false;
  thread.on('exit', () => {
    exited = true;
    failAll(new Error('le fil des tâches de fond s’est arrêté'));
  });
  const ask = (type: 'drain' | 'reconcile' | 'outbox' | 'stop') =>
    new Promise<number>((resolve, reject) => {
      if (exited) return reject(new Error('le fil des tâches de fond est arrêté'));
      const id = ++lastId;
      pending.set(id, { resolve, reject });
      thread.postMessage({ type, id } satisfies ThreadRequest);
    });
  const worker: BackgroundWorker = {
    wake: () => {
      if (!stopped) thread.postMessage({ type: 'wake' } satisfies ThreadRequest);
    },
    drainEvents: () => ask('drain'),
    reconcile: () => ask('reconcile'),
    dispatchOutbox: () => ask('outbox'),
    start: () => thread.postMessage({ type: 'start' } satisfies ThreadRequest),
    async stop() {
      if (stopped) return;
      stopped = true;
      // The thread closes its pool first; then it is ended.
      await ask('stop').catch(() => undefined);
      await thread.terminate();
    },
  };
  return worker;
}
