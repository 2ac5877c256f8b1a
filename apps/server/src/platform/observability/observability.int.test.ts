import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { schoolWithFamily } from '../../test/payments-harness';
import { testAppOptions, useTestApp } from '../../test/test-app';
import { startJobs, type JobQueue } from '../jobs/jobs';
import { runInContext, watchSlowQueries, type SlowQueryOptions } from './index';

/** Every line the app's logger writes, parsed. */
const lines: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  }),
);

const { app, database } = useTestApp({ logger });

/** The series every deployment's dashboards and alerts rely on (docs/architecture.md). */
const NAMED_SERIES = [
  'ecolage_http_request_duration_seconds',
  'ecolage_provider_events_waiting',
  'ecolage_provider_events_oldest_waiting_seconds',
  'ecolage_outbox_events_undispatched',
  'ecolage_outbox_events_oldest_undispatched_seconds',
  'ecolage_outbox_deliveries_due',
  'ecolage_outbox_deliveries_oldest_due_seconds',
  'ecolage_outbox_deliveries_dead',
  'ecolage_jobs_waiting',
  'ecolage_jobs_oldest_waiting_seconds',
  'ecolage_messages_waiting',
  'ecolage_messages_sent_total',
  'ecolage_payments_in_flight',
  'ecolage_payment_transitions_recent',
  'ecolage_slow_queries_total',
  'ecolage_metrics_collect_failures_total',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
];

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  let family: Awaited<ReturnType<typeof schoolWithFamily>>;
  let jobs: JobQueue;

  beforeAll(async () => {
    family = await schoolWithFamily(app());
    const { db } = database();
    // A payment waiting for its provider, its transition, a stored notification, an event
    // nobody dispatched, a queued SMS and a due job: one of everything the gauges count.
    await db.execute(sql`
      insert into payment_attempts (id, organization_id, guardian_id, provider, wallet, amount,
        status, created_by, expires_at, next_check_at)
      values ('9a3d6c62-3f43-4a8f-9a57-0c3f0e1b2a01', ${family.organizationId}, ${family.guardianId},
        'fedapay', 'mtn', 50000, 'pending', 'test', now() + interval '1 hour', now())`);
    await db.execute(sql`
      insert into payment_transitions (organization_id, attempt_id, from_status, to_status, cause)
      values (${family.organizationId}, '9a3d6c62-3f43-4a8f-9a57-0c3f0e1b2a01', 'initiated',
        'pending', 'initiation')`);
    await db.execute(sql`
      insert into provider_events (provider, dedupe_key, method, path, headers, raw_body,
        authenticity, received_at)
      values ('fedapay', 'metrics-test', 'POST', '/api/webhooks/fedapay', '{}', '\\x7b7d',
        'verified', now() - interval '30 seconds')`);
    await db.execute(sql`
      insert into outbox_events (organization_id, type, aggregate_id, payload, created_at)
      values (${family.organizationId}, 'payment.succeeded', gen_random_uuid(), '{}',
        now() - interval '2 minutes')`);
    await db.execute(sql`
      insert into outbound_messages (organization_id, channel, recipient, body, template, status)
      values (${family.organizationId}, 'sms', '+22890112233', 'Bonjour', 'test', 'queued')`);
    jobs = await startJobs(
      database().pool,
      [{ name: 'metrics.test-job', run: async () => undefined }],
      { info: () => undefined, error: () => undefined },
      { work: false },
    );
    await jobs.send('metrics.test-job', {});
  });
  afterAll(async () => {
    await jobs?.stop();
  });

  it('answers every named series in the text format after a request', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const response = await app().inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    for (const name of NAMED_SERIES) expect(text, name).toContain(`# TYPE ${name} `);

    // The route template, not the URL; its status class.
    const health = 'route="/api/health",status_class="2xx"';
    expect(text).toMatch(
      new RegExp(`ecolage_http_request_duration_seconds_count\\{method="GET",${health}\\} 1`),
    );
    // The database gauges see the rows.
    expect(sample(text, 'ecolage_provider_events_waiting')).toBe(1);
    expect(sample(text, 'ecolage_provider_events_oldest_waiting_seconds')).toBeGreaterThanOrEqual(
      29,
    );
    // The school's set-up published its own events too.
    expect(sample(text, 'ecolage_outbox_events_undispatched')).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'ecolage_outbox_events_oldest_undispatched_seconds'),
    ).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'ecolage_payments_in_flight', '{provider="fedapay",state="pending"}')).toBe(
      1,
    );
    expect(sample(text, 'ecolage_payment_transitions_recent', '{state="pending"}')).toBe(1);
    expect(sample(text, 'ecolage_messages_waiting', '{channel="sms",status="queued"}')).toBe(1);
    expect(sample(text, 'ecolage_jobs_waiting', '{queue="metrics.test-job"}')).toBe(1);
    expect(text).not.toContain('ecolage_metrics_collect_failures_total{');
  });

  it('counts neither itself nor unknown addresses one by one', async () => {
    await app().inject({ method: 'GET', url: '/api/nowhere/12345' });
    await app().inject({ method: 'GET', url: '/api/nowhere/67890' });
    const text = (await app().inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).not.toContain('route="/metrics"');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/_count\{method="GET",route="unmatched",status_class="4xx"\} 2/);
  });

  describe('with METRICS_TOKEN', () => {
    let guarded: FastifyInstance;
    beforeAll(async () => {
      guarded = await buildApp({
        ...testAppOptions(database()),
        metrics: { token: 'jeton-des-metriques-de-test', databaseGauges: false },
      });
      await guarded.ready();
    });
    afterAll(async () => {
      await guarded.close();
    });

    it('asks for the bearer token, in French, and answers with it', async () => {
      for (const authorization of [
        undefined,
        'Bearer mauvais-jeton',
        'jeton-des-metriques-de-test',
      ]) {
        const refused = await guarded.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({
          code: 'UNAUTHENTICATED',
          message: expect.stringMatching(/Jeton/),
        });
      }
      const allowed = await guarded.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer jeton-des-metriques-de-test' },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('# TYPE ecolage_http_request_duration_seconds histogram');
    });
  });
});

