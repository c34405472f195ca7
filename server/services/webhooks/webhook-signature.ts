import { createHmac } from 'node:crypto';

/**
 * CONTRACT: Beyond the spec … Integrations: X-Stride-Signature is `sha256=` and the hex HMAC-SHA256
 * of "<timestamp>.<body>" under the webhook's secret, the timestamp being X-Stride-Timestamp.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
