import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../app';
import { connectDatabase } from '../../../platform/db/database';
import { databaseUrl } from '../../../test/database-names';
import { usePaymentsHarness, type PaymentsHarness } from '../../../test/payments-harness';
import type { Call } from '../../../test/school-fixture';
import { testAppOptions } from '../../../test/test-app';
import { createBackgroundWorker } from '../../../composition/background-worker';
import type { PaymentsContext } from '../payments-context';
import {
  askToPay,
  eventsOf,
  expectCreditedOnce,
  moneyFacts,
  payerApproves,
  paymentOf,
  PROVIDERS,
  requeueEvents,
  sandboxProviders,
  type School,
  useFamilies,
} from './faults.test-support';

/**
 * The process dies after storing the providers' confirmations and before processing them. A new
 * process — its own connection pool, app, providers and worker, nothing kept in memory — opens the
 * same database: one drain completes each payment exactly once.
 */
describe('A crash between storing and processing notifications', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);

  it('a new process completes every stored payment exactly once', async () => {
    const h = harness();
    const paid: { school: School; id: string }[] = [];
    for (const provider of PROVIDERS) {
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      payerApproves(h, payment.id);
      paid.push({ school, id: payment.id });
    }
    // Callbacks and webhooks are received and stored; no worker runs in this process.
    await h.sandbox.sandbox.flush();
    for (const { school, id } of paid) {
      const events = await eventsOf(h.context.db, id);
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((event) => event.processed_at === null)).toBe(true);
      expect((await paymentOf(school, id)).status).toBe('pending');
    }

    // The crash: this process's app goes away with its worker, which never ran.
    await h.worker.stop();
    await h.app.close();

    const restarted = await restart(h);
    try {
      expect(await restarted.worker.drainEvents()).toBeGreaterThanOrEqual(PROVIDERS.length);
      for (const { school, id } of paid) {
        const seenByNewApp = { ...school, call: callOn(restarted.app, school.token) };
        await expectCreditedOnce(restarted.harness, seenByNewApp, id);
        const events = await eventsOf(restarted.context.db, id);
        expect(events.every((event) => event.processed_at !== null)).toBe(true);
        expect(events.filter((event) => event.outcome === 'applied')).toHaveLength(1);
      }

      // Crashing again after the commit and processing everything once more changes nothing.
      for (const { id } of paid) await requeueEvents(restarted.context.db, id);
      await restarted.worker.drainEvents();
      for (const { school, id } of paid) {
        const seenByNewApp = { ...school, call: callOn(restarted.app, school.token) };
        await expectCreditedOnce(restarted.harness, seenByNewApp, id);
        expect(await moneyFacts(restarted.context.db, id)).toMatchObject({ postings: 1 });
      }
    } finally {
      await restarted.close();
    }
  });
});

/** A second process on the same database: new pool, new providers, new app, new worker. */
async function restart(h: PaymentsHarness) {
  const [current] = (await h.context.db.execute(sql`select current_database() as name`)).rows as {
    name: string;
  }[];
  const database = connectDatabase(databaseUrl(inject('testDatabase').adminUrl, current!.name));
  const context: PaymentsContext = {
    db: database.db,
    providers: sandboxProviders(h),
    now: h.clock.now,
    callbackBaseUrl: h.context.callbackBaseUrl,
    logger: h.context.logger,
  };
  const worker = createBackgroundWorker(context);
  const app = await buildApp({ ...testAppOptions(database), payments: context });
  await app.ready();
  return {
    app,
    context,
    worker,
    harness: { ...h, app, context, worker } satisfies PaymentsHarness,
    async close() {
      await worker.stop();
      await app.close();
      await database.close();
    },
  };
}

function callOn(app: FastifyInstance, token: string): Call {
  return (method, url, payload) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}
