// « Statistiques » at scale (issue 20's target: every filter, p95 ≤ 100 ms at 500,000 payments,
// 20,000 students and 1,000,000 page views). One school (20,000 students, 200,000 invoices on a
// schedule of dues, 500,000 succeeded payments over the previous calendar year and this one, with
// their allocations, credit and refunds; 1,000,000 page views of its public pages) beside a small
// school whose rows must not count, bulk-loaded into a fresh database (BENCH_DATABASE_URL, by
// default the local server). The rollups are built by analytics' refreshStatistics (its time is a
// figure too); then GET /api/statistics with each filter, its options, the forecast and the
// dashboard are asked over HTTP of the whole application, BENCH_RUNS sequential requests each after
// warm-up, after a fresh login. Run alone: npx tsx bench/statistics.ts (BENCH_KEEP_DATABASE=1 keeps
// the database for EXPLAIN ANALYZE, and BENCH_STATISTICS_DATABASE=<its url> measures it again
// without seeding; BENCH_STATISTICS_PAYMENTS, _STUDENTS, _PAGEVIEWS change the big school's size).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { refreshStatistics } from '../apps/server/src/modules/analytics';
import { buildApp } from '../apps/server/src/app';
import { connectDatabase, type Database } from '../apps/server/src/platform/db/database';
import { percentile } from './lib/percentile';
import { startBenchSchool, withScratchDatabase } from './lib/scratch-database';
import { populateStatisticsSchool } from './statistics-data';
import { populateTraffic } from './statistics-traffic';
import { benchStorage } from './lib/bench-storage';

const TARGET_P95_MS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_UP = 10;
const STUDENTS = Number(process.env.BENCH_STATISTICS_STUDENTS ?? 20_000);
const PAYMENTS = Number(process.env.BENCH_STATISTICS_PAYMENTS ?? 500_000);
const PAGEVIEWS = Number(process.env.BENCH_STATISTICS_PAGEVIEWS ?? 1_000_000);
const SMALL = { students: 200, payments: 2_000, pageviews: 5_000 };

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

interface CaseResult {
  path: string;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  withinTarget: boolean;
}

async function timeCase(base: string, token: string, path: string): Promise<CaseResult> {
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.text();
    const ms = performance.now() - t0;
    if (response.status !== 200) throw new Error(`GET ${path} → ${response.status} ${body}`);
    return ms;
  };
  for (let i = 0; i < WARM_UP; i += 1) await once();
  const durations: number[] = [];
  for (let i = 0; i < RUNS; i += 1) durations.push(await once());
  durations.sort((a, b) => a - b);
  const p95Ms = percentile(durations, 95);
  return {
    path,
    p50Ms: percentile(durations, 50),
    p95Ms,
    p99Ms: percentile(durations, 99),
    maxMs: percentile(durations, 100),
    withinTarget: p95Ms <= TARGET_P95_MS,
  };
}

async function counts(db: Database, school: string) {
  const { rows } = await db.execute<Record<string, number>>(sql`select
    (select count(*) from students where organization_id = ${school})::int students,
    (select count(*) from students where organization_id = ${school}
      and birth_date is null)::int "withoutBirthDate",
    (select count(*) from enrolments where organization_id = ${school})::int enrolments,
    (select count(*) from invoices where organization_id = ${school})::int invoices,
    (select count(*) from invoices where organization_id = ${school} and status = 'paid')::int
      "invoicesPaid",
    (select count(*) from payment_attempts where organization_id = ${school})::int payments,
    (select count(*) from payment_attempts where organization_id = ${school}
      and succeeded_at < make_date(extract(year from now())::int, 1, 1))::int "paymentsPreviousYear",
    (select count(*) from payment_attempts where organization_id = ${school}
      and provider = 'desk')::int "paymentsAtDesk",
    (select count(*) from invoice_allocations where organization_id = ${school})::int allocations,
    (select count(*) from payment_attempts where organization_id = ${school}
      and credit_amount > 0)::int "paymentsWithCredit",
    (select count(*) from payment_refunds where organization_id = ${school})::int refunds,
    (select coalesce(sum(amount), 0) from payment_attempts
      where organization_id = ${school})::bigint "amountPaid"`);
  return rows[0]!;
}

/** The bench school's account (bench/lib/scratch-database.ts signs it up). */
const ACCOUNT = { email: 'direction@grande-ecole.tg', password: 'motdepasse-solide' };

/**
 * Every case over HTTP of `app`, after a fresh login (the seeding and the rebuild outlast an
 * access token): BENCH_RUNS sequential requests each after warm-up.
 */
