// pg-boss throughput on this machine (decision 0014): how many jobs a second the one job
// mechanism sends and works through the application's API (platform/jobs), to compare with the
// provider-event intake (`npm run bench -- payments`: 3,000 payments × 10 deliveries). Each job
// does nothing but one small query, so the figure is pg-boss's own ceiling.
// Run: `npx tsx bench/jobs.ts` (BENCH_DATABASE_URL, BENCH_JOBS, BENCH_JOB_LANES).
import pg from 'pg';
import { startJobs, type JobDefinition } from '../apps/server/src/platform/jobs/jobs';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JOBS = Number(process.env.BENCH_JOBS ?? 5_000);
const LANES = Number(process.env.BENCH_JOB_LANES ?? 16);
const silent = { info() {}, error() {} };

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const name = 'ecolage_bench_jobs';
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function measure(pool: pg.Pool, batchSize: number) {
  const name = `bench.noop-${batchSize}`;
  let done = 0;
  const job: JobDefinition = {
    name,
    batchSize,
    concurrency: LANES,
    run: async () => {
      await pool.query('select 1');
      done += 1;
    },
  };
  // Sent first, worked afterwards: the two rates apart.
  const sender = await startJobs(pool, [job], silent, { work: false });
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < JOBS) {
        next += 1;
        await sender.send(name, { n: next });
      }
    }),
  );
  const sendSeconds = (performance.now() - t0) / 1000;
  await sender.stop();
  const t1 = performance.now();
  const worker = await startJobs(pool, [job], silent, { pollingIntervalSeconds: 0.5 });
  while (done < JOBS) await new Promise((resolve) => setTimeout(resolve, 20));
  const workSeconds = (performance.now() - t1) / 1000;
  await worker.stop();
  return {
    batchSize,
    lanes: LANES,
    jobs: JOBS,
    sentPerSecond: Math.round(JOBS / sendSeconds),
    workedPerSecond: Math.round(JOBS / workSeconds),
  };
}

const pool = new pg.Pool({ connectionString: await freshDatabase(), max: LANES + 4 });
try {
  const results = [await measure(pool, 1), await measure(pool, 50)];
  console.log(
    JSON.stringify({ date: new Date().toISOString(), node: process.version, results }, null, 2),
  );
} finally {
  await pool.end();
}