describe('request ids and log lines', () => {
  it('echoes a sane X-Request-Id and puts it, the school and the user on the log lines', async () => {
    const family = await schoolWithFamily(app());
    lines.length = 0;
    const response = await app().inject({
      method: 'GET',
      url: '/api/students',
      headers: { authorization: `Bearer ${family.token}`, 'x-request-id': 'proxy-1234.abcd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('proxy-1234.abcd');
    const ours = lines.filter((line) => line.reqId === 'proxy-1234.abcd');
    expect(ours.length).toBeGreaterThan(0);
    expect(
      ours.some(
        (line) => line.schoolId === family.organizationId && typeof line.userId === 'string',
      ),
    ).toBe(true);
  });

  it('replaces an insane one with a UUID', async () => {
    const response = await app().inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x'.repeat(300) },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('slow-query log', () => {
  const slow: Record<string, unknown>[] = [];
  const options: SlowQueryOptions = {
    thresholdMs: 150,
    logger: { warn: (object) => slow.push(object as Record<string, unknown>) },
  };
  beforeAll(() => watchSlowQueries(database().pool, options));

  it('logs a slow query with its duration, its context and no value', async () => {
    slow.length = 0;
    const { db, pool } = database();
    await runInContext({ job: 'metrics.test-job', jobId: 'job-42' }, async () => {
      // Through the pool (drizzle's and pg-boss's way) and inside a transaction (a connection's).
      await pool.query(
        `select pg_sleep($1), 'afi.mensah@exemple.tg' as email, 22890112233 as phone`,
        [0.2],
      );
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(${0.2}), ${'kossi@exemple.tg'}::text`);
      });
      await pool.query('select 1');
    });
    expect(slow).toHaveLength(2);
    for (const line of slow) {
      expect(line.durationMs).toBeGreaterThanOrEqual(190);
      expect(line).toMatchObject({ job: 'metrics.test-job', jobId: 'job-42' });
      const text = JSON.stringify(line);
      for (const secret of ['afi.mensah', 'kossi@', '22890112233', '0.2'])
        expect(text).not.toContain(secret);
    }
    expect(slow[0]!.sql).toBe('select pg_sleep($1), ? as email, ? as phone');
    expect(slow[1]!.sql).toMatch(/^select pg_sleep\(\$1\), \$2::text$/);
  });

  it("carries the request's id, body parsed or not", async () => {
    const family = await schoolWithFamily(app());
    options.thresholdMs = 0.000_001; // every query
    slow.length = 0;
    try {
      await app().inject({
        method: 'GET',
        url: '/api/students',
        headers: { authorization: `Bearer ${family.token}`, 'x-request-id': 'get-request-1' },
      });
      const created = await app().inject({
        method: 'POST',
        url: '/api/students',
        payload: { fullName: 'Yao Mensah' },
        headers: { authorization: `Bearer ${family.token}`, 'x-request-id': 'post-request-1' },
      });
      expect(created.statusCode).toBe(201);
    } finally {
      options.thresholdMs = 150;
    }
    const ids = new Set(slow.map((line) => line.reqId));
    expect(ids).toContain('get-request-1');
    expect(ids).toContain('post-request-1');
    // The POST's insert ran after its body was read: the context survived the parsing.
    expect(
      slow.some(
        (line) =>
          line.reqId === 'post-request-1' && /^insert into "students"/.test(String(line.sql)),
      ),
    ).toBe(true);
  });
});
