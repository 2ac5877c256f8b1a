import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { JobDefinition } from '../jobs/jobs';

type Outcome = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Addresses counted by one process's flood guard at most; the oldest are forgotten first. */
const FLOOD_GUARD_KEYS = 20_000;

/**
 * The whole API's per-IP flood guard, in this process's memory: a fixed window per address, as
 * @fastify/rate-limit's own store. Each process counts its share of the traffic the load balancer
 * sends it: the guard is against floods, which the reverse proxy limits too, and a shared store
 * would cost a database write on every request for no security gain (decisions: the http bench).
 */
class FloodGuard implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { hits: number; endsAt: number }>();

  incr(key: string, outcome: Outcome, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // Re-inserted: the Map's order is then the order of the windows' starts.
      this.windows.delete(key);
      window = { hits: 0, endsAt: now + timeWindow };
      this.windows.set(key, window);
      if (this.windows.size > FLOOD_GUARD_KEYS) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
    }
    window.hits += 1;
    outcome(null, { current: window.hits, ttl: window.endsAt - now });
  }

  child(_routeOptions: unknown): FastifyRateLimitStore {
    return new FloodGuard();
  }
}

/**
 * A route's own budget (login, password reset, the public forms, a payment link's coupon tries,
 * the payer pages, the providers' unverified calls…), shared by every API process through
 * PostgreSQL: one upsert per try, on the database's clock, so that N processes behind a load
 * balancer still allow the budget once and not N times.
 */
export class SharedBudget {
  constructor(
    private readonly db: Database,
    readonly scope: string,
  ) {}

  /** Counts one try of `key` in its window; the tries so far and the milliseconds left. */
  async count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const keyHash = createHash('sha256').update(key).digest('hex');
    const result = await this.db.execute<{ hits: number; ttl_ms: string }>(sql`
      insert into rate_budgets as budget (scope, key_hash, hits, window_ends_at)
      values (${this.scope}, ${keyHash}, 1, now() + ${windowMs}::integer * interval '1 millisecond')
      on conflict (scope, key_hash) do update set
        hits = case when budget.window_ends_at <= now() then 1 else budget.hits + 1 end,
        window_ends_at = case when budget.window_ends_at <= now()
          then excluded.window_ends_at else budget.window_ends_at end
      returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`);
    const row = result.rows[0];
    if (!row) throw new Error('rate_budgets: no row returned');
    return { current: row.hits, ttl: Math.max(0, Number(row.ttl_ms)) };
  }

  incr(key: string, outcome: Outcome, timeWindow: number): void {
    this.count(key, timeWindow).then(
      (result) => outcome(null, result),
      (error: unknown) => outcome(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

const PER_PROCESS = Symbol('ecolage.rate-limit.per-process');

/**
 * A route budget that is a flood guard rather than a security budget (the page beacons): kept in
 * each process's memory like the per-IP guard, no database write per request.
 */
export function perProcessBudget<Budget extends object>(budget: Budget): Budget {
  return Object.assign(budget, { [PER_PROCESS]: true });
}

/** Where a route's budget counts: its method and address, or a limiter's group. */
interface LimiterParams {
  routeInfo?: { method?: unknown; url?: unknown };
  groupId?: string;
  max?: unknown;
  timeWindow?: unknown;
}

function scopeOf(params: LimiterParams) {
  const { method, url } = params.routeInfo ?? {};
  if (typeof url === 'string') {
    return `${Array.isArray(method) ? method.join(',') : String(method)} ${url}`;
  }
  // `app.createRateLimit(…)` (the providers' webhooks): its group, else its rule.
  return `limiter ${params.groupId ?? `${String(params.max)}/${String(params.timeWindow)}`}`;
}

/** The store class @fastify/rate-limit instantiates: the flood guard, whose children are shared. */
function budgetStore(db: Database): FastifyRateLimitStoreCtor {
  return class RequestBudgets extends FloodGuard implements FastifyRateLimitStore {
    override child(
      routeOptions: Parameters<FastifyRateLimitStore['child']>[0],
    ): FastifyRateLimitStore {
      if (PER_PROCESS in routeOptions) return new FloodGuard();
      return new SharedBudget(db, scopeOf(routeOptions as LimiterParams));
    }
  };
}

/**
 * A per-IP request budget for the whole API (this process's share, in memory), and the tighter
 * budgets sensitive routes set in their `config.rateLimit`, shared by every process through
 * PostgreSQL (`rate_budgets`). Past a budget: 429, « Trop de requêtes… », `Retry-After` and the
 * budget's `X-RateLimit-*` headers.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { perMinute: number; db: Database },
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: '1 minute',
    store: budgetStore(options.db),
    // The budget's headers go on a 429 only (with Retry-After): no client of ours reads them on
    // an allowed request, and three headers on every answer were a tenth of a cheap one's bytes.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // Static files of the web app are not worth counting.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
}

/** Forgets the windows that are over (the `platform.rate-budgets-prune` job, hourly). */
export async function pruneRateBudgets(db: Database): Promise<number> {
  const result = await db.execute(sql`delete from rate_budgets where window_ends_at < now()`);
  return result.rowCount ?? 0;
}

/** Hourly: the budgets' windows that are over are deleted (a new try starts a new one anyway). */
export function pruneRateBudgetsJob(db: Database): JobDefinition {
  return {
    name: 'platform.rate-budgets-prune',
    schedule: { cron: '17 * * * *' },
    async run() {
      await pruneRateBudgets(db);
    },
  };
}
