import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect } from 'vitest';
import type { FaultName, FaultOptions } from '../../../../../psp-sandbox/src/faults';
import type { SimTransaction } from '../../../../../psp-sandbox/src/state';
import { sandboxProviderEnv } from '../../../../../psp-sandbox/demo-env.mjs';
import {
  expectLedgerAgrees,
  openInvoices,
  schoolWithFamily,
  simsFor as findSims,
  type PaymentsHarness,
} from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import type { Database } from '../../../platform/db/database';
import {
  createHttpClient,
  createPaymentProviders,
  loadPspConfig,
  type ProviderId,
  type Wallet,
} from '../../psp';

/**
 * Shared pieces of the fault campaign (issue: duplicate, reorder, drop, timeout and 5xx after
 * create, late success, bad signature, stale timestamp, amount mismatch, concurrency, crash): one
 * wallet per provider, the sandbox's transactions and deliveries of an attempt, and the money
 * facts that must appear exactly once.
 */

export type School = Awaited<ReturnType<typeof schoolWithFamily>>;

export const PROVIDERS: readonly ProviderId[] = ['paygate', 'fedapay', 'mtn', 'orange', 'wave'];

/** The wallet that reaches each provider with the default routing (FedaPay: its card page). */
export const WALLET_OF: Record<ProviderId, Wallet> = {
  paygate: 'YAS_TG',
  fedapay: 'CARD',
  mtn: 'MTN',
  orange: 'ORANGE',
  wave: 'WAVE',
};

/** How each provider's success notification is labelled in the sandbox's timeline. */
export const CONFIRMATION: Record<ProviderId, string> = {
  paygate: 'payment',
  fedapay: 'transaction.approved',
  mtn: 'SUCCESSFUL',
  orange: 'SUCCESS',
  wave: 'checkout.session.completed',
};

/** A delivery as the sandbox recorded it: enough to send the very same bytes again. */
export interface CapturedDelivery {
  label: string;
  url: string;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string;
  status?: number;
}

/** Switches a sandbox fault on for one provider. */
export function fault(
  h: PaymentsHarness,
  provider: ProviderId,
  name: FaultName,
  options: FaultOptions = {},
): void {
  h.sandbox.sandbox.faults.set(provider, name, options);
}

/** Every test starts without faults (callbacks still under way are delivered first). */
export function resetSandboxAfterEach(harness: () => PaymentsHarness): void {
  afterEach(async () => {
    const { sandbox } = harness();
    await sandbox.sandbox.flush();
    sandbox.sandbox.faults.clear();
  });
}

