import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import type { LiveBus, LiveData } from '../live/live-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's live bus (`platform/live`): what streams subscribe to. */
    live: LiveBus;
  }
}

/** Streams open at once in this process beyond which a new one is answered 503 (clients poll). */
let streamLimit = 2_000;
/** An open stream, ended when its application closes (a stream never ends by itself). */
interface OpenStream {
  end(): void;
}
const openStreams = new Map<Server, Set<OpenStream>>();

/** Changes the per-process limit of open streams (tests); returns the former one. */
export function setEventStreamLimit(limit: number): number {
  const former = streamLimit;
  streamLimit = limit;
  return former;
}

function countOpenStreams(): number {
  let count = 0;
  for (const streams of openStreams.values()) count += streams.size;
  return count;
}

/**
 * `app.live` from the bus the composition root opened, and the application's open streams ended
 * when it closes (otherwise `close()` would wait for them for ever).
 */
export const liveUpdatesPlugin = fp<{ bus: LiveBus }>(
  async (app: FastifyInstance, options) => {
    app.decorate('live', options.bus);
    app.addHook('preClose', async () => {
      for (const stream of [...(openStreams.get(app.server) ?? [])]) stream.end();
    });
  },
  { name: 'ecolage-live-updates' },
);

export interface EventStreamOptions {
  /** Live topics whose notifications this stream hears. */
  topics: string[];
  /**
   * What to send for a notification (`null`: nothing); by default its data as they came. May
   * read the database: notifications are handled one after the other, in order.
   */
  onEvent?: (topic: string, data: LiveData) => Promise<object | null> | object | null;
  /**
   * The current state, sent first (a change that landed before the stream opened is never
   * missed), and again after the bus lost and found its connection.
   */
  initial?: () => Promise<object | null>;
  /** A comment this often keeps proxies and the client's watchdog from closing a quiet stream. */
  heartbeatMs?: number;
  /** How long the browser waits before opening a dropped stream again. */
  retryMs?: number;
}

/** Some proxies hold a response back until this many bytes have come: the first comment fills it. */
const PADDING = `:${' '.repeat(2048)}\n`;

/**
 * Answers `request` with a server-sent event stream (`text/event-stream`) of the live topics:
 * headers that keep proxies from buffering or transforming it, a padded first comment, the retry
 * hint, the initial state, then one `data:` message per notification and a comment every
 * `heartbeatMs`. Unsubscribes when the client goes. Beyond the process's limit of open streams,
 * answers 503 (SERVICE_UNAVAILABLE) before opening anything: the client falls back to polling.
 * A request whose `Accept` does not name `text/event-stream` gets the initial state, then the end.
 * Call it last in a handler, after the access checks; the handler must not send anything else.
 */
export async function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): Promise<void> {
  if (countOpenStreams() >= streamLimit) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Trop de connexions en direct ouvertes ; les mises à jour arrivent par actualisation.',
    );
  }
  const server = request.server.server;
  const bus = request.server.live;
  const raw = reply.raw;
  let closed = false;
  // Notifications are written in the order they came, each after the one before (and after the
  // initial state): a chain of promises.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error: unknown) => {
      request.log.error({ err: error }, 'flux en direct : envoi impossible');
    });
  };
  const write = (text: string) => {
    if (!closed && !raw.destroyed) raw.write(text);
  };
  const writeMessage = (message: object | null) => {
    if (message) write(`data: ${JSON.stringify(message)}\n\n`);
  };
  const sendInitial = () =>
    enqueue(async () => {
      if (options.initial && !closed) writeMessage(await options.initial());
    });

  const unsubscribers = options.topics.map((topic) =>
    bus.subscribe(topic, (data) =>
      enqueue(async () => {
        if (closed) return;
        writeMessage(options.onEvent ? await options.onEvent(topic, data) : data);
      }),
    ),
  );
  unsubscribers.push(bus.onReconnect(sendInitial));

  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs ?? 15_000);
  heartbeat.unref();
  let streams = openStreams.get(server);
  if (!streams) openStreams.set(server, (streams = new Set()));
  const stream: OpenStream = {
    end: () => {
      finish();
      if (!raw.destroyed) raw.end();
    },
  };
  streams.add(stream);
  function finish() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const unsubscribe of unsubscribers) unsubscribe();
    const set = openStreams.get(server);
    set?.delete(stream);
    if (set?.size === 0) openStreams.delete(server);
  }
  // The response closes when the client goes (or when the stream is ended here).
  raw.on('close', finish);

  reply.hijack();
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'keep-alive',
  });
  raw.flushHeaders();
  write(PADDING);
  write(`retry: ${options.retryMs ?? 3_000}\n\n`);
  sendInitial();
  await queue;
  // A client that did not ask for a stream (a probe, curl, a test's inject) gets the current state
  // and the end: EventSource always asks.
  if (!/text\/event-stream/i.test(request.headers.accept ?? '')) stream.end();
}
