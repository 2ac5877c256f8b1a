import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { startWorkerThread } from './worker-thread';

describe('the background worker on its own thread (real database)', () => {
  const database = useTestDatabase();
  let worker: ReturnType<typeof startWorkerThread> | undefined;
  afterAll(async () => {
    await worker?.stop();
  });

  it('processes the stored notifications with its own pool, answers, and stops', async () => {
    const { db, url } = database();
    const eventId = randomUUID();
    // A notification naming no payment of any school: the worker flags it for the operators.
    await db.execute(sql`
      insert into provider_events (id, provider, dedupe_key, method, path, headers, raw_body,
        authenticity, event_type)
      values (${eventId}, 'wave', ${`evt-${eventId}`}, 'POST', '/api/psp/wave/webhook', '{}',
        ${Buffer.from('{}')}, 'verified', 'checkout.session.completed')`);

    worker = startWorkerThread({
      databaseUrl: url,
      callbackBaseUrl: 'http://127.0.0.1:9',
      poolMax: 2,
      logLevel: 'silent',
      providerEnv: {},
    });
    expect(await worker.drainEvents()).toBe(1);
    const { rows } = await db.execute<{ outcome: string | null; reason: string }>(sql`
      select e.outcome, r.reason from provider_events e
      join payment_reviews r on r.event_id = e.id where e.id = ${eventId}`);
    expect(rows).toEqual([{ outcome: 'flagged', reason: 'unknown_attempt' }]);
    expect(await worker.drainEvents()).toBe(0);
    expect(await worker.reconcile()).toBe(0);
    expect(await worker.dispatchOutbox()).toBe(0);

    await worker.stop();
    // Stopped: waking it does nothing, asking it fails plainly.
    worker.wake();
    await expect(worker.drainEvents()).rejects.toThrow();
  });
});
