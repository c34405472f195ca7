import { timingSafeEqual } from 'node:crypto';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { pushOff, stravaPushEnabled } from './receive-strava-event';
import type { StravaChallengeQuery } from './schemas';

const refused = () => new AppError('permission_denied', { detail: 'The verify token does not match.' });

/**
 * CONTRACT: Beyond the spec … Integrations: Strava's subscription validation GET is answered with
 * the challenge when hub.verify_token equals STRAVA_WEBHOOK_VERIFY_TOKEN; else 403. With no token
 * configured push is off: 404.
 */
export function answerStravaChallenge(query: StravaChallengeQuery): { 'hub.challenge': string } {
  if (!stravaPushEnabled()) throw pushOff();
  const expected = env().STRAVA_WEBHOOK_VERIFY_TOKEN;
  const given = query['hub.verify_token'] ?? '';
  if (!expected || query['hub.mode'] !== 'subscribe' || query['hub.challenge'] === undefined) throw refused();
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw refused();
  return { 'hub.challenge': query['hub.challenge'] };
}
