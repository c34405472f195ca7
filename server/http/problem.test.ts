import { describe, expect, it } from 'vitest';
import { AppError, errorKinds, validationError } from '../errors';
import { problemResponse } from './problem';
import { requestIdFrom } from './request-id';

const ctx = { instance: '/api/v1/things/1', requestId: 'req-1' };

describe('problem documents (spec Errors, CONTRACT "Errors")', () => {
  it.each(Object.entries(errorKinds))('%s → its status, URN and title', async (kind, row) => {
    const res = problemResponse(new AppError(kind as keyof typeof errorKinds, { detail: 'Something specific.' }), ctx);
    expect(res.status).toBe(row.status);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('x-request-id')).toBe('req-1');
    const body = await res.json();
    expect(body).toMatchObject({
      type: row.type,
      title: row.title,
      status: row.status,
      detail: 'Something specific.',
      instance: ctx.instance,
      request_id: 'req-1',
    });
    expect(body.type).toMatch(/^urn:service:error:[a-z-]+$/);
  });

  it('the CONTRACT titles of the statuses the spec table lacks', () => {
    expect(errorKinds.unauthorized).toMatchObject({ type: 'urn:service:error:unauthorized', title: 'Unauthorized' });
    expect(errorKinds.failed_dependency).toMatchObject({ type: 'urn:service:error:failed-dependency', title: 'Failed Dependency' });
    expect(errorKinds.method_not_allowed.type).toBe('urn:service:error:method-not-allowed');
    expect(errorKinds.rate_limited.title).toBe('Too Many Requests');
    expect(errorKinds.validation_failed.title).toBe('Unprocessable Content');
  });

  it('422 carries errors[] of { field, message }; code and extra headers pass through', async () => {
    const res = problemResponse(validationError([{ field: '/weight', message: 'must be a number' }]), ctx);
    expect((await res.json()).errors).toEqual([{ field: '/weight', message: 'must be a number' }]);
    const locked = problemResponse(new AppError('rate_limited', { code: 'account_locked', headers: { 'Retry-After': '300' } }), ctx);
    expect(locked.headers.get('retry-after')).toBe('300');
    expect((await locked.json()).code).toBe('account_locked');
  });

  it('an unexpected exception becomes a generic 500 that leaks nothing', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x') at /srv/app/server/thing.ts:12:3");
    const res = problemResponse(bug, ctx);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.type).toBe('urn:service:error:internal-error');
    expect(body.detail).not.toMatch(/Cannot read|thing\.ts|\bat\b \//);
    expect(JSON.stringify(body)).not.toContain('stack');
  });
});

describe('X-Request-ID (CONTRACT "Errors")', () => {
  it('echoes a sane incoming value', () => {
    expect(requestIdFrom(new Headers({ 'x-request-id': 'abc.DEF_123-x' }))).toBe('abc.DEF_123-x');
  });

  it.each(['', 'has space', 'x'.repeat(129), 'semi;colon', '<script>'])('replaces %j with a new UUID', (value) => {
    const id = requestIdFrom(new Headers(value ? { 'x-request-id': value } : {}));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
