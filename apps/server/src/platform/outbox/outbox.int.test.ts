import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { dispatchOutbox, recordOutboxEvent, type OutboxHandler } from './outbox';
import { outboxEvents } from './outbox.tables';

describe('outbox', () => {
  const database = useTestDatabase();

  it('is written with the fact and dispatched once to the handlers of its type', async () => {
    const { db } = database();
    const organizationId = randomUUID();
    const paymentId = randomUUID();
    await db.transaction(async (tx) => {
      await recordOutboxEvent(tx, {
        organizationId,
        type: 'payment.succeeded',
        aggregateId: paymentId,
        payload: { amount: 150_000 },
      });
      await recordOutboxEvent(tx, {
        organizationId,
        type: 'invoice.issued',
        aggregateId: randomUUID(),
        payload: {},
      });
    });
    // A fact rolled back leaves no event behind.
    await db
      .transaction(async (tx) => {
        await recordOutboxEvent(tx, {
          organizationId,
          type: 'payment.succeeded',
          aggregateId: randomUUID(),
          payload: {},
        });
        throw new Error('rollback');
      })
      .catch(() => undefined);

    const seen: unknown[] = [];
    const handler: OutboxHandler = async (_tx, event) => {
      seen.push(event.payload);
    };
    const handlers = new Map([['payment.succeeded', [handler]]]);
    expect(await dispatchOutbox(db, handlers)).toBe(1);
    expect(await dispatchOutbox(db, handlers)).toBe(0);
    expect(seen).toEqual([{ amount: 150_000 }]);
    // Nobody handles invoice.issued yet: it waits for its handler.
    const waiting = await db.select().from(outboxEvents).where(isNull(outboxEvents.dispatchedAt));
    expect(waiting.map((event) => event.type)).toEqual(['invoice.issued']);

    // A failing handler leaves its event undispatched, to be tried again.
    const failing: OutboxHandler = async () => {
      throw new Error('SMS provider down');
    };
    await expect(dispatchOutbox(db, new Map([['invoice.issued', [failing]]]))).rejects.toThrow();
    const [still] = await db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'invoice.issued'));
    expect(still?.dispatchedAt).toBeNull();
  });
});
