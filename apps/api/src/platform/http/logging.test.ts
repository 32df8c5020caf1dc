/**
 * `request.log` made on first use (ADR 0188): no child logger for a request that logs nothing; the first line
 * carries the request's bindings and the parent's level and hooks. The request line written by hand (ADR 0206) is
 * the line pino writes for the same fields.
 */
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger, pathOnly, requestLine, scrubLogText } from './logging.ts';

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

describe('requestLine', () => {
  type Req = Parameters<ReturnType<typeof requestLine>>[0];
  type Reply = Parameters<ReturnType<typeof requestLine>>[1];
  const capture = () => {
    const out: string[] = [];
    return { out, stream: { write: (s: string) => out.push(s) } as pino.DestinationStream };
  };
  const req = (url: string, ip: string | undefined) => ({ id: 'req-4"2', method: 'GET', url, ip }) as unknown as Req;
  const reply = { statusCode: 404, elapsedTime: 1.23456789 } as unknown as Reply;

  it.each([
    ['/api/wasiat/abc?ic_number=850412145523', '127.0.0.1'],
    ['/api/wasiat/850412-14-5523/\u00e9"\\', '10.0.0.7'],
    ['/api/health', undefined],
  ])('writes %s as pino writes the same fields, masked', (url, ip) => {
    const mine = capture();
    const done = vi.fn();
    requestLine('info', mine.stream)(req(url, ip), reply, done);
    expect(done).toHaveBeenCalledOnce();
    expect(mine.out).toHaveLength(1);
    const theirs = capture();
    const fields = {
      reqId: 'req-4"2',
      req: {
        method: 'GET',
        url: scrubLogText(pathOnly(url)),
        remoteAddress: ip,
      },
      res: { statusCode: 404 },
      responseTime: 1.235,
    };
    pino({ level: 'info' }, theirs.stream).info(fields, 'request completed');
    // the same text but the clock: compare with pino's time put in
    const line = JSON.parse(mine.out[0]);
    const expected = theirs.out[0].replace(/"time":\d+/, `"time":${line.time}`);
    expect(mine.out[0]).toBe(expected);
    expect(Math.abs(line.time - Date.now())).toBeLessThan(5_000);
    expect(mine.out[0]).not.toContain('850412');
  });

  it('writes nothing when the level is above info', () => {
    for (const level of ['warn', 'error', 'silent']) {
      const { out, stream } = capture();
      const done = vi.fn();
      requestLine(level, stream)(req('/api/health', '127.0.0.1'), reply, done);
      expect(out).toEqual([]);
      expect(done).toHaveBeenCalledOnce();
    }
    const debug = capture();
    requestLine('debug', debug.stream)(req('/api/health', '127.0.0.1'), reply, () => {});
    expect(debug.out).toHaveLength(1);
  });
});
