import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { log, withLogContext } from './logger';

// The request's child logger is made lazily; every line of a request must still carry its
// request_id, nested contexts add their bindings, and lines outside any context carry none.

const holder = globalThis as typeof globalThis & { __strideLogger?: pino.Logger };

function capture(): string[] {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  holder.__strideLogger = pino({ level: 'info', base: null }, sink);
  return lines;
}

describe('log context', () => {
  const saved = holder.__strideLogger;
  afterEach(() => {
    holder.__strideLogger = saved;
  });

  it('every line inside a request carries its request_id; nested bindings add up; outside, none', async () => {
    const lines = capture();
    await withLogContext({ request_id: 'r-1' }, async () => {
      await Promise.resolve();
      log().info('first');
      log().warn('second');
      withLogContext({ job: 'thumbnail' }, () => log().info('nested'));
    });
    log().info('outside');
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.map((l) => [l.msg, l.request_id, l.job])).toEqual([
      ['first', 'r-1', undefined],
      ['second', 'r-1', undefined],
      ['nested', 'r-1', 'thumbnail'],
      ['outside', undefined, undefined],
    ]);
  });

  it('two concurrent requests never share a logger', async () => {
    const lines = capture();
    const request = (id: string) =>
      withLogContext({ request_id: id }, async () => {
        await new Promise((r) => setImmediate(r));
        log().info(id);
      });
    await Promise.all([request('a'), request('b')]);
    expect(lines.map((l) => JSON.parse(l) as { msg: string; request_id: string }).map((l) => l.msg === l.request_id)).toEqual([true, true]);
  });
});
