import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@/db/schema';
import { webhookPayload } from '@/server/services/webhooks/schemas';

// OpenAPI 3.1 `webhooks`: what Stride POSTs to a subscriber (CONTRACT: Beyond the spec …
// Integrations), with the verification recipe the README repeats.

export const WEBHOOK_VERIFICATION = [
  'Verify every delivery before trusting it:',
  '1. Read the raw body (bytes as received) and the headers X-Stride-Timestamp and X-Stride-Signature.',
  '2. Compute hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`)) and compare it in constant time with the signature after `sha256=`.',
  '3. Refuse a timestamp more than 5 minutes from your clock (replays), and treat X-Stride-Delivery as an idempotency key: a retry carries the same id.',
  '',
  'Node.js:',
  '```js',
  "const { createHmac, timingSafeEqual } = require('node:crypto');",
  'function verify(secret, rawBody, headers) {',
  "  const ts = headers['x-stride-timestamp'];",
  "  const expected = 'sha256=' + createHmac('sha256', secret).update(`${ts}.${rawBody}`).digest('hex');",
  "  const given = String(headers['x-stride-signature'] ?? '');",
  '  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected)) && Math.abs(Date.now() / 1000 - Number(ts)) < 300;',
  '}',
  '```',
  'Answer 2xx within 10 s; anything else (a redirect too) is retried with backoff, 6 attempts over about 15 minutes.',
].join('\n');

const header = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

export function webhooksSection(): Record<string, unknown> {
  const { $schema: _dialect, ...body } = z.toJSONSchema(webhookPayload, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  const operation = (event: string) => ({
    post: {
      summary: `${event} delivery`,
      description: WEBHOOK_VERIFICATION,
      parameters: [
        header('X-Stride-Event', 'the event name', { type: 'string', const: event }),
        header('X-Stride-Delivery', 'the delivery id (the body `id`), the same on every retry', { type: 'string', format: 'uuid' }),
        header('X-Stride-Timestamp', 'unix seconds of this attempt', { type: 'string', pattern: '^[0-9]+$' }),
        header('X-Stride-Signature', '`sha256=` + hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook secret', {
          type: 'string',
          pattern: '^sha256=[0-9a-f]{64}$',
        }),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else, or no answer within 10 s, is retried' } },
    },
  });
  return Object.fromEntries([...WEBHOOK_EVENTS, 'ping'].map((event) => [event, operation(event)]));
}
