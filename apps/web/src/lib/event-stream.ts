/**
 * A server-sent event stream that never leaves a screen stuck (decisions/0022). Opens an
 * EventSource on `path`; a signed-in page first asks for a one-minute stream ticket (`ticket`,
 * see features/auth/stream-ticket.ts: EventSource sends no Authorization header) and puts it in
 * the address. Tells the caller to rely on its fallback (a poll) when the stream cannot help:
 * no EventSource in this browser, refused (401 after the ticket expired, 404, 503 when the server
 * has too many streams), broken, or silent — nothing at all, not even the server's first message,
 * within `firstMessageMs` (a proxy that buffers). A refused or broken stream is opened again later
 * (with a fresh ticket), with backoff; `onLive` says when it works again. A tab hidden for 30 s
 * lets its stream go and opens it again when shown: after a second `onLive`, read again what the
 * screen shows (what happened meanwhile was not heard).
 */
export interface EventStreamHandlers<Message> {
  /** Each message, parsed from its JSON; a message that is not JSON is skipped. */
  onMessage: (message: Message) => void;
  /** The stream delivers (its first message came): the fallback may slow down. */
  onLive?: () => void;
  /** The stream cannot be relied on now: poll. Once per outage. */
  onFallback?: () => void;
  /** A one-minute ticket for the address (`?ticket=`), for the signed-in member's streams. */
  ticket?: () => Promise<string>;
  /** How long to wait for the first message before falling back (default 3 s). */
  firstMessageMs?: number;
  /** First wait before opening a refused or broken stream again; doubled up to a minute. */
  reopenMs?: number;
}

export interface EventStreamHandle {
  close(): void;
}

const MAX_REOPEN_MS = 60_000;
/**
 * A tab hidden this long lets its streams go (a browser opens 6 connections per server over
 * HTTP/1.1, and each tab's streams hold some); shown again, they open again and say their state.
 */
const HIDDEN_CLOSE_MS = 30_000;

export function openEventStream<Message = unknown>(
  path: string,
  handlers: EventStreamHandlers<Message>,
): EventStreamHandle {
  const firstMessageMs = handlers.firstMessageMs ?? 3_000;
  const firstReopenMs = handlers.reopenMs ?? 5_000;
  let source: EventSource | null = null;
  let closed = false;
  let live = false;
  let fellBack = false;
  let reopenMs = firstReopenMs;
  let silence: ReturnType<typeof setTimeout> | undefined;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let hidden: ReturnType<typeof setTimeout> | undefined;
  let paused = false;
  // Each opening's number: one overtaken (closed, paused, opened again) meanwhile gives up.
  let generation = 0;

  const fallBack = () => {
    live = false;
    if (fellBack || closed) return;
    fellBack = true;
    handlers.onFallback?.();
  };
  const scheduleReopen = () => {
    if (closed || paused) return;
    clearTimeout(reopen);
    reopen = setTimeout(() => void open(), reopenMs);
    reopenMs = Math.min(reopenMs * 2, MAX_REOPEN_MS);
  };

  async function open(): Promise<void> {
    if (closed || paused) return;
    const mine = (generation += 1);
    let url = path;
    if (handlers.ticket) {
      try {
        const ticket = await handlers.ticket();
        url = `${path}${path.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
      } catch {
        if (mine !== generation) return;
        fallBack();
        scheduleReopen();
        return;
      }
      if (closed || paused || mine !== generation) return;
    }
    const current = new EventSource(url);
    source = current;
    clearTimeout(silence);
    silence = setTimeout(fallBack, firstMessageMs);
    current.onmessage = (event: MessageEvent<string>) => {
      if (source !== current) return;
      clearTimeout(silence);
      if (!live) {
        live = true;
        fellBack = false;
        reopenMs = firstReopenMs;
        handlers.onLive?.();
      }
      let message: Message;
      try {
        message = JSON.parse(event.data) as Message;
      } catch {
        return;
      }
      handlers.onMessage(message);
    };
    current.onerror = () => {
      if (source !== current) return;
      fallBack();
      // CONNECTING: the browser opens it again by itself (and the server sends the state again).
      // CLOSED: refused (an expired ticket, 503…): a new one later.
      if (current.readyState === EventSource.CLOSED) {
        source = null;
        clearTimeout(silence);
        scheduleReopen();
      }
    };
  }

  const letGo = () => {
    generation += 1;
    clearTimeout(silence);
    clearTimeout(reopen);
    source?.close();
    source = null;
    live = false;
  };
  const onVisibility = () => {
    clearTimeout(hidden);
    if (document.hidden) {
      hidden = setTimeout(() => {
        paused = true;
        letGo();
      }, HIDDEN_CLOSE_MS);
    } else if (paused) {
      paused = false;
      reopenMs = firstReopenMs;
      void open();
    }
  };

  if (typeof EventSource === 'undefined') {
    // Not in this browser: the fallback does the work.
    queueMicrotask(fallBack);
  } else {
    document.addEventListener('visibilitychange', onVisibility);
    void open();
  }
  return {
    close() {
      closed = true;
      clearTimeout(hidden);
      document.removeEventListener('visibilitychange', onVisibility);
      letGo();
    },
  };
}
