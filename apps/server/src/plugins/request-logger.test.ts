import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { REDACT_PATHS } from '../app.ts';
import { lazyChildLogger } from './request-logger.ts';

/** Fastify's pino logger as app.ts configures it (level, redaction), writing its lines into `lines`. */
function logger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const out = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const app = Fastify({ logger: { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, stream: out } });
  return { log: app.log, lines };
}

const withoutTime = (l: Record<string, unknown>) => {
  const { time: _t, ...rest } = l;
  return rest;
};

describe("a request's logger, built on its first line", () => {
  it('writes the same lines as a pino child: bindings, level, redaction', async () => {
    const a = logger('info');
    const b = logger('info');
    const lazy = lazyChildLogger(a.log, { reqId: 'r-1' }, {});
    const child = b.log.child({ reqId: 'r-1' });
    for (const l of [lazy, child]) {
      l.info({ path: '/x', session: { token: 'secret-token' } }, 'request completed (sampled)');
      l.warn({ err: new Error('boom') }, 'could not record site events');
      l.debug('not written at info');
      l.child({ part: 'sub' }).error('from a grandchild');
    }
    await new Promise((r) => setImmediate(r));
    expect(a.lines.map(withoutTime)).toEqual(b.lines.map(withoutTime));
    expect(a.lines).toHaveLength(3);
    expect(a.lines[0]).toMatchObject({ reqId: 'r-1', level: 30, path: '/x', session: { token: '[redacted]' }, msg: 'request completed (sampled)' });
  });

  it('builds no child for a request that writes nothing, nor for a line below the level', () => {
    const { log } = logger('info');
    const spy = vi.spyOn(log, 'child');
    const lazy = lazyChildLogger(log, { reqId: 'r-2' }, {});
    lazy.debug('dropped');
    lazy.trace('dropped');
    expect(lazy.level).toBe('info');
    expect((lazy as FastifyBaseLogger & { isLevelEnabled(l: string): boolean }).isLevelEnabled('debug')).toBe(false);
    expect(spy).not.toHaveBeenCalled();
    lazy.info('kept');
    lazy.error('kept');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("follows a route's own log level (Fastify's logLevel option)", async () => {
    const a = logger('info');
    const lazy = lazyChildLogger(a.log, { reqId: 'r-3' }, { level: 'debug' });
    expect(lazy.level).toBe('debug');
    lazy.debug('written at the route level');
    await new Promise((r) => setImmediate(r));
    expect(a.lines.map((l) => [l.level, l.msg, l.reqId])).toEqual([[20, 'written at the route level', 'r-3']]);
  });
});
