/**
 * Parsing untrusted uploads off the event loop, with a time and a memory limit (issue 36 item 5; ADR 0229):
 * spreadsheets (exceljs, csv-parse) and the PDF inspection of pdf-content.ts run in one worker thread
 * (untrusted.worker.mjs), one file at a time. While a file is parsed the API keeps answering (health checks,
 * other requests); a file that takes longer than its task's limit, or that exhausts the worker's heap, ends the
 * worker (a new one starts for the next file) and is refused as too large. The worker starts on first use and
 * ends after a minute without work.
 */
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';

/** The parsing tasks of the worker; their results are described in untrusted.worker.mjs. */
export type UntrustedTask = 'xlsx' | 'csv' | 'pdf';

/**
 * Time a task may take once the worker has the file (ms). A spreadsheet within the upload limits
 * (tekun/spreadsheet-limits.ts) reads in about 1 s on one core; a real PDF of 5 MB parses in tens of ms — only
 * damaged or crafted bytes take longer (pdf-lib spends about 2 s per MB of junk).
 */
export const TASK_TIME_LIMIT_MS: Record<UntrustedTask, number> = { xlsx: 5000, csv: 3000, pdf: 2000 };
/** The worker's V8 heap (MB): a spreadsheet within the limits needs well under half. */
const HEAP_LIMIT_MB = 384;
/** Loading the worker (first use, or after it was ended): waits at most this long (ms). */
const START_TIMEOUT_MS = 30_000;
/** The worker ends after this long without a task (ms), freeing its memory. */
const IDLE_MS = 60_000;

/** Why an untrusted file was not parsed: `unreadable` (the parser refused it) or `too_large` (time/memory). */
export class UntrustedFileError extends Error {
  constructor(readonly reason: 'unreadable' | 'too_large') {
    super(`untrusted file ${reason}`);
    this.name = 'UntrustedFileError';
  }
}

interface Running {
  worker: Worker;
  ready: Promise<void>;
}

let current: Running | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let seq = 0;
const oneAtATime = pLimit(1);

function start(): Running {
  const worker = new Worker(new URL('./untrusted.worker.mjs', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    // The API's own options (a TypeScript loader, inspectors) are of no use to the plain JavaScript worker.
    execArgv: [],
  });
  worker.unref();
  // An uncaught failure in the worker ends it ('exit' follows); it must not become an error of the API.
  worker.on('error', () => {});
  const running: Running = {
    worker,
    ready: new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('untrusted-file worker did not start')), START_TIMEOUT_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('untrusted-file worker stopped while starting'));
      });
    }),
  };
  worker.once('exit', () => {
    if (current === running) current = null;
  });
  running.ready.catch(() => stop(running));
  return running;
}

function stop(running: Running) {
  if (current === running) current = null;
  void running.worker.terminate().catch(() => {});
}

function task<T>(name: UntrustedTask, data: Uint8Array, extra: Record<string, string>): Promise<T> {
  clearTimeout(idleTimer);
  current ??= start();
  const running = current;
  return running.ready.then(
    () =>
      new Promise<T>((resolve, reject) => {
        const id = ++seq;
        const done = () => {
          clearTimeout(timer);
          running.worker.off('message', onMessage);
          running.worker.off('exit', onExit);
          idleTimer = setTimeout(() => current && stop(current), IDLE_MS);
          idleTimer.unref();
        };
        const onMessage = (m: { id?: number; ok?: boolean; result?: T; reason?: 'unreadable' }) => {
          if (m?.id !== id) return;
          done();
          if (m.ok) resolve(m.result as T);
          else reject(new UntrustedFileError(m.reason ?? 'unreadable'));
        };
        // The worker died on this file: its heap limit (ERR_WORKER_OUT_OF_MEMORY).
        const onExit = () => {
          done();
          reject(new UntrustedFileError('too_large'));
        };
        const timer = setTimeout(() => {
          done();
          stop(running);
          reject(new UntrustedFileError('too_large'));
        }, TASK_TIME_LIMIT_MS[name]);
        running.worker.on('message', onMessage);
        running.worker.on('exit', onExit);
        running.worker.postMessage({ id, task: name, data, ...extra });
      }),
  );
}

/**
 * Parse an untrusted file in the worker: one file at a time per process (later calls wait their turn, which does
 * not count toward their time limit), each within {@link TASK_TIME_LIMIT_MS}.
 * @param extra the task's options (`csv`: `delimiter`).
 * @returns the task's result (untrusted.worker.mjs).
 * @throws UntrustedFileError `unreadable` (the parser refused the bytes) or `too_large` (time or memory limit);
 *   Error when the worker cannot start.
 */
export function parseUntrusted<T>(name: UntrustedTask, data: Uint8Array, extra: Record<string, string> = {}) {
  return oneAtATime(() => task<T>(name, data, extra));
}
