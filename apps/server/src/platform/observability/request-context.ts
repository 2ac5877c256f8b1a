import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a log line written deep down (a slow query) says about the work it belongs to: the HTTP
 * request, the job or the event delivery. Kept in an AsyncLocalStorage entered once per unit of
 * work; nothing is copied per query.
 */
export interface WorkContext {
  /** Fastify's request id (echoed in `X-Request-Id`), under Fastify's own log key. */
  reqId?: string;
  /** The pg-boss job and its queue. */
  jobId?: string;
  job?: string;
  /** An outbox delivery: the event and its handler. */
  eventId?: number;
  handler?: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** Runs `work` (and everything it awaits) as part of this unit of work. */
export function runInContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

/** The unit of work under way, if any. */
export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}
