import { describe, expect, it } from 'vitest';
import { stravaConfigured } from './strava-config';

// Issue 50: "Connect Strava" was offered on a server without Strava's credentials. Both are needed.
describe('stravaConfigured', () => {
  it.each([
    [{ STRAVA_CLIENT_ID: '123', STRAVA_CLIENT_SECRET: 's3cret' }, true],
    [{ STRAVA_CLIENT_ID: '123', STRAVA_CLIENT_SECRET: undefined }, false],
    [{ STRAVA_CLIENT_ID: undefined, STRAVA_CLIENT_SECRET: 's3cret' }, false],
    [{ STRAVA_CLIENT_ID: '', STRAVA_CLIENT_SECRET: '' }, false],
    [{ STRAVA_CLIENT_ID: undefined, STRAVA_CLIENT_SECRET: undefined }, false],
  ])('%o → %s', (credentials, configured) => {
    expect(stravaConfigured(credentials)).toBe(configured);
  });
});
