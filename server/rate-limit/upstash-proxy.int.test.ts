import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rewriteScript, type UpstashProxy } from '../testing/upstash-proxy';
import { useUpstashProxy } from '../testing/upstash-proxy-fixture';
import { createUpstashRedis } from './upstash-backend';

const redisUrl = process.env.TEST_REDIS_URL;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('rewriteScript: STACK.md "#!lua flags=allow-key-locking" is refused by Redis 7', () => {
  it('drops the flag and keeps the line count', () => {
    expect(rewriteScript('#!lua flags=allow-key-locking\nreturn 1')).toBe('\nreturn 1');
  });

  it('keeps flags Redis knows', () => {
    expect(rewriteScript('#!lua flags=no-writes,allow-key-locking\nreturn 1')).toBe('#!lua flags=no-writes\nreturn 1');
    expect(rewriteScript('#!lua flags=no-writes\nreturn 1')).toBe('#!lua flags=no-writes\nreturn 1');
    expect(rewriteScript('return 1')).toBe('return 1');
  });
});

describe.skipIf(!redisUrl)('Upstash REST protocol in front of the real Redis (TEST_REDIS_URL)', () => {
  const prefix = `test:proxy:${process.pid}:${Date.now()}`;
  const token = 'proxy-test-token';
  let proxy: UpstashProxy;
  useUpstashProxy({ redisUrl: redisUrl!, token, prefix }, (p) => {
    proxy = p;
  });

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${proxy.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  }

  it('POST / runs one command: { result } in plain text, or base64 with Upstash-Encoding', async () => {
    expect(await post('/', ['SET', `${prefix}:a`, 'héllo'])).toEqual({ status: 200, body: { result: 'OK' } });
    expect(await post('/', ['GET', `${prefix}:a`])).toEqual({ status: 200, body: { result: 'héllo' } });
    const encoded = await post('/', ['GET', `${prefix}:a`], { 'upstash-encoding': 'base64' });
    expect(encoded.body).toEqual({ result: Buffer.from('héllo').toString('base64') });
    expect((await post('/', ['GET', `${prefix}:missing`])).body).toEqual({ result: null });
    expect((await post('/', ['INCRBY', `${prefix}:n`, 5])).body).toEqual({ result: 5 });
  });

  it('a Redis error is a 400 { error }', async () => {
    await post('/', ['SET', `${prefix}:s`, 'x']);
    const res = await post('/', ['HGET', `${prefix}:s`, 'f']);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.stringMatching(/^WRONGTYPE/) });
  });

  it('POST /pipeline answers one item per command, errors included', async () => {
    const res = await post('/pipeline', [
      ['SET', `${prefix}:p`, '1'],
      ['INCR', `${prefix}:p`],
      ['HGET', `${prefix}:p`, 'f'],
      ['MGET', `${prefix}:p`, `${prefix}:none`],
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ result: 'OK' }, { result: 2 }, { error: expect.stringMatching(/^WRONGTYPE/) }, { result: ['2', null] }]);
  });

  it('POST /multi-exec runs the commands as one transaction', async () => {
    const res = await post('/multi-exec', [
      ['SET', `${prefix}:t`, 'x'],
      ['APPEND', `${prefix}:t`, 'y'],
      ['GET', `${prefix}:t`],
    ]);
    expect(res.body).toEqual([{ result: 'OK' }, { result: 2 }, { result: 'xy' }]);
  });

  it('refuses a missing or wrong bearer token with 401, and a body that is not a command with 400', async () => {
    const noToken = await fetch(proxy.url, { method: 'POST', body: '["PING"]' });
    expect(noToken.status).toBe(401);
    const wrong = await fetch(proxy.url, { method: 'POST', headers: { authorization: 'Bearer nope' }, body: '["PING"]' });
    expect(wrong.status).toBe(401);
    expect((await post('/', { not: 'a command' })).status).toBe(400);
    expect((await post('/nowhere', ['PING'])).status).toBe(404);
  });

  it('runs a script with the allow-key-locking shebang, then finds it by the SHA the client computed', async () => {
    const script = `#!lua flags=allow-key-locking\nreturn redis.call('INCR', KEYS[1])`;
    const client = createUpstashRedis(proxy.url, token);
    expect(await client.eval(script, [`${prefix}:lua`], [])).toBe(1);
    expect(await client.evalsha(sha1(script), [`${prefix}:lua`], [])).toBe(2);
  });

  it('SCRIPT LOAD answers the SHA of the text sent, which EVALSHA then accepts', async () => {
    const script = `#!lua flags=allow-key-locking\nreturn ARGV[1]`;
    const client = createUpstashRedis(proxy.url, token);
    expect(await client.scriptLoad(script)).toBe(sha1(script));
    expect(await client.evalsha(sha1(script), [], ['echo'])).toBe('echo');
    expect(await client.scriptExists(sha1(script))).toEqual([1]);
  });

  it('works as the backend of the official @upstash/redis client (base64, pipelines, transactions)', async () => {
    const client = createUpstashRedis(proxy.url, token);
    await client.set(`${prefix}:c`, 'väl');
    expect(await client.get(`${prefix}:c`)).toBe('väl');
    const pipeline = client.pipeline();
    pipeline.incr(`${prefix}:cn`);
    pipeline.incr(`${prefix}:cn`);
    expect(await pipeline.exec()).toEqual([1, 2]);
    const tx = client.multi();
    tx.set(`${prefix}:ct`, 'a', { px: 5000 });
    tx.pttl(`${prefix}:ct`);
    const [ok, ttl] = await tx.exec<['OK', number]>();
    expect(ok).toBe('OK');
    expect(ttl).toBeGreaterThan(4000);
  });
});