/** A staff member asks the guardian to pay one invoice (the registration by default). */
export async function askToPay(
  h: PaymentsHarness,
  school: School,
  provider: ProviderId,
  options: { guardianId?: string; invoiceId?: string; wallet?: Wallet } = {},
) {
  return ok(
    h.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Bearer ${school.token}` },
      payload: {
        guardianId: options.guardianId ?? school.guardianId,
        wallet: options.wallet ?? WALLET_OF[provider],
        invoiceIds: [options.invoiceId ?? school.invoices[0]!.id],
      },
    }),
    201,
  );
}

export async function paymentOf(school: School, paymentId: string) {
  return ok(school.call('GET', `/api/payments/${paymentId}`));
}

/** The open review items of one payment, as `GET /api/payments/reviews` lists them. */
export async function openReviews(school: School, paymentId: string) {
  const page = await ok(school.call('GET', '/api/payments/reviews?pageSize=100'));
  const items = page.items as {
    reason: string;
    provider: string;
    paymentId: string | null;
    amount: number | null;
    reportedAmount: number | null;
  }[];
  return items.filter((item) => item.paymentId === paymentId);
}

/**
 * One school per test file (signing up hashes a password, the slow part), and a new family in it
 * for each test: a student enrolled in L1 with invoices of their own and a guardian who pays.
 */
export function useFamilies(harness: () => PaymentsHarness): () => Promise<School> {
  let school: School | undefined;
  let families = 0;
  return async () => {
    const h = harness();
    families += 1;
    if (!school) {
      school = await schoolWithFamily(h.app);
      return school;
    }
    const { call } = school;
    const student = await ok(call('POST', '/api/students', { fullName: `Élève ${families}` }), 201);
    const link = await ok(
      call('POST', `/api/students/${student.id}/guardians`, {
        fullName: `Parent ${families}`,
        phone: `+2289030${String(families).padStart(4, '0')}`,
        relation: 'father',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      call('POST', `/api/students/${student.id}/enrolments`, {
        levelId: school.l1.id,
        academicYearId: school.year.id,
      }),
      201,
    );
    const invoices = await openInvoices(call, student.id);
    return { ...school, student, guardianId: link.id as string, invoices };
  };
}

/** Every sandbox transaction created for one of our attempts (a second one is a second charge). */
export function simsFor(h: PaymentsHarness, attemptId: string): SimTransaction[] {
  return findSims(h.sandbox, attemptId);
}

/** The one sandbox transaction of an attempt: a second one would be a second charge. */
export function onlySim(h: PaymentsHarness, attemptId: string): SimTransaction {
  const found = simsFor(h, attemptId);
  expect(found, 'the provider holds exactly one transaction for the attempt').toHaveLength(1);
  return found[0]!;
}

/** The payer approves (PIN entered on the phone or on the hosted page). */
export function payerApproves(h: PaymentsHarness, attemptId: string): SimTransaction {
  const sim = onlySim(h, attemptId);
  expect(h.sandbox.sandbox.resolve(sim, 'paid')).toBe(true);
  return sim;
}

/** The deliveries of one label the sandbox made for a transaction, in order. */
export function deliveriesOf(sim: SimTransaction, label: string): CapturedDelivery[] {
  return sim.timeline
    .filter((entry) => entry.event === 'callback' && entry.detail?.label === label)
    .map((entry) => entry.detail as unknown as CapturedDelivery);
}

/** Sends a captured delivery again, byte for byte, as a provider retrying would. */
export function redeliver(h: PaymentsHarness, delivery: CapturedDelivery) {
  const url = new URL(delivery.url);
  return h.app.inject({
    method: delivery.method,
    url: url.pathname + url.search,
    headers: delivery.headers,
    payload: delivery.body,
  });
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/** What a payment left behind in the books; each must exist once, or never. */
export async function moneyFacts(db: Database, attemptId: string) {
  const [facts] = await rows<{
    postings: number;
    allocations: number;
    allocated: number;
    credited: number;
    outbox: number;
    audits: number;
  }>(
    db,
    sql`select
      (select count(*)::int from ledger_transactions
        where source_type = 'payment' and source_id = ${attemptId}) as postings,
      (select count(*)::int from invoice_allocations
        where source_type = 'payment' and source_id = ${attemptId}) as allocations,
      (select coalesce(sum(amount), 0)::int from invoice_allocations
        where source_type = 'payment' and source_id = ${attemptId}) as allocated,
      (select coalesce(sum(amount), 0)::int from family_credit_movements
        where source_type = 'payment' and source_id = ${attemptId}) as credited,
      (select count(*)::int from outbox_events
        where type = 'payment.succeeded' and aggregate_id = ${attemptId}) as outbox,
      (select count(*)::int from audit_entries
        where resource_id = ${attemptId}
          and action in ('payment.succeeded', 'payment.late_success')) as audits`,
  );
  const [posting] = await rows<{ key: string }>(
    db,
    sql`select idempotency_key as key from ledger_transactions
      where source_type = 'payment' and source_id = ${attemptId}`,
  );
  return { ...facts!, postingKey: posting?.key ?? null };
}

/** The states an attempt went through, in order. */
export async function statesOf(db: Database, attemptId: string): Promise<string[]> {
  const found = await rows<{ to_status: string }>(
    db,
    sql`select to_status from payment_transitions where attempt_id = ${attemptId} order by id`,
  );
  return found.map((row) => row.to_status);
}

/** The notifications stored for an attempt, oldest first. */
export async function eventsOf(db: Database, attemptId: string) {
  return rows<{
    id: string;
    authenticity: string;
    auth_failure: string | null;
    outcome: string | null;
    processed_at: Date | null;
    event_type: string | null;
  }>(
    db,
    sql`select id, authenticity, auth_failure, outcome, processed_at, event_type
      from provider_events where attempt_id = ${attemptId} order by received_at, id`,
  );
}

/** The provider's money is in exactly once: one posting, one allocation, one outbox event. */
export async function expectCreditedOnce(h: PaymentsHarness, school: School, attemptId: string) {
  const payment = await paymentOf(school, attemptId);
  expect(payment.status).toBe('succeeded');
  const facts = await moneyFacts(h.context.db, attemptId);
  expect(facts).toEqual({
    postings: 1,
    postingKey: `pay:${attemptId}:succeeded`,
    allocations: payment.allocations.length,
    allocated: payment.amount - payment.creditAmount,
    credited: payment.creditAmount,
    outbox: 1,
    audits: 1,
  });
  await expectLedgerAgrees(h.context, school.organizationId);
  return payment;
}

/** Nothing was credited for the attempt. */
export async function expectNothingCredited(h: PaymentsHarness, school: School, attemptId: string) {
  expect(await moneyFacts(h.context.db, attemptId)).toMatchObject({
    postings: 0,
    allocations: 0,
    credited: 0,
    outbox: 0,
  });
  await expectLedgerAgrees(h.context, school.organizationId);
}

/**
 * Moves the clock past the attempt's next status query (the poller's backoff) and runs the poller
 * once.
 */
export async function pollAfterBackoff(h: PaymentsHarness, attemptId: string): Promise<void> {
  const [due] = await rows<{ next_check_at: string | null }>(
    h.context.db,
    sql`select next_check_at from payment_attempts where id = ${attemptId}`,
  );
  expect(due?.next_check_at, 'the poller has a status query booked').toBeTruthy();
  const next = new Date(due!.next_check_at!);
  const wait = Math.max(0, Math.ceil((next.getTime() - h.clock.now().getTime()) / 1000));
  h.clock.advance(wait + 1);
  await h.worker.reconcile();
}

/** Puts an attempt's notifications back in the worker's queue, as if never processed. */
export async function requeueEvents(db: Database, attemptId: string): Promise<void> {
  await db.execute(
    sql`update provider_events set processed_at = null, outcome = null
      where attempt_id = ${attemptId}`,
  );
}

/**
 * Makes FedaPay carry Togo's wallets (PSP_TOGO_AGGREGATOR=fedapay) for this file's harness: its
 * USSD push modes instead of PayGate.
 */
export function routeTogoWalletsThroughFedapay(harness: () => PaymentsHarness): void {
  beforeAll(() => {
    const h = harness();
    h.context.providers = sandboxProviders(h, { PSP_TOGO_AGGREGATOR: 'fedapay' });
  });
}

/** New adapters on the harness's sandbox and clock (the harness's 1 500 ms timeout). */
export function sandboxProviders(h: PaymentsHarness, env: Record<string, string> = {}) {
  const address = h.sandbox.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return createPaymentProviders(
    loadPspConfig({ ...sandboxProviderEnv(`http://127.0.0.1:${port}`), ...env }),
    { now: h.clock.now, http: createHttpClient({ timeoutMs: 1_500 }), logger: h.context.logger },
  );
}
