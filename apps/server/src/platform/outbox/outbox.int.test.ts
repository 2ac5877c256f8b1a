import { randomUUID } from 'node:crypto';
import type { EventPayloadInput } from '@ecolage/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/database';
import { useTestDatabase } from '../../test/test-database';
import {
  deliverNext,
  fanOutEvents,
  retryDelaySeconds,
  type AnyEventHandler,
} from './event-dispatch';
import { createEventDispatcher } from './event-dispatcher';
import { listFailedDeliveries, retryDeliveries } from './failed-deliveries';
import { publishEvent, subscribeInTransaction, type PublishedEvent } from './outbox';
import { outboxDeliveries, outboxEvents } from './outbox.tables';

function succeeded(paymentId = randomUUID()): EventPayloadInput<'payment.succeeded'> {
  return {
    paymentId,
    guardianId: randomUUID(),
    amount: 150_000,
    wallet: 'MTN',
    provider: 'mtn',
    providerRef: null,
    providerTxnId: 'txn-1',
    payerPhone: '+22890112233',
    succeededAt: new Date().toISOString(),
    allocations: [{ invoiceId: randomUUID(), studentId: randomUUID(), amount: 150_000 }],
    creditAmount: 0,
    late: false,
  };
}

function refunded(paymentId = randomUUID()): EventPayloadInput<'payment.refunded'> {
  return {
    paymentId,
    refundId: randomUUID(),
    guardianId: randomUUID(),
    amount: 5_000,
    refundedAmount: 5_000,
    fully: false,
    method: 'manual',
    fromCredit: 0,
    invoices: [],
  };
}

async function publishSucceeded(db: Database, organizationId: string, paymentId = randomUUID()) {
  await db.transaction((tx) =>
    publishEvent(tx, 'payment.succeeded', succeeded(paymentId), {
      organizationId,
      aggregateId: paymentId,
    }),
  );
  return paymentId;
}

/** A handler that records what it saw, and fails while `failing` says so. */
function recorder(name: string, failing: (event: PublishedEvent) => boolean = () => false) {
  const seen: string[] = [];
  const handler: AnyEventHandler = {
    name,
    event: 'payment.succeeded',
    handle: async (_tx, event) => {
      if (failing(event)) throw new Error(`${name} en panne`);
      seen.push(event.aggregateId);
    },
  };
  return { handler, seen };
}

async function deliveriesOf(db: Database, handler: string) {
  return db
    .select({
      status: outboxDeliveries.status,
      attempts: outboxDeliveries.attempts,
      lastError: outboxDeliveries.lastError,
      delay: sql<number>`round(extract(epoch from ${outboxDeliveries.nextAttemptAt} - now()))::int`,
      id: outboxDeliveries.id,
    })
    .from(outboxDeliveries)
    .where(eq(outboxDeliveries.handler, handler))
    .orderBy(outboxDeliveries.id);
}

/** Makes every failing delivery of `handler` due now, as if its backoff had passed. */
async function timePasses(db: Database, handler: string) {
  await db
    .update(outboxDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(outboxDeliveries.handler, handler));
}

