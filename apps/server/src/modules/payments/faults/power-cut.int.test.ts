import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxProviderEnv } from '../../../../../psp-sandbox/demo-env.mjs';
import { buildApp } from '../../../app';
import { schoolWithFamily } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import { testAppOptions } from '../../../test/test-app';
import { useTestDatabase } from '../../../test/test-database';
import { verifyAuditChain } from '../../audit';
import { checkLedgerAgreesWithInvoices } from '../../billing';
import { createHttpClient, createPaymentProviders, loadPspConfig, type Wallet } from '../../psp';
import type { PaymentsContext } from '../payments-context';
import { moneyFacts } from './faults.test-support';

/** The wallets of the batch: Togo's two (PayGate), MTN, and the other providers once each. */
const WALLETS: Wallet[] = [
  'YAS_TG',
  'MOOV_TG',
  'MTN',
  'YAS_TG',
  'MOOV_TG',
  'MTN',
  'ORANGE',
  'WAVE',
  'CARD',
];
const BATCH = 27;

const stackScript = fileURLToPath(new URL('./power-cut-stack.ts', import.meta.url));
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Server, worker and sandbox in a process group of their own, on the test's database. */
async function startStack(env: Record<string, string>): Promise<ChildProcess> {
  const stack = spawn(process.execPath, ['--import', 'tsx', stackScript], {
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    stack.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
    stack.once('exit', (code) => reject(new Error(`the stack stopped (${code}): ${out}`)));
  });
  return stack;
}

/** The power cut: every process of the group at once, without a chance to finish anything. */
async function cutPower(stack: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => stack.once('exit', resolve));
  process.kill(-stack.pid!, 'SIGKILL');
  await exited;
}

/**
 * A batch of approved payments is being credited when the power goes: server, worker and the
 * providers' sandbox die together (SIGKILL of their process group), their notifications stored or
 * under way. Started again on the same data — the database, the sandbox's data directory — every
 * approved payment is credited exactly once, and the books and the audit chain check out.
 */
describe('A power cut while a batch of payments is being credited', () => {
  const database = useTestDatabase();

  it('every approved payment is credited exactly once after the restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'power-cut-'));
    const [serverPort, sandboxPort] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: database().url,
      DATABASE_DIRECT_URL: database().directUrl,
      SERVER_PORT: String(serverPort),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_DATA_DIR: path.join(dataDir, 'psp-sandbox'),
    };
    const sandbox = `http://127.0.0.1:${sandboxPort}`;
    let stack: ChildProcess | undefined = await startStack(env);
    // The school's staff use an app of their own on the same database (no worker in it).
    const context: PaymentsContext = {
      db: database().db,
      providers: createPaymentProviders(loadPspConfig(sandboxProviderEnv(sandbox)), {
        now: () => new Date(),
        http: createHttpClient({ timeoutMs: 5_000 }),
        logger: silent,
      }),
      now: () => new Date(),
      callbackBaseUrl: `http://127.0.0.1:${serverPort}`,
      logger: silent,
    };
    const app = await buildApp({
      ...testAppOptions(database()),
      rateLimitPerMinute: 100_000,
      payments: context,
    });
    try {
      // Families with open invoices, one payment asked for each invoice.
      const payments: string[] = [];
      const schools: string[] = [];
      for (let family = 0; payments.length < BATCH; family += 1) {
        const school = await schoolWithFamily(app, `+22890${String(1_000_000 + family).slice(1)}`);
        schools.push(school.organizationId);
        for (const invoice of school.invoices) {
          if (payments.length === BATCH) break;
          const payment = await ok(
            school.call('POST', '/api/payments', {
              guardianId: school.guardianId,
              wallet: WALLETS[payments.length % WALLETS.length],
              invoiceIds: [invoice.id],
            }),
            201,
          );
          payments.push(payment.id as string);
        }
      }

      // Slow answers to the status queries: the batch is credited a few at a time.
      await sim(sandbox, 'POST', '/__sim/faults', {
        provider: 'all',
        fault: 'delay',
        options: { ms: 400, target: 'responses' },
      });
      const { transactions } = (await sim(sandbox, 'GET', '/__sim/state')) as {
        transactions: SimRow[];
      };
      for (const id of payments) {
        const found = transactions.filter((row) => names(row, id));
        expect(found, `one sandbox transaction for ${id}`).toHaveLength(1);
        await sim(sandbox, 'POST', `/__sim/transactions/${found[0]!.id}/resolve`, {
          action: 'paid',
        });
      }
      expect(await waitFor(async () => (await credited(context, payments)) > 0, 60_000)).toBe(true);
      await cutPower(stack);
      stack = undefined;
      const before = await credited(context, payments);
      expect(before, 'the power went in the middle of the batch').toBeLessThan(BATCH);

      stack = await startStack(env);
      const all = await waitFor(async () => (await credited(context, payments)) === BATCH, 120_000);
      expect(all, `every approved payment credited (${await credited(context, payments)})`).toBe(
        true,
      );

      for (const id of payments) {
        const facts = await moneyFacts(context.db, id);
        expect(facts, id).toMatchObject({ postings: 1, outbox: 1, audits: 1 });
        expect(facts.allocated + facts.credited).toBeGreaterThan(0);
      }
      const { rows } = await context.db.execute(
        sql`select count(*)::int as reviews from payment_reviews`,
      );
      expect(rows[0]).toEqual({ reviews: 0 });
      for (const organizationId of schools) {
        const check = await checkLedgerAgreesWithInvoices(context.db, organizationId);
        expect(check.agrees, JSON.stringify(check)).toBe(true);
        expect(await verifyAuditChain(context.db, organizationId)).toMatchObject({ valid: true });
      }
    } finally {
      if (stack) await cutPower(stack);
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

interface SimRow {
  id: string;
  ref: string;
  lookup: Record<string, string>;
  data: { notifUrl?: string; customMetadata?: { attempt_id?: unknown } | null };
}

/** Whether a sandbox transaction is the one of our attempt (see payments-harness's simsFor). */
function names(row: SimRow, attemptId: string): boolean {
  return (
    row.ref === attemptId ||
    Object.values(row.lookup).includes(attemptId) ||
    row.data.notifUrl?.endsWith(`/${attemptId}`) === true ||
    row.data.customMetadata?.attempt_id === attemptId
  );
}

async function sim(origin: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await fetch(`${origin}${url}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  expect(response.status, `${method} ${url}`).toBeLessThan(300);
  return response.json() as Promise<unknown>;
}

async function credited(context: PaymentsContext, payments: string[]): Promise<number> {
  const { rows } = await context.db.execute(
    sql`select count(*)::int as done from payment_attempts
      where status = 'succeeded' and id in ${payments}`,
  );
  return (rows[0] as { done: number }).done;
}

async function waitFor(condition: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(100);
  }
  return condition();
}