async function measure(app: FastifyInstance, db: Database, school: string, now: Date) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ACCOUNT });
  const token = login.json<{ access_token: string }>().access_token;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const base =
    typeof address === 'string'
      ? address
      : `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { rows: programmes } = await db.execute<{ id: string }>(sql`select id from programmes
    where organization_id = ${school} and name = 'Informatique'`);
  const previousYear = String(now.getUTCFullYear() - 1);
  const programme = `programme=${programmes[0]!.id}`;
  const everything = `periode=${previousYear}&${programme}&ageMin=10&ageMax=18&source=mobile_money&operateur=mtn`;
  const cases: Record<string, string> = {
    none: '/api/statistics',
    previousYear: `/api/statistics?periode=${previousYear}`,
    programme: `/api/statistics?${programme}`,
    ages: '/api/statistics?ageMin=10&ageMax=18',
    source: '/api/statistics?source=mobile_money',
    operateur: '/api/statistics?operateur=mtn',
    everything: `/api/statistics?${everything}`,
    everythingYtd: `/api/statistics?${programme}&ageMin=10&ageMax=18&source=cash&operateur=desk`,
    options: '/api/statistics/options',
    forecast: '/api/statistics/forecast',
    dashboard: '/api/dashboard',
  };
  const loadBefore = loadavg().map((value) => Math.round(value * 10) / 10);
  const results: Record<string, CaseResult> = {};
  for (const [key, path] of Object.entries(cases)) {
    try {
      results[key] = await timeCase(base, token, path);
    } catch (error) {
      console.error(`${key} : ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const cells = (values: (string | number)[]) =>
    values
      .map((value, index) =>
        String(value)[index === 0 ? 'padEnd' : 'padStart'](index === 0 ? 16 : 8),
      )
      .join(' ');
  console.log(`\n${cells(['cas', 'p50', 'p95', 'p99', 'max', ''])}`);
  for (const [key, result] of Object.entries(results)) {
    const ms = [result.p50Ms, result.p95Ms, result.p99Ms, result.maxMs].map((value) =>
      value.toFixed(1),
    );
    console.log(
      `${cells([key, ...ms])} ms  ${result.withinTarget ? 'PASS' : 'FAIL'} (≤ ${TARGET_P95_MS} ms)`,
    );
  }
  const load = {
    before: loadBefore,
    after: loadavg().map((value) => Math.round(value * 10) / 10),
  };
  console.log(
    `Charge (loadavg 1/5/15 min) : avant ${load.before.join(' ')}, après ${load.after.join(' ')}`,
  );
  return { load, cases: results };
}

export async function benchStatistics() {
  return withScratchDatabase('statistics', async (database) => {
    const { db } = database;
    const { app, organizationId: school } = await startBenchSchool(database);
    try {
      const now = new Date();
      const t0 = performance.now();
      const other = await db.execute<{ id: string }>(sql`insert into organizations (name, slug)
        values ('Petite École', 'petite-ecole-banc') returning id`);
      const small = other.rows[0]!.id;
      await populateStatisticsSchool(db, small, SMALL, now);
      const paymentSteps = await populateStatisticsSchool(
        db,
        school,
        { students: STUDENTS, payments: PAYMENTS },
        now,
      );
      const paymentsSeconds = seconds(t0);
      const t1 = performance.now();
      await populateTraffic(db, small, SMALL.pageviews, now);
      const traffic = await populateTraffic(db, school, PAGEVIEWS, now);
      const trafficSeconds = seconds(t1);
      await db.execute(sql`vacuum analyze`);
      const seedSeconds = seconds(t0);
      const data = {
        ...(await counts(db, school)),
        ...traffic,
        paymentsSeconds,
        paymentSteps,
        trafficSeconds,
        seedSeconds,
      };
      console.log('Données :', data);

      // The rollups, built from nothing (the full rebuild), then brought up to date (nothing new).
      const t2 = performance.now();
      const full = await refreshStatistics(db, school, now);
      const refresh = { fullSeconds: seconds(t2), full, incrementalMs: 0, incremental: full };
      await refreshStatistics(db, small, now);
      const t3 = performance.now();
      refresh.incremental = await refreshStatistics(db, school, new Date());
      refresh.incrementalMs = Math.round(performance.now() - t3);
      await db.execute(
        sql`vacuum analyze collection_facts, collection_months, collection_months_by_programme,
          collection_months_by_age, receivable_days`,
      );
      const { rows: rollups } = await db.execute<Record<string, number>>(sql`select
        (select count(*) from collection_facts where organization_id = ${school})::int facts,
        (select count(*) from collection_months where organization_id = ${school})::int months,
        (select count(*) from collection_months_by_programme
          where organization_id = ${school})::int "monthsByProgramme",
        (select count(*) from collection_months_by_age
          where organization_id = ${school})::int "monthsByAge",
        (select count(*) from receivable_days where organization_id = ${school})::int
          "receivableRows"`);
      console.log('Agrégats :', { ...refresh, ...rollups[0] });

      const measured = await measure(app, db, school, now);
      return {
        data,
        refresh: { ...refresh, ...rollups[0] },
        targetP95Ms: TARGET_P95_MS,
        runs: RUNS,
        ...measured,
      };
    } finally {
      await app.close();
    }
  });
}

/**
 * Measures again on a database this bench kept (BENCH_KEEP_DATABASE=1), without seeding nor
 * rebuilding: BENCH_STATISTICS_DATABASE=<its url> npx tsx bench/statistics.ts.
 */
export async function remeasureStatistics(url: string) {
  const database = connectDatabase(url, 10);
  const app = await buildApp({
    database,
    webDistDir: false,
    jwtSecret: 'secret-de-banc-d-essai-de-32-caracteres-au-moins',
    storage: benchStorage(path.join(tmpdir(), `ecolage-bench-uploads-${process.pid}`)),
    rateLimitPerMinute: 100_000_000,
    loginPolicy: { failureDelayMs: () => 0, accountLockMs: () => 0, ipLockMs: () => 0 },
    authRateLimit: { max: 100_000_000, timeWindow: '1 minute' },
  });
  try {
    const { rows } = await database.db.execute<{ id: string }>(sql`select id from organizations
      where name = 'Grande École de Lomé'`);
    return await measure(app, database.db, rows[0]!.id, new Date());
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kept = process.env.BENCH_STATISTICS_DATABASE;
  const result = kept ? await remeasureStatistics(kept) : await benchStatistics();
  console.log(JSON.stringify(result, null, 2));
}
