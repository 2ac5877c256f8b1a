// The back-to-school rush (issue 22's targets) on PostgreSQL behind PgBouncer in transaction
// mode, with the split deployment: 2 API processes (`npm run api`) and 2 worker processes
// (`npm run worker`, or `--workers N`). 800 parents pay by link (Wave, approved at the sandbox)
// within the window (BENCH_RUSH_WINDOW_SECONDS, 600 by default; 0: as fast as the system takes
// them), 20 staff browse the lists and the dashboard, the reminders of 20,000 students are planned
// (their workflows enabled by the staff as the rush starts). `--kill`: one worker is killed with
// SIGKILL when 40 % of the parents have approved. Prints the payer's steps p95, the staff pages'
// p95, the provider's confirmation → receipt p95, confirmed payments per second, payments lost or
// doubled, the reminders planned, `ledger:check` and `audit:verify`.
//   npm run bench -- rush [--workers 1] [--kill]
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import pg from 'pg';
import { sandboxProviderEnv } from '../apps/psp-sandbox/demo-env.mjs';
import { startPgBouncer } from '../apps/server/src/test/cluster/pgbouncer';
import { freePort } from '../e2e/support/free-port';
import { percentile } from './lib/percentile';
import { root } from './lib/product-server';
import { startServerProcess, type ServerProcess } from './lib/processes';
import { approve, browse, payByLink, simTransactions, type PayerTimings } from './lib/rush-load';
import { freshRushDatabase, makeRushSchool, RUSH_SECRET, type RushSchool } from './rush-data';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STUDENTS = Number(process.env.BENCH_RUSH_STUDENTS ?? 20_000);
const FAMILIES = Number(process.env.BENCH_RUSH_FAMILIES ?? 800);
const STAFF = 20;
const TEMPLATE = 'ecolage_bench_rush_school';

