// Confirmed payments end to end on PostgreSQL: Wave webhooks in (signature checked), stored,
// status re-fetched from the sandbox, transition, allocation, ledger, audit, outbox — with every
// confirmation delivered 10 times (the provider's own delivery + 9 replays, shuffled). The server
// runs as in production: HTTP on the main thread, the payments worker on its own thread. The
// clock stops when every payment is credited and every delivery answered. Prints the throughput,
// the p95 from the provider's confirmation to the credited invoice, and the counts proving
// nothing was lost or counted twice.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import pg from 'pg';
import { sandboxProviderEnv } from '../apps/psp-sandbox/demo-env.mjs';
import { buildApp } from '../apps/server/src/app';
import { checkLedgerAgreesWithInvoices } from '../apps/server/src/modules/billing';
import { startWorkerThread } from '../apps/server/src/composition/worker-thread';
import type { PaymentsContext } from '../apps/server/src/modules/payments';
import { createPaymentProvidersFromEnv } from '../apps/server/src/modules/psp';
import { connectDatabase } from '../apps/server/src/platform/db/database';
import { jsonClient as client } from '../apps/server/src/test/cluster/json-client';
import { runMigrations } from '../apps/server/src/platform/db/migrate';
import { percentile } from './lib/in-process';
import { root } from './lib/product-server';
import { benchStorage } from './lib/bench-storage';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FAMILIES = Number(process.env.BENCH_PAYMENT_FAMILIES ?? 300);
const PAYMENTS_PER_FAMILY = 10;
const DELIVERIES = Number(process.env.BENCH_PAYMENT_DELIVERIES ?? 10);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function inParallel<T>(
  items: T[],
  lanes: number,
  work: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const name = 'ecolage_bench_payments';
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startSandbox(port: number, webhookUrl: string) {
  const child = spawn(process.execPath, [path.join(root, 'apps/psp-sandbox/dist/main.js')], {
    env: {
      ...process.env,
      PSP_SANDBOX_PORT: String(port),
      PSP_SANDBOX_WAVE_WEBHOOK_URL: webhookUrl,
      // Its SMTP server on any free port: HTTP port + 1 is the bench server's.
      PSP_SANDBOX_SMTP_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${origin}/__sim/config`)).ok) return { origin, stop: () => child.kill() };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill();
  throw new Error('sandbox did not start');
}

export async function benchPayments() {
  const databaseUrl = await freshDatabase();
  const database = connectDatabase(databaseUrl, 20);
  await runMigrations(database.pool);
  const sandboxPort = 3190;
  const serverPort = 3191;
  const sandbox = await startSandbox(
    sandboxPort,
    `http://127.0.0.1:${serverPort}/api/psp/wave/webhook`,
  );
  const uploads = mkdtempSync(path.join(tmpdir(), 'ecolage-bench-pay-'));

  const context: PaymentsContext = {
    db: database.db,
    providers: createPaymentProvidersFromEnv(silent, sandboxProviderEnv(sandbox.origin)),
    now: () => new Date(),
    callbackBaseUrl: `http://127.0.0.1:${serverPort}`,
    logger: silent,
    onEventStored: () => worker.wake(),
  };
  const worker = startWorkerThread({
    databaseUrl,
    callbackBaseUrl: context.callbackBaseUrl,
    poolMax: 10,
    logLevel: 'silent',
    providerEnv: sandboxProviderEnv(sandbox.origin),
  });
  worker.start();
  const app = await buildApp({
    database,
    webDistDir: false,
    jwtSecret: 'secret-de-banc-d-essai-de-32-caracteres-au-moins',
    storage: benchStorage(uploads),
    rateLimitPerMinute: 100_000_000,
    payments: context,
  });
  const url = await app.listen({ host: '127.0.0.1', port: serverPort });
  try {
    // A school, 300 families with one enrolled student each (11 invoices), 10 Wave payments each.
    const anonymous = client(url);
    const email = `bench.${Date.now()}@exemple.tg`;
    await anonymous('POST', '/api/auth/registration', {
      name: 'Banc Paiements',
      email,
      password: 'motdepasse-solide',
      schoolName: 'Lycée du banc',
    });
    // The sign-up's answer does not name the school (the same for a known address): the session does.
    const login = await anonymous<{ access_token: string; organization: { id: string } }>(
      'POST',
      '/api/auth/login',
      { email, password: 'motdepasse-solide' },
    );
    const { organization } = login;
    const call = client(url, login.access_token);
    const start = new Date().getUTCFullYear() + 1;
    const year = await call<{ id: string }>('POST', '/api/academic-years', {
      label: `${start}-${start + 1}`,
      startsOn: `${start}-09-01`,
      endsOn: `${start + 1}-07-31`,
      current: true,
    });
    const programme = await call<{ id: string }>('POST', '/api/programmes', { name: 'Licence' });
    const level = await call<{ id: string }>('POST', `/api/programmes/${programme.id}/levels`, {
      name: 'L1',
      registrationFee: 50_000,
      monthlyFee: 35_000,
    });
    const requests: { guardianId: string; invoiceId: string }[] = [];
    await inParallel([...Array(FAMILIES).keys()], 8, async (family) => {
      const student = await call<{ id: string }>('POST', '/api/students', {
        fullName: `Élève ${family} Mensah`,
      });
      const guardian = await call<{ id: string }>('POST', `/api/students/${student.id}/guardians`, {
        fullName: `Parent ${family} Mensah`,
        phone: `+22891${String(family).padStart(6, '0')}`,
        relation: 'mother',
        mainPayer: true,
      });
      await call('POST', `/api/students/${student.id}/enrolments`, {
        levelId: level.id,
        academicYearId: year.id,
      });
      const invoices = await call<{ items: { id: string }[] }>(
        'GET',
        `/api/invoices?studentId=${student.id}&pageSize=20`,
      );
      for (const invoice of invoices.items.slice(0, PAYMENTS_PER_FAMILY)) {
        requests.push({ guardianId: guardian.id, invoiceId: invoice.id });
      }
    });
    const attempts: { id: string; amount: number }[] = [];
    await inParallel(requests, 16, async (request) => {
      const payment = await call<{ id: string; amount: number }>('POST', '/api/payments', {
        guardianId: request.guardianId,
        wallet: 'WAVE',
        invoiceIds: [request.invoiceId],
      });
      attempts.push({ id: payment.id, amount: payment.amount });
    });
    const sim = client(sandbox.origin);
    const state = await sim<{ transactions: { id: string; lookup: Record<string, string> }[] }>(
      'GET',
      '/__sim/state?provider=wave',
    );
    const simOf = new Map(
      state.transactions.map((transaction) => [transaction.lookup.clientReference, transaction.id]),
    );

    // The payers pay (Wave confirms and sends its webhook), then every webhook comes nine more
    // times — from a thread of their own, not on the server's event loop.
    // Payers confirm in no particular order (not family by family).
    for (let i = attempts.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [attempts[i], attempts[j]] = [attempts[j]!, attempts[i]!];
    }
    const t0 = performance.now();
    const load = new Worker(new URL('./lib/payment-load.mjs', import.meta.url), {
      workerData: {
        sandbox: sandbox.origin,
        server: url,
        deliveries: DELIVERIES,
        payments: attempts.map((attempt) => ({
          attemptId: attempt.id,
          simId: simOf.get(attempt.id),
        })),
      },
    });
    const loaded = new Promise<{ confirmedAt: Record<string, number>; delivered: number }>(
      (resolve, reject) => {
        load.once('message', resolve);
        load.once('error', reject);
      },
    );
    // Wait until every payment is credited and every delivery answered.
    const count = async (sql: string) =>
      Number((await database.pool.query<{ n: string }>(sql)).rows[0]!.n);
    for (;;) {
      const done = await count(
        `select count(*) as n from payment_attempts where status = 'succeeded'`,
      );
      if (done >= attempts.length) break;
      if (performance.now() - t0 > 300_000) throw new Error(`only ${done} payments credited`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { confirmedAt, delivered } = await loaded;
    const seconds = (performance.now() - t0) / 1000;
    await load.terminate();
    await worker.drainEvents();
    // Receipts give way to crediting during the burst (platform/outbox/event-dispatcher.ts): how long until the
    // last one is issued, counted from the end of the burst.
    const receiptsStart = performance.now();
    let receipts = 0;
    while (receipts < attempts.length && performance.now() - receiptsStart < 300_000) {
      await worker.dispatchOutbox();
      receipts = await count(`select count(*) as n from receipts`);
    }
    const receiptsSeconds = (performance.now() - receiptsStart) / 1000;

    const credited = await database.pool.query<{ id: string; succeeded_at: Date }>(
      `select id, succeeded_at from payment_attempts where status = 'succeeded'`,
    );
    const latencies = credited.rows
      .map((row) => row.succeeded_at.getTime() - (confirmedAt[row.id] ?? 0))
      .map((ms) => Math.max(0, ms))
      .sort((a, b) => a - b);
    const expectedTotal = attempts.reduce((sum, attempt) => sum + attempt.amount, 0);
    const ledger = await checkLedgerAgreesWithInvoices(database.db, organization.id);
    const result = {
      engine: 'PostgreSQL (DATABASE_URL)',
      payments: attempts.length,
      deliveries: delivered,
      seconds: Math.round(seconds * 100) / 100,
      paymentsPerSecond: Math.round(attempts.length / seconds),
      confirmationToCreditedMs: {
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: percentile(latencies, 100),
      },
      storedEvents: await count(`select count(*) as n from provider_events`),
      ledgerPostings: await count(
        `select count(*) as n from ledger_transactions where idempotency_key like 'pay:%:succeeded'`,
      ),
      allocations: await count(
        `select count(*) as n from invoice_allocations where source_type = 'payment'`,
      ),
      allocatedFrancs: await count(
        `select coalesce(sum(amount), 0) as n from invoice_allocations where source_type = 'payment'`,
      ),
      expectedFrancs: expectedTotal,
      outboxSucceeded: await count(
        `select count(*) as n from outbox_events where type = 'payment.succeeded'`,
      ),
      ledgerAgreesWithInvoices: ledger.agrees,
      receiptsIssued: receipts,
      receiptsCaughtUpAfterSeconds: Math.round(receiptsSeconds * 100) / 100,
    };
    const exact =
      result.ledgerPostings === attempts.length &&
      result.allocations === attempts.length &&
      result.allocatedFrancs === expectedTotal &&
      result.outboxSucceeded === attempts.length &&
      result.receiptsIssued === attempts.length;
    return { ...result, duplicatesOrLosses: exact && ledger.agrees ? 0 : 'MISMATCH' };
  } finally {
    await worker.stop();
    await app.close();
    await database.close();
    sandbox.stop();
    rmSync(uploads, { recursive: true, force: true });
  }
}
