import type { AnyErrorCode, ApiErrorParams } from '@ecolage/contracts';
import { Worker } from 'node:worker_threads';
import { AppError, domainError } from '../../../platform/errors';
import type { RawRow } from './read-import-file';

/** A file to read, sent to an import thread (structured-cloned). */
export interface ImportThreadRequest {
  bytes: Uint8Array;
}

/** What the import thread answers: the file's lines, or the French refusal of the file. */
export type ImportThreadReply =
  | { rows: RawRow[] }
  | {
      refusal: {
        code: AnyErrorCode;
        message: string;
        statusCode: number;
        params: ApiErrorParams | undefined;
      };
    };

/** Files read at once (the machine's two cores); the next uploads wait their turn. */
const MAX_THREADS = 2;
/**
 * A thread's heap: enough for 50,000 lines; a file needing more is refused, not the server. A
 * small young generation keeps the short-lived pieces of a file (most of it) from piling up.
 */
const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 4 };
/** A thread left idle this long ends, giving its memory back. */
const IDLE_MS = 10_000;

interface ImportThread {
  worker: Worker;
  idleTimer?: NodeJS.Timeout;
  ended?: boolean;
}

const idle: ImportThread[] = [];
const waiting: ((thread: ImportThread) => void)[] = [];
let started = 0;

/** The thread's code: built beside this module, or the TypeScript source run through tsx. */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./import-file.thread.js', import.meta.url), { resourceLimits });
  }
  const source = new URL('./import-file.thread.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, resourceLimits },
  );
}

function spawnThread(): ImportThread {
  started += 1;
  const thread: ImportThread = { worker: startWorker() };
  // A file being read hears of its thread's failure (read()); an idle thread that fails exits.
  thread.worker.on('error', () => undefined);
  thread.worker.once('exit', () => discard(thread));
  return thread;
}

/** An idle thread, a new one while fewer than MAX_THREADS run, or the next one freed. */
async function acquire(): Promise<ImportThread> {
  const thread = idle.pop();
  if (thread) {
    clearTimeout(thread.idleTimer);
    return thread;
  }
  if (started < MAX_THREADS) return spawnThread();
  return new Promise((resolve) => waiting.push(resolve));
}

/** Hands a healthy thread to the next file, or keeps it idle for a while. */
function release(thread: ImportThread): void {
  const next = waiting.shift();
  if (next) return next(thread);
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => discard(thread), IDLE_MS).unref();
  idle.push(thread);
}

/** Ends a thread (idle too long, or broken by a file); a file waiting gets a new one. */
function discard(thread: ImportThread): void {
  if (thread.ended) return;
  thread.ended = true;
  clearTimeout(thread.idleTimer);
  const index = idle.indexOf(thread);
  if (index >= 0) idle.splice(index, 1);
  started -= 1;
  void thread.worker.terminate();
  const next = waiting.shift();
  if (next) next(spawnThread());
}

function read(thread: ImportThread, bytes: Buffer): Promise<RawRow[]> {
  const { worker } = thread;
  worker.ref();
  return new Promise<RawRow[]>((resolve, reject) => {
    const onMessage = (reply: ImportThreadReply) => {
      cleanUp();
      release(thread);
      if ('rows' in reply) return resolve(reply.rows);
      const { code, message, statusCode, params } = reply.refusal;
      reject(new AppError(code, message, { statusCode, ...(params ? { params } : {}) }));
    };
    const onError = (error: Error & { code?: string }) => {
      cleanUp();
      discard(thread);
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? domainError('IMPORT_TOO_LARGE_UNCOMPRESSED', {}, { cause: error })
          : error,
      );
    };
    const onExit = (code: number) =>
      onError(new Error(`le fil de lecture des imports s’est arrêté (code ${code})`));
    const cleanUp = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    // A buffer of its own (an upload's) moves to the thread rather than being copied.
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const request: ImportThreadRequest = { bytes };
    if (owned && bytes.buffer instanceof ArrayBuffer) worker.postMessage(request, [bytes.buffer]);
    else worker.postMessage(request);
  });
}

/**
 * Reads an uploaded import file (readImportFile) on a thread of its own, so that inflating and
 * parsing it never hold the server's event loop and its memory is the thread's. At most
 * MAX_THREADS files are read at once; a thread serves the next file, and ends when idle.
 * `bytes` is handed over: a buffer that owns its memory is emptied (moved to the thread).
 */
export async function readImportFileInThread(bytes: Buffer): Promise<RawRow[]> {
  return read(await acquire(), bytes);
}
