import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
// The providers' simulator runs in the test process on a real port; its clock is the test's.
import { buildSandbox } from '../../../psp-sandbox/src/app';
import { sandboxProviderEnv } from '../../../psp-sandbox/demo-env.mjs';
import { buildApp } from '../app';
import { createLiveBus, type LiveBus } from '../platform/live';
import { checkLedgerAgreesWithInvoices } from '../modules/billing';
import { createBackgroundWorker, type BackgroundWorker } from '../composition/background-worker';
import type { PaymentsContext } from '../modules/payments';
import { createHttpClient, createPaymentProviders, loadPspConfig } from '../modules/psp';
import { ok, setUpProgrammes, signUpSchool, type Call } from './school-fixture';
import { testAppOptions } from './test-app';
import { useTestDatabase } from './test-database';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A clock the test moves by hand, shared by the server and the sandbox. */
export function testClock(start = new Date()) {
  let now = start;
  return {
    now: () => now,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

export interface PaymentsHarness {
  app: FastifyInstance;
  sandbox: Awaited<ReturnType<typeof buildSandbox>>;
  worker: BackgroundWorker;
  context: PaymentsContext;
  clock: ReturnType<typeof testClock>;
  /** The sandbox's transaction for one of our attempts. */
  simTransaction(attemptId: string): ReturnType<typeof simsFor>[number];
  /** Delivers every callback the sandbox has under way, then processes the stored events. */
  settle(): Promise<void>;
}

/**
 * Every sandbox transaction created for one of our attempts, whatever the key the provider
 * carries it by: MTN's X-Reference-Id, PayGate's identifier, Wave's client_reference, Orange's
 * notif_url (its order_id is the attempt id re-encoded), FedaPay's custom_metadata.
 */
export function simsFor(sandbox: PaymentsHarness['sandbox'], attemptId: string) {
  return sandbox.sandbox.store.transactions.filter((transaction) => {
    const data = transaction.data as {
      notifUrl?: string;
      customMetadata?: { attempt_id?: unknown } | null;
    };
    return (
      transaction.ref === attemptId ||
      Object.values(transaction.lookup).includes(attemptId) ||
      data.notifUrl?.endsWith(`/${attemptId}`) === true ||
      data.customMetadata?.attempt_id === attemptId
    );
  });
}

/**
 * A server on a fresh database whose payment adapters talk HTTP to an in-process sandbox; the
 * sandbox's callbacks and webhooks are delivered into the server with `inject`. The worker is
 * driven by the test (`settle`, `worker.reconcile()`), so every step is deterministic.
 */
export function usePaymentsHarness(options: { timeoutMs?: number } = {}) {
  const database = useTestDatabase();
  let harness: PaymentsHarness | undefined;
  let liveBus: LiveBus | undefined;
  beforeAll(async () => {
    const clock = testClock();
    // The sandbox delivers into the server built below.
    const target: { server?: FastifyInstance } = {};
    const sandbox = await buildSandbox({
      now: clock.now,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 3_000))),
      callbackFetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(String(input));
        const answer = await target.server!.inject({
          method: (init?.method ?? 'POST') as 'POST',
          url: url.pathname + url.search,
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          payload: typeof init?.body === 'string' ? init.body : '',
        });
        return new Response(answer.body, { status: answer.statusCode });
      }) as typeof fetch,
      config: {
        webhookUrls: {
          wave: 'http://127.0.0.1:3000/api/psp/wave/webhook',
          fedapay: 'http://127.0.0.1:3000/api/psp/fedapay/webhook',
          paygate: 'http://127.0.0.1:3000/api/psp/paygate/webhook',
        },
        retryDelaysMs: [10, 10, 10],
      },
    });
    const origin = await sandbox.listen({ host: '127.0.0.1', port: 0 });
    const providers = createPaymentProviders(loadPspConfig(sandboxProviderEnv(origin)), {
      now: clock.now,
      http: createHttpClient({ timeoutMs: options.timeoutMs ?? 1_500 }),
      logger: silent,
    });
    const context: PaymentsContext = {
      db: database().db,
      providers,
      now: clock.now,
      callbackBaseUrl: 'http://127.0.0.1:3000',
      logger: silent,
    };
    const worker = createBackgroundWorker(context);
    // Live streams hear the file's database (the worker's commits notify them).
    liveBus = await createLiveBus({ databaseUrl: database().directUrl, logger: silent });
    const server = await buildApp({
      ...testAppOptions(database()),
      rateLimitPerMinute: 100_000,
      payments: context,
      liveBus,
    });
    await server.ready();
    target.server = server;
    harness = {
      app: server,
      sandbox,
      worker,
      context,
      clock,
      simTransaction(attemptId) {
        const [found] = simsFor(sandbox, attemptId);
        if (!found) throw new Error(`no sandbox transaction for ${attemptId}`);
        return found;
      },
      async settle() {
        await sandbox.sandbox.flush();
        await worker.drainEvents();
        // Receipts and the payer's messages of what was confirmed (the outbox).
        await worker.dispatchOutbox();
      },
    };
  });
  afterAll(async () => {
    await harness?.worker.stop();
    await harness?.app.close();
    await liveBus?.stop();
    await harness?.sandbox.close();
  });
  return () => {
    if (!harness) throw new Error('payments harness not ready');
    return harness;
  };
}

/**
 * A school with one student enrolled in L1 (registration 50 000 then 150 000 a month) whose
 * mother is the main payer, reachable on a Togolese number.
 */
export async function schoolWithFamily(app: FastifyInstance, phone = '+22890112233') {
  const school = await signUpSchool(app, `École ${Math.random().toString(36).slice(2, 8)}`);
  const { call } = school;
  const { year, l1 } = await setUpProgrammes(call);
  const student = await ok(call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201);
  const link = await ok(
    call('POST', `/api/students/${student.id}/guardians`, {
      fullName: 'Afi Agbéko',
      phone,
      relation: 'mother',
      mainPayer: true,
    }),
    201,
  );
  await ok(
    call('POST', `/api/students/${student.id}/enrolments`, {
      levelId: l1.id,
      academicYearId: year.id,
    }),
    201,
  );
  const invoices = await openInvoices(call, student.id);
  const guardianId: string = link.id;
  return { ...school, student, guardianId, invoices, year, l1 };
}

export async function openInvoices(call: Call, studentId: string) {
  const page = await ok(call('GET', `/api/invoices?studentId=${studentId}&pageSize=50`));
  return (
    page.items as { id: string; dueOn: string; total: number; paid: number; status: string }[]
  )
    .filter((invoice) => invoice.status === 'open' || invoice.status === 'partially_paid')
    .sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1));
}

/** The ledger balances and agrees with every invoice and family credit of the school. */
export async function expectLedgerAgrees(context: PaymentsContext, organizationId: string) {
  const check = await checkLedgerAgreesWithInvoices(context.db, organizationId);
  expect(check.agrees, JSON.stringify(check)).toBe(true);
}
