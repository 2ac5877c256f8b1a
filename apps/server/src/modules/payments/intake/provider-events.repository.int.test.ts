import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/test-database';
import { providerEvents } from '../payments.tables';
import {
  claimUnprocessedEvents,
  insertProviderEvents,
  markEventsProcessed,
  recordEventFailure,
  secondsToNextLeaseEnd,
} from './provider-events.repository';

/**
 * Issue 22: several worker processes share the provider events. Each event is claimed by one
 * worker at a time (SKIP LOCKED, then a lease); a killed worker's events are taken over once the
 * lease has run out; a failure gives the event back at once.
 */
describe('provider events: claimed by one worker at a time (real database)', () => {
  const database = useTestDatabase();

  async function storeEvents(count: number): Promise<string[]> {
    const start = Date.now() - 60_000;
    const events = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      provider: 'wave',
      dedupeKey: `bail-${randomUUID()}`,
      method: 'POST',
      path: '/api/psp/wave/webhook',
      headers: {},
      rawBody: Buffer.from('{}'),
      authenticity: 'verified',
      receivedAt: new Date(start + index),
      attemptHint: null,
      providerRefHint: null,
    }));
    await insertProviderEvents(database().db, events);
    return events.map((event) => event.id);
  }

  const ours = (ids: readonly string[]) => (event: { id: string }) => ids.includes(event.id);

  it('gives two workers claiming at once disjoint batches, oldest first, all of them between them', async () => {
    const ids = await storeEvents(40);
    const [first, second] = await Promise.all([
      claimUnprocessedEvents(database().db, 25, 10),
      claimUnprocessedEvents(database().db, 25, 10),
    ]);
    const a = first.filter(ours(ids)).map((event) => event.id);
    const b = second.filter(ours(ids)).map((event) => event.id);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect(new Set([...a, ...b])).toEqual(new Set(ids));
    for (const batch of [first, second]) {
      const times = batch.map((event) => event.receivedAt.getTime());
      expect(times).toEqual([...times].sort((x, y) => x - y));
    }
    // Everything is held: a third worker finds nothing of these.
    expect((await claimUnprocessedEvents(database().db, 100, 10)).filter(ours(ids))).toEqual([]);
  });

  it('takes over the events of a worker whose lease ran out (killed mid-batch), not before', async () => {
    const ids = await storeEvents(3);
    const held = (await claimUnprocessedEvents(database().db, 100, 10)).filter(ours(ids));
    expect(held).toHaveLength(3);
    expect(held.every((event) => event.claimedUntil! > new Date())).toBe(true);
    // Its takeover is due when the first lease ends.
    const seconds = await secondsToNextLeaseEnd(database().db, 10);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    // The worker dies; a minute later its lease is over.
    await database()
      .db.update(providerEvents)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(inArray(providerEvents.id, ids.slice(0, 2)));
    const takenOver = (await claimUnprocessedEvents(database().db, 100, 10)).filter(ours(ids));
    expect(takenOver.map((event) => event.id).sort()).toEqual(ids.slice(0, 2).sort());
  });

  it('gives a failed event back at once and never hands out a processed one', async () => {
    const ids = await storeEvents(2);
    await claimUnprocessedEvents(database().db, 100, 10);
    await recordEventFailure(database().db, ids[0]!, 'base indisponible');
    await markEventsProcessed(database().db, [ids[1]!], 'applied');
    const again = (await claimUnprocessedEvents(database().db, 100, 10)).filter(ours(ids));
    expect(again.map((event) => [event.id, event.tries])).toEqual([[ids[0], 1]]);
    // Out of tries: no longer handed out.
    await recordEventFailure(database().db, ids[0]!, 'base indisponible');
    expect((await claimUnprocessedEvents(database().db, 100, 2)).filter(ours(ids))).toEqual([]);
  });
});
