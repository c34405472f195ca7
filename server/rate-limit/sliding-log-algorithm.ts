import type { Algorithm } from '@upstash/ratelimit';
import { randomUUID } from 'node:crypto';
import { systemNowMs } from '@/server/clock';

// "3 requests/min per IP" means the 4th request in any 60 s span is refused. The library's own
// sliding window approximates: it weighs the previous fixed window's count and floors it, so a
// fresh caller's 4th login right after a minute boundary passes (CI saw it: 200 where the spec
// says 429). This algorithm keeps the exact rule of the embedded store (memory-backend.ts) in
// Redis: a sorted set per caller holding the times of the accepted requests of the last window.
// It plugs into @upstash/ratelimit's Algorithm interface, so the library still does the keys,
// the timeout and the answer's shape. Time is Redis's own (TIME), one clock for every instance.

const LIMIT_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {-1, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', key, now, ARGV[3])
redis.call('PEXPIRE', key, window)
return {limit - count - 1, 0}
`;

const REMAINING_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local count = redis.call('ZCOUNT', key, '(' .. (now - window), '+inf')
if count < limit then return {limit - count, 0} end
local oldest = redis.call('ZRANGEBYSCORE', key, '(' .. (now - window), '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
return {0, tonumber(oldest[2]) + window - now}
`;

/** An exact sliding log of `limit` requests per `windowMs` for `Ratelimit`'s `limiter` option. */
export function slidingLog(limit: number, windowMs: number): Algorithm<{ redis: import('@upstash/redis').Redis }> {
  return () => ({
    async limit(ctx, key) {
      const [remaining, retryMs] = await ctx.redis.eval<string[], [number, number]>(LIMIT_SCRIPT, [key], [String(limit), String(windowMs), randomUUID()]);
      // `reset` is an epoch time in the library's answer; the wait itself comes from Redis's clock.
      return { success: remaining >= 0, limit, remaining: Math.max(0, remaining), reset: systemNowMs() + retryMs, pending: Promise.resolve() };
    },
    async getRemaining(ctx, key) {
      const [remaining, retryMs] = await ctx.redis.eval<string[], [number, number]>(REMAINING_SCRIPT, [key], [String(limit), String(windowMs)]);
      return { remaining, reset: systemNowMs() + retryMs, limit };
    },
    async resetTokens(ctx, key) {
      await ctx.redis.del(key);
    },
  });
}