describe('events (outbox) on the real database', () => {
  const database = useTestDatabase();

  it('are written with the fact, checked against the catalogue, and a rolled-back fact leaves none', async () => {
    const { db } = database();
    const organizationId = randomUUID();
    await publishSucceeded(db, organizationId);
    await db
      .transaction(async (tx) => {
        await publishEvent(tx, 'payment.succeeded', succeeded(), {
          organizationId,
          aggregateId: randomUUID(),
        });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    // A payload that does not match its schema is refused, and the fact with it.
    const bad = {
      ...succeeded(),
      amount: -5,
      wallet: 'BITCOIN',
    } as unknown as EventPayloadInput<'payment.succeeded'>;
    await expect(
      db.transaction((tx) =>
        publishEvent(tx, 'payment.succeeded', bad, { organizationId, aggregateId: randomUUID() }),
      ),
    ).rejects.toThrow(/wallet|amount/);
    const written = await db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.organizationId, organizationId));
    expect(written).toHaveLength(1);
  });

  it("runs in-transaction subscribers inside the fact's transaction (they see the uncommitted event)", async () => {
    const { db } = database();
    const seen: string[] = [];
    subscribeInTransaction({
      name: 'test.refund-seen',
      event: 'payment.refunded',
      handle: async (tx, event) => {
        const [row] = await tx
          .select({ id: outboxEvents.id })
          .from(outboxEvents)
          .where(eq(outboxEvents.id, event.id));
        if (row) seen.push(event.payload.paymentId);
      },
    });
    const paymentId = randomUUID();
    await db.transaction((tx) =>
      publishEvent(tx, 'payment.refunded', refunded(paymentId), {
        organizationId: randomUUID(),
        aggregateId: paymentId,
      }),
    );
    expect(seen).toEqual([paymentId]);
  });

  it('delivers each event once to each handler; a failing handler or event holds no other back', async () => {
    const { db } = database();
    await db.execute(sql`update outbox_events set dispatched_at = now()`);
    const organizationId = randomUUID();
    const first = await publishSucceeded(db, organizationId);
    const second = await publishSucceeded(db, organizationId);
    const receipts = recorder('test.receipts', (event) => event.aggregateId === first);
    const analytics = recorder('test.analytics');
    const dispatcher = createEventDispatcher(db, [receipts.handler, analytics.handler]);
    expect(await dispatcher.dispatch()).toBe(4);
    // The first event failed for receipts only: the second went through, and analytics had both.
    expect(receipts.seen).toEqual([second]);
    expect(analytics.seen).toEqual([first, second]);
    expect(await dispatcher.dispatch()).toBe(0);
    expect(analytics.seen).toHaveLength(2);
    const [failing] = await deliveriesOf(db, 'test.receipts');
    expect(failing).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'test.receipts en panne',
    });
  });

  it('waits longer after each failure, is dead after the last attempt, and is replayed on request', async () => {
    const { db } = database();
    await db.execute(sql`update outbox_events set dispatched_at = now()`);
    const organizationId = randomUUID();
    const paymentId = await publishSucceeded(db, organizationId);
    let broken = true;
    const sms = recorder('test.sms', () => broken);
    const handlers = new Map([[sms.handler.name, sms.handler]]);
    const policy = { maxAttempts: 3, firstDelaySeconds: 10, maxDelaySeconds: 3_600 };
    expect(await fanOutEvents(db, [sms.handler])).toBe(1);

    expect(await deliverNext(db, handlers, policy)).toMatchObject({
      kind: 'failed',
      attempts: 1,
      dead: false,
    });
    // Not due yet: nothing to do until its next attempt.
    expect(await deliverNext(db, handlers, policy)).toBeNull();
    expect(await deliveriesOf(db, 'test.sms')).toMatchObject([{ attempts: 1, delay: 10 }]);
    await timePasses(db, 'test.sms');
    await deliverNext(db, handlers, policy);
    expect(await deliveriesOf(db, 'test.sms')).toMatchObject([
      { attempts: 2, delay: 20, status: 'pending' },
    ]);
    await timePasses(db, 'test.sms');
    expect(await deliverNext(db, handlers, policy)).toMatchObject({
      kind: 'failed',
      attempts: 3,
      dead: true,
    });
    await timePasses(db, 'test.sms');
    expect(await deliverNext(db, handlers, policy)).toBeNull();
    expect(retryDelaySeconds(4)).toBe(80);
    expect(retryDelaySeconds(20)).toBe(3_600);

    // `npm run events:failed` lists it; `events:retry` replays it once the cause is fixed.
    const failed = await listFailedDeliveries(db);
    const mine = failed.filter((delivery) => delivery.organizationId === organizationId);
    expect(mine).toMatchObject([
      {
        event: 'payment.succeeded',
        aggregateId: paymentId,
        handler: 'test.sms',
        status: 'dead',
        attempts: 3,
        lastError: 'test.sms en panne',
      },
    ]);
    broken = false;
    expect(await retryDeliveries(db, [mine[0]!.id])).toBe(1);
    expect(await deliverNext(db, handlers, policy)).toMatchObject({ kind: 'delivered' });
    expect(sms.seen).toEqual([paymentId]);
    expect(await listFailedDeliveries(db)).toEqual(
      failed
        .filter((delivery) => delivery.id !== mine[0]!.id)
        .map((delivery) => expect.objectContaining({ id: delivery.id })),
    );
    expect(await retryDeliveries(db, [])).toBe(0);
  });

  it('replays every dead delivery with --all', async () => {
    const { db } = database();
    await db.execute(sql`update outbox_events set dispatched_at = now()`);
    const organizationId = randomUUID();
    await publishSucceeded(db, organizationId);
    await publishSucceeded(db, organizationId);
    let broken = true;
    const mail = recorder('test.mail', () => broken);
    const handlers = new Map([[mail.handler.name, mail.handler]]);
    const policy = { maxAttempts: 1, firstDelaySeconds: 10, maxDelaySeconds: 60 };
    await fanOutEvents(db, [mail.handler]);
    while (await deliverNext(db, handlers, policy));
    expect((await deliveriesOf(db, 'test.mail')).map((row) => row.status)).toEqual([
      'dead',
      'dead',
    ]);
    broken = false;
    expect(await retryDeliveries(db, 'all')).toBeGreaterThanOrEqual(2);
    const dispatcher = createEventDispatcher(db, [mail.handler], { policy });
    await dispatcher.dispatch();
    expect((await deliveriesOf(db, 'test.mail')).map((row) => row.status)).toEqual([
      'done',
      'done',
    ]);
    expect(mail.seen).toHaveLength(2);
  });

  describe('with two dispatchers at once (two processes)', () => {
    const others: { close(): Promise<void> }[] = [];
    afterAll(async () => {
      for (const other of others) await other.close();
    });

    it('hands no event twice to the same handler', async () => {
      const { db, url } = database();
      await db.execute(sql`update outbox_events set dispatched_at = now()`);
      const organizationId = randomUUID();
      const published: string[] = [];
      for (let i = 0; i < 60; i += 1) published.push(await publishSucceeded(db, organizationId));
      const counts = new Map<string, number>();
      const counting = (name: string): AnyEventHandler => ({
        name,
        event: 'payment.succeeded',
        handle: async (tx, event) => {
          // Some work inside the transaction, so that the two dispatchers overlap.
          await tx.execute(sql`select pg_sleep(0.002)`);
          const key = `${name}:${event.aggregateId}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        },
      });
      const handlers = [counting('test.a'), counting('test.b')];
      expect(await fanOutEvents(db, handlers)).toBe(60);
      const processes = [connectDatabase(url, 4), connectDatabase(url, 4)];
      others.push(...processes);
      const dispatchers = processes.map((process) =>
        createEventDispatcher(process.db, handlers, { batchSize: 3 }),
      );
      const ran = await Promise.all(dispatchers.map((dispatcher) => dispatcher.dispatch()));
      expect(ran[0]! + ran[1]!).toBe(120);
      expect(ran[0]! > 0 && ran[1]! > 0).toBe(true);
      expect(counts.size).toBe(120);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
    });
  });
});
