import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs, type CapturedLogs } from '@/server/testing/capture-logs';
import { log, withLogContext } from './logger';

// The request's child logger is made lazily; every line of a request must still carry its
// request_id, nested contexts add their bindings, and lines outside any context carry none.

describe('log context', () => {
  let captured: CapturedLogs | undefined;
  afterEach(() => {
    captured?.restore();
    captured = undefined;
  });

  function capture(): { lines: () => Record<string, unknown>[] } {
    captured = captureLogs();
    return captured;
  }

  it('every line inside a request carries its request_id; nested bindings add up; outside, none', async () => {
    const { lines } = capture();
    await withLogContext({ request_id: 'r-1' }, async () => {
      await Promise.resolve();
      log().info('first');
      log().warn('second');
      withLogContext({ job: 'thumbnail' }, () => log().info('nested'));
    });
    log().info('outside');
    const parsed = lines();
    expect(parsed.map((l) => [l.msg, l.request_id, l.job])).toEqual([
      ['first', 'r-1', undefined],
      ['second', 'r-1', undefined],
      ['nested', 'r-1', 'thumbnail'],
      ['outside', undefined, undefined],
    ]);
  });

  it('two concurrent requests never share a logger', async () => {
    const { lines } = capture();
    const request = (id: string) =>
      withLogContext({ request_id: id }, async () => {
        await new Promise((r) => setImmediate(r));
        log().info(id);
      });
    await Promise.all([request('a'), request('b')]);
    expect(lines().map((l) => l.msg === l.request_id)).toEqual([true, true]);
  });
});
