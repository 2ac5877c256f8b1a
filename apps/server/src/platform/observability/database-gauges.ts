import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Database, DbOrTx } from '../db/database';
import { collectFailures, registry } from './registry';

/**
 * What the database gauges read, one cheap indexed query each, handed by the composition (the
 * platform knows no module: payments and messaging name their own reads). Every series is global
 * — no school label — so the number of series stays small whatever the number of schools.
 */
export interface DatabaseGaugeSources {
  /** Provider notifications stored but not yet processed by the payments worker. */
  providerEvents(db: DbOrTx): Promise<{ waiting: number; oldestSeconds: number }>;
  /** Outbox events not handed out yet, deliveries due, deliveries dead. */
  outbox(db: DbOrTx): Promise<{
    undispatched: number;
    oldestUndispatchedSeconds: number;
    due: number;
    oldestDueSeconds: number;
    dead: number;
  }>;
  /** pg-boss jobs waiting to run (due, not started), by queue. */
  jobs(db: DbOrTx): Promise<{ queue: string; waiting: number; oldestSeconds: number }[]>;
  /** Messages waiting to go out (queued, being sent), by channel and status. */
  messages(db: DbOrTx): Promise<{ channel: string; status: string; count: number }[]>;
  /** Attempts still awaiting their outcome, by provider and state. */
  paymentsInFlight(db: DbOrTx): Promise<{ provider: string; state: string; count: number }[]>;
  /** Attempts that entered each state in the last 15 minutes. */
  recentPaymentTransitions(db: DbOrTx): Promise<{ state: string; count: number }[]>;
}

export interface DatabaseGaugeOptions {
  /** A reading is kept this long: two Prometheus scraping every 15 s cause one query each. */
  cacheMs?: number;
  /** Each read's statement_timeout (SET LOCAL: safe behind PgBouncer's transaction mode). */
  timeoutMs?: number;
}

type SourceName = keyof DatabaseGaugeSources;
type Reading<Name extends SourceName> = Awaited<ReturnType<DatabaseGaugeSources[Name]>>;

let current: {
  db: Database;
  sources: DatabaseGaugeSources;
  options: Required<DatabaseGaugeOptions>;
} | null = null;
const cache = new Map<SourceName, { at: number; reading: Promise<unknown> }>();

/**
 * Points the database gauges at this database and these reads (the latest call wins: one set of
 * gauges per process). Until it is called, they report nothing.
 */
export function startDatabaseGauges(
  db: Database,
  sources: DatabaseGaugeSources,
  options: DatabaseGaugeOptions = {},
): void {
  current = {
    db,
    sources,
    options: { cacheMs: options.cacheMs ?? 5_000, timeoutMs: options.timeoutMs ?? 2_000 },
  };
  cache.clear();
}

/** One read in its own transaction with a local statement timeout; cached for `cacheMs`. */
async function read<Name extends SourceName>(name: Name): Promise<Reading<Name> | undefined> {
  if (!current) return undefined;
  const { db, sources, options } = current;
  const now = Date.now();
  const cached = cache.get(name);
  if (cached && now - cached.at < options.cacheMs) {
    return (await cached.reading) as Reading<Name> | undefined;
  }
  const source = sources[name] as (db: DbOrTx) => Promise<unknown>;
  const reading: Promise<unknown> = db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.floor(options.timeoutMs)}`));
      return source(tx);
    })
    .catch(() => {
      collectFailures.inc({ source: name });
      return undefined;
    });
  cache.set(name, { at: now, reading });
  return (await reading) as Reading<Name> | undefined;
}

/** Replaces a labelled gauge's values: a label set that vanished (queue emptied) reads 0. */
function setAll<Labels extends string>(
  gauge: Gauge<Labels>,
  rows: { labels: Partial<Record<Labels, string>>; value: number }[],
) {
  gauge.reset();
  for (const row of rows) gauge.set(row.labels, row.value);
}

new Gauge({
  name: 'ecolage_provider_events_waiting',
  help: 'Provider notifications stored and not yet processed',
  registers: [registry],
  async collect() {
    const reading = await read('providerEvents');
    if (reading) this.set(reading.waiting);
  },
});
new Gauge({
  name: 'ecolage_provider_events_oldest_waiting_seconds',
  help: 'Age of the oldest unprocessed provider notification (0 when none waits)',
  registers: [registry],
  async collect() {
    const reading = await read('providerEvents');
    if (reading) this.set(reading.oldestSeconds);
  },
});

const outboxSeries = [
  [
    'ecolage_outbox_events_undispatched',
    'Outbox events not yet handed to their handlers',
    'undispatched',
  ],
  [
    'ecolage_outbox_events_oldest_undispatched_seconds',
    'Age of the oldest undispatched outbox event',
    'oldestUndispatchedSeconds',
  ],
  [
    'ecolage_outbox_deliveries_due',
    'Outbox deliveries due (pending, their next attempt reached)',
    'due',
  ],
  [
    'ecolage_outbox_deliveries_oldest_due_seconds',
    'How long the oldest due outbox delivery has been due',
    'oldestDueSeconds',
  ],
  [
    'ecolage_outbox_deliveries_dead',
    'Outbox deliveries dead after their last attempt (npm run events:failed)',
    'dead',
  ],
] as const;
for (const [name, help, field] of outboxSeries) {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const reading = await read('outbox');
      if (reading) this.set(reading[field]);
    },
  });
}

new Gauge({
  name: 'ecolage_jobs_waiting',
  help: 'pg-boss jobs due and not started, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const rows = await read('jobs');
    if (rows)
      setAll(
        this,
        rows.map((row) => ({ labels: { queue: row.queue }, value: row.waiting })),
      );
  },
});
new Gauge({
  name: 'ecolage_jobs_oldest_waiting_seconds',
  help: 'How long the oldest due job of each queue has waited to start',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    const rows = await read('jobs');
    if (rows) {
      setAll(
        this,
        rows.map((row) => ({ labels: { queue: row.queue }, value: row.oldestSeconds })),
      );
    }
  },
});

new Gauge({
  name: 'ecolage_messages_waiting',
  help: 'Messages waiting to go out (queued, sending), by channel and status',
  labelNames: ['channel', 'status'] as const,
  registers: [registry],
  async collect() {
    const rows = await read('messages');
    if (rows) {
      setAll(
        this,
        rows.map(({ channel, status, count }) => ({ labels: { channel, status }, value: count })),
      );
    }
  },
});

new Gauge({
  name: 'ecolage_payments_in_flight',
  help: 'Payment attempts awaiting their outcome, by provider and state',
  labelNames: ['provider', 'state'] as const,
  registers: [registry],
  async collect() {
    const rows = await read('paymentsInFlight');
    if (rows) {
      setAll(
        this,
        rows.map(({ provider, state, count }) => ({ labels: { provider, state }, value: count })),
      );
    }
  },
});
new Gauge({
  name: 'ecolage_payment_transitions_recent',
  help: 'Payment attempts that entered each state in the last 15 minutes',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    const rows = await read('recentPaymentTransitions');
    if (rows)
      setAll(
        this,
        rows.map(({ state, count }) => ({ labels: { state }, value: count })),
      );
  },
});
