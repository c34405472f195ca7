import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { foregroundRequestsWaiting, FRESH_REQUEST_MS, trackForegroundRequest } from './foreground-requests';

describe('requests being answered, as background work sees them', () => {
  afterEach(() => vi.useRealTimers());

  it('counts each request from its start until its response closes', () => {
    const first = new EventEmitter();
    const second = new EventEmitter();
    expect(foregroundRequestsWaiting()).toBe(false);
    trackForegroundRequest(first);
    trackForegroundRequest(second);
    first.emit('close');
    expect(foregroundRequestsWaiting()).toBe(true);
    second.emit('close');
    expect(foregroundRequestsWaiting()).toBe(false);
  });

  it('stops counting a request in flight longer than FRESH_REQUEST_MS (a slow upload, a long download)', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const slow = new EventEmitter();
    trackForegroundRequest(slow);
    vi.advanceTimersByTime(FRESH_REQUEST_MS - 1);
    expect(foregroundRequestsWaiting()).toBe(true);
    vi.advanceTimersByTime(2);
    expect(foregroundRequestsWaiting()).toBe(false);
    const fresh = new EventEmitter();
    trackForegroundRequest(fresh);
    expect(foregroundRequestsWaiting()).toBe(true);
    fresh.emit('close');
    slow.emit('close');
  });
});