const p95 = (values: number[]) =>
  Math.round(
    percentile(
      [...values].sort((a, b) => a - b),
      95,
    ),
  );
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startSandbox(webhookUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/psp-sandbox/dist/main.js')], {
    env: {
      ...process.env,
      PSP_SANDBOX_PORT: String(port),
      PSP_SANDBOX_WAVE_WEBHOOK_URL: webhookUrl,
      PSP_SANDBOX_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    if (
      await fetch(`${origin}/__sim/config`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return { origin, stop: () => void child.kill() };
    }
    await sleep(100);
  }
  child.kill();
  throw new Error('le bac à sable ne démarre pas');
}

/** The run's database: a copy of the school's (CREATE DATABASE … TEMPLATE, a file copy). */
async function copyOfSchool(): Promise<string> {
  const name = 'ecolage_bench_rush';
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `npm run <script>` on the rush's database; its exit code and last lines. */
function cli(script: string, env: NodeJS.ProcessEnv) {
  const run = spawnSync('npm', ['run', '-s', script], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const lines = `${run.stdout}${run.stderr}`.trim().split('\n').slice(-3);
  return { ok: run.status === 0, output: lines.join(' | ') };
}

/** The school once (import of 20,000 students), copied for each run. */
let school: RushSchool | undefined;

export async function benchRush(
  options: { workers?: number; kill?: boolean; windowSeconds?: number } = {},
) {
  const workers = options.workers ?? 2;
  const windowSeconds =
    options.windowSeconds ?? Number(process.env.BENCH_RUSH_WINDOW_SECONDS ?? 600);
  const setupStarted = performance.now();
  if (!school) {
    const templateUrl = await freshRushDatabase(SERVER_URL, TEMPLATE);
    school = await makeRushSchool(templateUrl, {
      students: STUDENTS,
      families: FAMILIES,
      staff: STAFF,
    });
  }
  const setupSeconds = Math.round((performance.now() - setupStarted) / 1000);
  const say = (text: string) => console.error(`[rentrée ${new Date().toISOString()}] ${text}`);
  say(`école prête (${setupSeconds} s)`);
  const directUrl = await copyOfSchool();
  const bouncer = await startPgBouncer({ serverUrl: SERVER_URL, poolSize: 20 });
  const pooledUrl = bouncer.urlFor(directUrl);
  const direct = new pg.Pool({ connectionString: directUrl, max: 2 });
  const apiPort = await freePort();
  const sandbox = await startSandbox(`http://127.0.0.1:${apiPort}/api/psp/wave/webhook`);
  const env = {
    DATABASE_URL: pooledUrl,
    DATABASE_DIRECT_URL: directUrl,
    DATABASE_POOL_MAX: '10',
    JWT_SECRET: RUSH_SECRET,
    RATE_LIMIT_PER_MINUTE: '100000000',
    PSP_CALLBACK_BASE_URL: `http://127.0.0.1:${apiPort}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ecolage-bench-rush-')),
    ...sandboxProviderEnv(sandbox.origin),
  };
  const processes: ServerProcess[] = [];
  try {
    // The providers call back the first API (its port fixed beforehand); parents and staff use both.
    processes.push(await startServerProcess('api', env, apiPort));
    processes.push(await startServerProcess('api', env));
    for (let i = 0; i < workers; i += 1) processes.push(await startServerProcess('worker', env));
    say(`2 API et ${workers} worker(s) prêts derrière PgBouncer`);
    const apis = processes.filter((one) => one.kind === 'api').map((one) => one.origin);
    const count = async (sql: string) =>
      Number((await direct.query<{ n: string }>(sql)).rows[0]!.n);

    // Staff: browse until the rush is over; the first one turns the reminders on.
    let over = false;
    const staffMs: number[] = [];
    const staffErrors: string[] = [];
    const staffToken = school.staffTokens[0]!;
    const remindersAsked = Date.now();
    const workflows = (await (
      await fetch(`${apis[0]}/api/automations?pageSize=50`, {
        headers: { authorization: `Bearer ${staffToken}` },
      })
    ).json()) as { items: { id: string; enabled: boolean }[] };
    for (const workflow of workflows.items.filter((one) => !one.enabled)) {
      await fetch(`${apis[0]}/api/automations/${workflow.id}/enable`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staffToken}` },
      });
    }
    const staff = school.staffTokens.map((token, i) =>
      browse(apis, token, staffMs, staffErrors, () => over, i),
    );

    // Parents: each starts at a random moment of the window, pays, then approves on the phone.
    const payer: PayerTimings = { linkPage: [], payToWaiting: [] };
    const payerErrors: string[] = [];
    const confirmedAt = new Map<string, number>();
    const simOf = simTransactions(sandbox.origin);
    let killedAt: number | null = null;
    const killAfter = options.kill ? Math.round(school.links.length * 0.4) : Infinity;
    const t0 = performance.now();
    const parents = school.links.map(async (link, i) => {
      await sleep(windowSeconds > 0 ? Math.random() * windowSeconds * 1000 : 0);
      try {
        const attemptId = await payByLink(apis[i % apis.length]!, link, payer);
        await approve(sandbox.origin, await simOf(attemptId));
        confirmedAt.set(attemptId, Date.now());
        if (confirmedAt.size === killAfter && killedAt === null) {
          killedAt = Date.now();
          void processes.find((one) => one.kind === 'worker')!.kill();
        }
      } catch (error) {
        payerErrors.push((error as Error).message);
      }
    });
    const progress = setInterval(
      () =>
        say(`${confirmedAt.size}/${school!.links.length} approuvés, ${payerErrors.length} erreurs`),
      15_000,
    );
    await Promise.all(parents).finally(() => clearInterval(progress));
    const approvedSeconds = (performance.now() - t0) / 1000;

    // Every approved payment credited and its receipt issued (10 minutes at most).
    const deadline = performance.now() + 600_000;
    let credited = 0;
    let receipts = 0;
    while (performance.now() < deadline) {
      credited = await count(
        `select count(*) as n from payment_attempts where status = 'succeeded'`,
      );
      receipts = await count(`select count(*) as n from receipts`);
      if (credited >= confirmedAt.size && receipts >= confirmedAt.size) break;
      await sleep(250);
    }
    say(`${credited} crédités, ${receipts} reçus`);
    const drainedSeconds = (performance.now() - t0) / 1000;
    over = true;
    await Promise.all(staff);

    const rows = await direct.query<{ id: string; succeeded_at: Date; issued_at: Date | null }>(
      `select a.id, a.succeeded_at, r.issued_at
         from payment_attempts a left join receipts r on r.payment_id = a.id
        where a.status = 'succeeded'`,
    );
    const toReceipt = rows.rows
      .filter((row) => row.issued_at && confirmedAt.has(row.id))
      .map((row) => row.issued_at!.getTime() - confirmedAt.get(row.id)!);
    const credits = rows.rows.map((row) => row.succeeded_at.getTime());
    const firstCredit = Math.min(...credits);
    const lastCredit = Math.max(...credits);
    const doubled =
      (await count(`select count(*) - count(distinct payment_id) as n from receipts`)) +
      (await count(
        `select count(*) - count(distinct idempotency_key) as n from ledger_transactions`,
      )) +
      (await count(
        `select count(*) as n from (select source_id from invoice_allocations
          where source_type = 'payment' group by source_id having count(*) > 1) twice`,
      ));
    const lost =
      [...confirmedAt.keys()].filter((id) => !rows.rows.some((row) => row.id === id)).length +
      rows.rows.filter((row) => !row.issued_at).length;
    let recovery: Record<string, number> | undefined;
    if (killedAt !== null) {
      const after = credits.filter((at) => at > killedAt!);
      const approvedBefore = [...confirmedAt.entries()].filter(([, at]) => at <= killedAt!);
      const creditedOf = new Map(rows.rows.map((row) => [row.id, row.succeeded_at.getTime()]));
      const backlog = Math.max(...approvedBefore.map(([id]) => creditedOf.get(id) ?? Infinity));
      recovery = {
        firstCreditAfterKillMs: after.length > 0 ? Math.min(...after) - killedAt : -1,
        backlogAtKillCreditedMs: backlog - killedAt,
      };
    }
    const reminders = await count(`select count(*) as n from workflow_sends`);
    const lastPlanned = await direct.query<{ at: Date | null }>(
      `select max(created_at) as at from workflow_sends`,
    );
    const remindersPlannedMs = lastPlanned.rows[0]?.at
      ? lastPlanned.rows[0].at.getTime() - remindersAsked
      : -1;
    const checks = { DATABASE_URL: pooledUrl, DATABASE_DIRECT_URL: directUrl };
    const result = {
      setup: { students: school.students, invoices: school.invoices, seconds: setupSeconds },
      processes: { api: 2, workers, pooler: 'PgBouncer (transaction)' },
      windowSeconds,
      parents: school.links.length,
      approved: confirmedAt.size,
      payerErrors: payerErrors.slice(0, 5),
      payerErrorCount: payerErrors.length,
      approvedAfterSeconds: Math.round(approvedSeconds),
      drainedAfterSeconds: Math.round(drainedSeconds),
      payerLinkPageP95Ms: p95(payer.linkPage),
      payerPayToWaitingP95Ms: p95(payer.payToWaiting),
      staffPages: staffMs.length,
      staffPageP95Ms: p95(staffMs),
      staffErrors: staffErrors.slice(0, 5),
      confirmationToReceiptP95Ms: p95(toReceipt),
      confirmationToReceiptMaxMs: Math.round(Math.max(...toReceipt)),
      confirmedPaymentsPerSecond:
        Math.round((credits.length / Math.max(1, (lastCredit - firstCredit) / 1000)) * 10) / 10,
      credited: credits.length,
      receipts,
      lost,
      doubled,
      recovery,
      remindersPlanned: reminders,
      remindersPlannedAfterMs: remindersPlannedMs,
      ledgerCheck: cli('ledger:check', checks),
      auditVerify: cli('audit:verify', checks),
      loadAverage: loadavg().map((value) => Math.round(value * 10) / 10),
    };
    console.log(`Rentrée (${workers} worker${workers > 1 ? 's' : ''}) :`, result);
    return result;
  } finally {
    await Promise.all(processes.map((one) => one.stop().catch(() => undefined)));
    sandbox.stop();
    await direct.end();
    await bouncer.stop();
  }
}

/**
 * `npm run bench -- rush`: 2 workers; `--workers 1` vs 2 gives the ratio; `--kill`. `--ratio`:
 * the same school paid as fast as the system takes it (no window) with 1 worker, then with 2, and
 * the ratio of their confirmed payments per second.
 */
export async function benchRushFromArgs(argv: string[]) {
  const at = argv.indexOf('--workers');
  const kill = argv.includes('--kill');
  if (argv.includes('--ratio')) {
    const one = await benchRush({ workers: 1, windowSeconds: 0 });
    const two = await benchRush({ workers: 2, windowSeconds: 0 });
    const ratio =
      Math.round((two.confirmedPaymentsPerSecond / one.confirmedPaymentsPerSecond) * 100) / 100;
    console.log(
      `Paiements confirmés par seconde : 1 worker ${one.confirmedPaymentsPerSecond}, ` +
        `2 workers ${two.confirmedPaymentsPerSecond} : ×${ratio}`,
    );
    return { oneWorker: one, twoWorkers: two, ratio };
  }
  if (at >= 0) return benchRush({ workers: Number(argv[at + 1]), kill });
  return benchRush({ workers: 2, kill });
}
