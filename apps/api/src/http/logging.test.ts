/**
 * `request.log` made on first use (ADR 0188): no child logger for a request that logs nothing; the first line
 * carries the request's bindings and the parent's level and hooks.
 */
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, scrubLogText } from './logging.ts';

describe('lazyChildLogger', () => {
  it('creates the child only when something is logged, with its bindings, level and scrub', () => {
    const out: string[] = [];
    const root = pino({ level: 'info', hooks: { streamWrite: scrubLogText } }, {
      write: (s: string) => out.push(s),
    } as pino.DestinationStream);
    const child = vi.spyOn(root, 'child');
    const log = lazyChildLogger(root, { reqId: 'req-7' }, {});
    expect(log.level).toBe('info');
    log.debug('below the level');
    expect(out).toEqual([]);
    expect(child).toHaveBeenCalledTimes(1); // the debug call made it, and wrote nothing
    log.info({ ic: '850412-14-5523' }, 'done');
    log.warn('again');
    expect(child).toHaveBeenCalledTimes(1);
    const lines = out.map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['req-7', 'done', 30],
      ['req-7', 'again', 40],
    ]);
    expect(out[0]).toContain('[mykad]');
    const unused = lazyChildLogger(root, { reqId: 'req-8' }, {});
    expect(unused.level).toBe('info');
    expect(child).toHaveBeenCalledTimes(1);
  });
});
