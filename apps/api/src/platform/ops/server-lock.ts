/**
 * Which process owns an embedded data folder (issue 35 item 7; ADR 0239). One process owns a PGlite folder
 * (DESIGN.md §8), and PGlite itself does not lock it: a second process opening it runs recovery on a live
 * database, and closing it deletes the live server's `postmaster.pid`. So the server, on PGlite, keeps
 * `DATA_DIR/server.lock` (JSON {@link ServerLock}, mode 0600) while it runs, touches it every
 * {@link LOCK_REFRESH_MS}, and removes it when the process exits. `npm run backup` / `restore` read it with
 * {@link serverHolding} and refuse, before writing anything, while a server holds the folder.
 */

import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file's name in DATA_DIR. */
export const SERVER_LOCK = 'server.lock';
/** How often a running server touches its lock (ms). */
const LOCK_REFRESH_MS = 5_000;
/** A lock untouched for this long (ms) is left over from a server that stopped without removing it. */
export const LOCK_STALE_MS = 30_000;

/** What the lock file holds. */
interface ServerLock {
  pid: number;
  host: string;
  started_at: string;
}

/**
 * Take the lock for this process (overwriting a leftover one) and keep it fresh until the process exits.
 * @returns `release()`: stop refreshing and remove the file (also done on the process's `exit` event).
 */
export function holdServerLock(dataDir: string): { release(): void } {
  const file = join(dataDir, SERVER_LOCK);
  const mine: ServerLock = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  writeFileSync(file, JSON.stringify(mine), { mode: 0o600 });
  const touch = () => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // removed by hand: write it again, a backup must still see the server
      writeFileSync(file, JSON.stringify(mine), { mode: 0o600 });
    }
  };
  const timer = setInterval(touch, LOCK_REFRESH_MS);
  timer.unref();
  const release = () => {
    clearInterval(timer);
    process.off('exit', release);
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as ServerLock).pid === mine.pid) rmSync(file, { force: true });
    } catch {
      // gone or unreadable: nothing of ours to remove
    }
  };
  process.on('exit', release);
  return { release };
}

/** Whether `pid` is a live process on this machine (EPERM: alive, owned by another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The server holding `dataDir`, or null. A lock counts when it was touched within {@link LOCK_STALE_MS}, or
 * when its process is alive on this host (a suspended server stops touching it). A lock of another host that
 * is stale counts as left over (e.g. a stopped container whose volume is mounted elsewhere).
 */
export function serverHolding(dataDir: string): (ServerLock & { file: string }) | null {
  const file = join(dataDir, SERVER_LOCK);
  let touched: number;
  try {
    touched = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  let lock: ServerLock = { pid: 0, host: '?', started_at: '?' };
  try {
    lock = JSON.parse(readFileSync(file, 'utf8')) as ServerLock;
  } catch {
    // being written this instant, or damaged: only its age tells
  }
  const fresh = Date.now() - touched < LOCK_STALE_MS;
  const here = lock.host === hostname() && lock.pid > 0 && lock.pid !== process.pid && alive(lock.pid);
  return fresh || here ? { ...lock, file } : null;
}
