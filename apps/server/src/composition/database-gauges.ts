import type { Database } from '../platform/db/database';
import { jobBacklog } from '../platform/jobs/job-backlog';
import { startDatabaseGauges, type DatabaseGaugeOptions } from '../platform/observability';
import { outboxBacklog } from '../platform/outbox/outbox-backlog';
import { waitingMessages } from '../modules/messaging';
import {
  paymentsInFlight,
  providerEventBacklog,
  recentPaymentTransitions,
} from '../modules/payments';

/**
 * The database gauges of `/metrics`, each read through the module that owns its table (the
 * platform's gauges know no module). Called by every process that answers `/metrics`: the API
 * (app.ts) and the worker; Prometheus keeps one value per instance, the dashboard takes the max.
 */
export function startApplicationGauges(db: Database, options?: DatabaseGaugeOptions): void {
  startDatabaseGauges(
    db,
    {
      providerEvents: providerEventBacklog,
      outbox: outboxBacklog,
      jobs: jobBacklog,
      messages: waitingMessages,
      paymentsInFlight,
      recentPaymentTransitions,
    },
    options,
  );
}
