import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { liveUpdatesPlugin, sendEventStream, setEventStreamLimit } from '../http/event-stream';
import { createLiveBus, type LiveBus, type LiveData } from './live-bus';
import { LIVE_PAYLOAD_LIMIT, notifyLive } from './notify-live';

const quiet = { info: () => undefined, error: () => undefined };
const database = useTestDatabase();
let bus: LiveBus;

beforeAll(async () => {
  bus = await createLiveBus({ databaseUrl: database().directUrl, logger: quiet });
});
afterAll(async () => {
  await bus.stop();
});

/** The data of the next notifications of `topic`, as they come. */
function collect(topic: string) {
  const heard: LiveData[] = [];
  const waiters: (() => void)[] = [];
  const unsubscribe = bus.subscribe(topic, (data) => {
    heard.push(data);
    waiters.splice(0).forEach((wake) => wake());
  });
  const until = async (count: number) => {
    const deadline = Date.now() + 5_000;
    while (heard.length < count) {
      if (Date.now() > deadline) throw new Error(`${heard.length} of ${count} heard`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return heard;
  };
  return { heard, until, unsubscribe };
}

describe('live bus', () => {
  it('is listening on its own connection', () => {
    expect(bus.listening).toBe(true);
  });

  it('hears a notification when its transaction commits, not one rolled back', async () => {
    const { db } = database();
    const topic = `payment:${crypto.randomUUID()}`;
    const listener = collect(topic);
    await db
      .transaction(async (tx) => {
        await notifyLive(tx, topic, { state: 'failed' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await notifyLive(tx, topic, { state: 'succeeded' });
      // Not heard before the commit.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(listener.heard).toEqual([]);
    });
    expect(await listener.until(1)).toEqual([{ state: 'succeeded' }]);
    // The rolled-back one never comes, even later.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listener.heard).toEqual([{ state: 'succeeded' }]);
    listener.unsubscribe();
  });

  it('takes a rolled-back savepoint’s notification along with it', async () => {
    const { db } = database();
    const topic = `student:${crypto.randomUUID()}`;
    const listener = collect(topic);
    await db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await notifyLive(savepoint, topic, { n: 1 });
          throw new Error('savepoint rolled back');
        })
        .catch(() => undefined);
      await notifyLive(tx, topic, { n: 2 });
    });
    await listener.until(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listener.heard).toEqual([{ n: 2 }]);
    listener.unsubscribe();
  });

  it('hands each topic only its own notifications, and nothing after unsubscribing', async () => {
    const { db } = database();
    const mine = collect('member:a');
    const other = collect('member:b');
    await notifyLive(db, 'member:a', { id: 1 });
    await notifyLive(db, 'member:b', { id: 2 });
    expect(await mine.until(1)).toEqual([{ id: 1 }]);
    expect(await other.until(1)).toEqual([{ id: 2 }]);
    mine.unsubscribe();
    await notifyLive(db, 'member:a', { id: 3 });
    await notifyLive(db, 'member:b', { id: 4 });
    await other.until(2);
    expect(mine.heard).toEqual([{ id: 1 }]);
    other.unsubscribe();
  });

  it('sends the topic alone when the data would pass the payload limit', async () => {
    const { db } = database();
    const listener = collect('member:big');
    await notifyLive(db, 'member:big', { text: 'x'.repeat(LIVE_PAYLOAD_LIMIT) });
    expect(await listener.until(1)).toEqual([{}]);
    listener.unsubscribe();
  });

  it('connects again after losing its connection and says so', async () => {
    const { db } = database();
    const again = await createLiveBus({
      databaseUrl: database().directUrl,
      logger: quiet,
      minReconnectMs: 20,
    });
    try {
      let reconnections = 0;
      again.onReconnect(() => (reconnections += 1));
      const heard: LiveData[] = [];
      again.subscribe('member:back', (data) => heard.push(data));
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = 'listen live_updates'`,
      );
      const deadline = Date.now() + 5_000;
      while (reconnections === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(reconnections).toBe(1);
      expect(again.listening).toBe(true);
      await notifyLive(db, 'member:back', { ok: true });
      while (heard.length === 0 && Date.now() < deadline + 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(heard).toEqual([{ ok: true }]);
    } finally {
      await again.stop();
    }
    // The file's own bus was terminated too: it came back as well.
    const deadline = Date.now() + 5_000;
    while (!bus.listening && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(bus.listening).toBe(true);
  });

  it('does not fail when the database cannot be reached, and hears nothing', async () => {
    const down = await createLiveBus({
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      logger: quiet,
      minReconnectMs: 10_000,
    });
    expect(down.listening).toBe(false);
    const unsubscribe = down.subscribe('member:x', () => undefined);
    unsubscribe();
    await down.stop();
  });
});

describe('server-sent event stream', () => {
  let app: FastifyInstance;
  let base: string;
  let state = 'pending';

  beforeAll(async () => {
    app = Fastify();
    await app.register(liveUpdatesPlugin, { bus });
    app.get('/events/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      await sendEventStream(request, reply, {
        topics: [`payment:${id}`],
        initial: () => Promise.resolve({ state }),
        onEvent: (_topic, data) => (data.skip ? null : { state: data.state, heard: true }),
        heartbeatMs: 100,
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Opens the stream and reads it as text until `done` says enough. */
  async function open(path: string) {
    const controller = new AbortController();
    const response = await fetch(`${base}${path}`, {
      signal: controller.signal,
      headers: { accept: 'text/event-stream' },
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (done: (text: string) => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!done(text)) {
        if (Date.now() > deadline) throw new Error(`stream so far: ${text.trim().slice(-300)}`);
        const chunk = await reader.read();
        if (chunk.done) break;
        text += chunk.value;
      }
      return text;
    };
    const messages = () =>
      [...text.matchAll(/^data: (.*)$/gm)].map((match) => JSON.parse(match[1]!) as unknown);
    return { response, readUntil, messages, close: () => controller.abort() };
  }

  it('streams the current state first, then each committed notification', async () => {
    const { db } = database();
    const id = crypto.randomUUID();
    state = 'pending';
    const stream = await open(`/events/${id}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    const first = await stream.readUntil((text) => text.includes('data: '));
    // A padded comment first (buffering proxies), then the retry hint, then the state.
    expect(first.indexOf('retry: ')).toBeGreaterThan(2048);
    expect(stream.messages()).toEqual([{ state: 'pending' }]);

    await db
      .transaction(async (tx) => {
        await notifyLive(tx, `payment:${id}`, { state: 'failed' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await notifyLive(db, `payment:${id}`, { skip: true });
    await notifyLive(db, `payment:${id}`, { state: 'succeeded' });
    await notifyLive(db, `payment:${crypto.randomUUID()}`, { state: 'expired' });
    await stream.readUntil(() => stream.messages().length >= 2);
    expect(stream.messages()).toEqual([{ state: 'pending' }, { state: 'succeeded', heard: true }]);
    // Heartbeats keep a quiet stream open.
    await stream.readUntil((text) => text.includes(': ping'));
    stream.close();
  });

  it('forgets its subscriptions when the client goes', async () => {
    let active = 0;
    const counting: LiveBus = {
      ...bus,
      listening: true,
      subscribe: (topic, listener) => {
        active += 1;
        const unsubscribe = bus.subscribe(topic, listener);
        return () => {
          active -= 1;
          unsubscribe();
        };
      },
      onReconnect: (listener) => {
        active += 1;
        const unsubscribe = bus.onReconnect(listener);
        return () => {
          active -= 1;
          unsubscribe();
        };
      },
    };
    const other = Fastify();
    await other.register(liveUpdatesPlugin, { bus: counting });
    other.get('/events', async (request, reply) => {
      await sendEventStream(request, reply, { topics: ['member:a', 'member:b'] });
    });
    await other.listen({ host: '127.0.0.1', port: 0 });
    try {
      const controller = new AbortController();
      const port = (other.server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/events`, {
        signal: controller.signal,
        headers: { accept: 'text/event-stream' },
      });
      await response.body!.getReader().read();
      expect(active).toBe(3);
      controller.abort();
      const deadline = Date.now() + 5_000;
      while (active > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(active).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('sends the current state and ends when the client did not ask for a stream', async () => {
    state = 'succeeded';
    const response = await app.inject({ method: 'GET', url: `/events/${crypto.randomUUID()}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data: {"state":"succeeded"}');
  });

  it('answers 503 beyond the limit of open streams', async () => {
    const former = setEventStreamLimit(1);
    try {
      const first = await open(`/events/${crypto.randomUUID()}`);
      await first.readUntil((text) => text.includes('data: '));
      const refused = await fetch(`${base}/events/${crypto.randomUUID()}`);
      expect(refused.status).toBe(503);
      first.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await open(`/events/${crypto.randomUUID()}`);
      expect(again.response.status).toBe(200);
      again.close();
    } finally {
      setEventStreamLimit(former);
    }
  });

  it('ends its open streams when the application closes', async () => {
    const other = Fastify();
    await other.register(liveUpdatesPlugin, { bus });
    other.get('/events', async (request, reply) => {
      await sendEventStream(request, reply, { topics: ['member:closing'] });
    });
    await other.listen({ host: '127.0.0.1', port: 0 });
    const port = (other.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/events`, {
      headers: { accept: 'text/event-stream' },
    });
    const reader = response.body!.getReader();
    await reader.read();
    const closing = other.close();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
    await closing;
  });
});
