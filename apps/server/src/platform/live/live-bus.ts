import pg from 'pg';

/** The one PostgreSQL channel of live updates; each payload says its topic. */
export const LIVE_CHANNEL = 'live_updates';

/** What a topic's subscribers get: small facts (ids, states), never records. */
export type LiveData = Record<string, unknown>;
export type LiveListener = (data: LiveData) => void;

export interface LiveBusLogger {
  info(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/**
 * The process's ear on `live_updates`: one LISTEN connection of its own (not the pool's), fanned
 * out in memory to the subscribers of each topic. A notification is heard whatever process or
 * thread committed it (the payments worker's thread has its own pool).
 */
export interface LiveBus {
  /** Calls `listener` with each notification of `topic` from now on; returns the unsubscribe. */
  subscribe(topic: string, listener: LiveListener): () => void;
  /**
   * Calls `listener` each time the connection is back after a loss: what was published meanwhile
   * was not heard, so a stream sends its current state again. Returns the unsubscribe.
   */
  onReconnect(listener: () => void): () => void;
  /** Whether the LISTEN connection is up now. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

export interface LiveBusOptions {
  databaseUrl: string;
  logger: LiveBusLogger;
  /** First wait before connecting again after a loss; doubled up to `maxReconnectMs`. */
  minReconnectMs?: number;
  maxReconnectMs?: number;
  /** A quiet connection is probed this often (a dead peer behind a NAT says nothing). */
  probeMs?: number;
}

/** The subscribers of each topic, and who wants to know of a reconnection. */
function createFanOut(logger: LiveBusLogger) {
  const topics = new Map<string, Set<LiveListener>>();
  const reconnected = new Set<() => void>();
  const call = (run: () => void) => {
    try {
      run();
    } catch (error) {
      logger.error({ err: error }, 'un abonné aux mises à jour en direct a échoué');
    }
  };
  return {
    subscribe(topic: string, listener: LiveListener) {
      let listeners = topics.get(topic);
      if (!listeners) topics.set(topic, (listeners = new Set()));
      // One registration per call, even when the same function subscribes twice.
      const entry: LiveListener = (data) => listener(data);
      listeners.add(entry);
      return () => {
        const current = topics.get(topic);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) topics.delete(topic);
      };
    },
    onReconnect(listener: () => void) {
      const entry = () => listener();
      reconnected.add(entry);
      return () => void reconnected.delete(entry);
    },
    deliver(payload: string | undefined) {
      const message = parsePayload(payload);
      if (!message) return;
      for (const listener of [...(topics.get(message.topic) ?? [])]) {
        call(() => listener(message.data));
      }
    },
    announceReconnect() {
      for (const listener of [...reconnected]) call(listener);
    },
    clear() {
      topics.clear();
      reconnected.clear();
    },
  };
}

function parsePayload(payload: string | undefined): { topic: string; data: LiveData } | null {
  try {
    const value = JSON.parse(payload ?? '') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { topic, data } = value as { topic?: unknown; data?: unknown };
    if (typeof topic !== 'string') return null;
    const record = typeof data === 'object' && data !== null ? (data as LiveData) : {};
    return { topic, data: record };
  } catch {
    return null;
  }
}

/**
 * Opens the bus. Never fails: when the database cannot be reached the bus says so in the log and
 * keeps trying with backoff; meanwhile subscribers hear nothing and streams rely on their
 * clients' fallback (a poll).
 */
export async function createLiveBus(options: LiveBusOptions): Promise<LiveBus> {
  const { logger } = options;
  const minWait = options.minReconnectMs ?? 500;
  const maxWait = options.maxReconnectMs ?? 30_000;
  const probeMs = options.probeMs ?? 30_000;
  const fanOut = createFanOut(logger);
  let client: pg.Client | null = null;
  let stopped = false;
  let wait = minWait;
  let everConnected = false;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;
  let probe: NodeJS.Timeout | undefined;

  const drop = (lost: pg.Client) => {
    lost.removeAllListeners();
    lost.on('error', () => undefined);
    void lost.end().catch(() => undefined);
  };
  const scheduleReconnect = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
    wait = Math.min(wait * 2, maxWait);
  };
  const lose = (lost: pg.Client, error?: unknown) => {
    if (client !== lost) return;
    client = null;
    listening = false;
    clearInterval(probe);
    drop(lost);
    if (stopped) return;
    logger.error({ err: error }, 'écoute des mises à jour en direct interrompue');
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    if (stopped || client) return;
    const next = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    next.on('notification', (notification) => {
      if (notification.channel === LIVE_CHANNEL) fanOut.deliver(notification.payload);
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next));
    try {
      client = next;
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      if (client === next) client = null;
      drop(next);
      if (stopped) return;
      logger.error({ err: error }, 'écoute des mises à jour en direct impossible, nouvel essai');
      scheduleReconnect();
      return;
    }
    if (stopped) {
      client = null;
      drop(next);
      return;
    }
    wait = minWait;
    listening = true;
    probe = setInterval(() => {
      next.query('select 1').catch((error: unknown) => lose(next, error));
    }, probeMs);
    probe.unref();
    if (everConnected) {
      logger.info({}, 'écoute des mises à jour en direct rétablie');
      fanOut.announceReconnect();
    }
    everConnected = true;
  }

  await connect();
  return {
    subscribe: (topic, listener) => fanOut.subscribe(topic, listener),
    onReconnect: (listener) => fanOut.onReconnect(listener),
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(retry);
      clearInterval(probe);
      fanOut.clear();
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}

/** A bus that hears nothing (an application built without one): streams rely on the fallback. */
export function silentLiveBus(): LiveBus {
  return {
    subscribe: () => () => undefined,
    onReconnect: () => () => undefined,
    listening: false,
    stop: () => Promise.resolve(),
  };
}
