import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeAthlete, type DoubleActivity, type StravaAthlete } from './strava-data';
import { fault, StravaOAuth } from './strava-oauth';
import { StravaPush } from './strava-push';
import { DEFAULT_BUDGETS, StravaQuota, type StravaBudgets } from './strava-quota';

// A Strava API v3 stand-in on loopback for tests (STYLE rule 9: outside services we cannot reach
// are doubles at the HTTP boundary that follow the published API). It serves the OAuth endpoints
// (strava-oauth.ts), /athlete, /athlete/activities, /activities/{id}, /activities/{id}/streams,
// /activities/{id}/laps and the push subscriptions with event delivery (strava-push.ts), under
// Strava's application rate limits (strava-quota.ts), on a clock the test controls.
// strava-double.test.ts drives it with the strava-v3 npm client.

export interface StravaDoubleOptions {
  clientId?: string;
  clientSecret?: string;
  clock?: () => number;
  budgets?: StravaBudgets;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

const MAX_PER_PAGE = 200;

export class StravaDouble {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly oauth: StravaOAuth;
  readonly quota: StravaQuota;
  /** the push subscription and event delivery (strava-push.ts) */
  readonly push: StravaPush;
  readonly requests: LoggedRequest[] = [];
  private athletes = new Map<number, { athlete: StravaAthlete; activities: DoubleActivity[] }>();
  /** the athlete who approves the next authorization */
  approvingAthleteId: number | null = null;
  /** answer every API call matching this with the status (fetch failures), until cleared */
  failures: { pattern: RegExp; status: number }[] = [];
  private server: Server | null = null;
  url = '';

  constructor(options: StravaDoubleOptions = {}) {
    const clock = options.clock ?? Date.now;
    this.clientId = options.clientId ?? '4242';
    this.clientSecret = options.clientSecret ?? 'double-client-secret';
    this.oauth = new StravaOAuth(clock);
    this.quota = new StravaQuota(options.budgets ?? structuredClone(DEFAULT_BUDGETS), clock);
    this.push = new StravaPush(this.clientId, this.clientSecret, clock);
  }

  addAthlete(id: number, activities: DoubleActivity[] = []): StravaAthlete {
    const athlete = makeAthlete(id);
    this.athletes.set(id, { athlete, activities });
    this.approvingAthleteId ??= id;
    return athlete;
  }

  activitiesOf(athleteId: number): DoubleActivity[] {
    return this.athletes.get(athleteId)?.activities ?? [];
  }

  /** API requests (under /api/v3, token calls excluded) whose path matches. */
  apiRequests(pattern?: RegExp): LoggedRequest[] {
    return this.requests.filter((r) => r.path.startsWith('/api/v3/') && !r.path.includes('/oauth/') && (!pattern || pattern.test(r.path)));
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  /** Lets the process end while the double still listens (the browser suite's runner). */
  unref(): void {
    this.server?.unref();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, status });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(status === 204 ? undefined : JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(url.search);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text) {
      const parsed = (req.headers['content-type'] ?? '').includes('json')
        ? Object.entries(JSON.parse(text) as Record<string, string>)
        : new URLSearchParams(text);
      for (const [k, v] of parsed) form.set(k, String(v));
    }

    if (url.pathname === '/oauth/authorize' && req.method === 'GET') return this.authorize(url, res, send);
    if ((url.pathname === '/oauth/token' || url.pathname === '/api/v3/oauth/token') && req.method === 'POST') return this.token(form, send);
    if (url.pathname === '/oauth/deauthorize' && req.method === 'POST') {
      const owner = this.oauth.athleteFor(bearer(req) ?? form.get('access_token') ?? undefined);
      if (!owner) return send(401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'));
      this.oauth.revoke(owner.athleteId);
      return send(200, { access_token: bearer(req) });
    }
    if (await this.push.handle(req.method ?? 'GET', url.pathname, form, send)) return;
    if (!url.pathname.startsWith('/api/v3/')) return send(404, fault('Record Not Found', 'resource', 'path', 'invalid'));
    return this.api(req, url, send);
  }

  private authorize(url: URL, res: ServerResponse, send: (s: number, b: unknown) => void): void {
    const q = url.searchParams;
    if (q.get('client_id') !== this.clientId) return send(400, fault('Bad Request', 'Application', 'client_id', 'invalid'));
    const redirect = new URL(q.get('redirect_uri') ?? '');
    if (q.get('state') !== null) redirect.searchParams.set('state', q.get('state')!);
    if (this.approvingAthleteId === null) {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const scope = q.get('scope') ?? 'read';
      redirect.searchParams.set('code', this.oauth.issueCode(this.approvingAthleteId, scope, redirect.toString()));
      redirect.searchParams.set('scope', scope);
    }
    this.requests.push({ method: 'GET', path: url.pathname, status: 302 });
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  private token(form: URLSearchParams, send: (s: number, b: unknown) => void): void {
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) {
      return send(401, fault('Bad Request', 'Application', 'client_id', 'invalid'));
    }
    if (form.get('grant_type') === 'authorization_code') {
      const done = this.oauth.exchangeCode(form.get('code') ?? '');
      if (!done) return send(400, fault('Bad Request', 'AuthorizationCode', 'code', 'invalid'));
      const { athlete } = this.athletes.get(done.athleteId)!;
      return send(200, { ...done.tokens, athlete: { ...athlete, resource_state: 2 } });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const answer = this.oauth.refresh(form.get('refresh_token') ?? '');
      if (!answer) return send(400, fault('Bad Request', 'RefreshToken', 'refresh_token', 'invalid'));
      return send(200, answer);
    }
    return send(400, fault('Bad Request', 'GrantType', 'grant_type', 'invalid'));
  }

  private api(req: IncomingMessage, url: URL, send: (s: number, b: unknown, h?: Record<string, string>) => void): void {
    const isRead = req.method === 'GET';
    if (!this.quota.take(isRead)) {
      return send(429, fault('Rate Limit Exceeded', 'Application', 'rate limit', 'exceeded'), this.quota.headers());
    }
    const headers = this.quota.headers();
    const owner = this.oauth.athleteFor(bearer(req));
    if (!owner) return send(401, fault('Authorization Error', 'Athlete', 'access_token', 'invalid'), headers);
    const injected = this.failures.find((f) => f.pattern.test(url.pathname));
    if (injected) return send(injected.status, { message: 'Internal Server Error' }, headers);
    const path = url.pathname.slice('/api/v3'.length);
    const mine = this.athletes.get(owner.athleteId)!;
    if (path === '/athlete') return send(200, mine.athlete, headers);
    if (path === '/athlete/activities') {
      if (!owner.scope.split(',').some((s) => s === 'activity:read' || s === 'activity:read_all')) {
        return send(401, fault('Authorization Error', 'AccessToken', 'activity:read_permission', 'missing'), headers);
      }
      return send(200, this.listActivities(mine.activities, url.searchParams), headers);
    }
    const match = /^\/activities\/(\d+)(?:\/(streams|laps))?$/.exec(path);
    const activity = match ? mine.activities.find((a) => String(a.summary.id) === match[1]) : undefined;
    if (!match || !activity) return send(404, fault('Record Not Found', 'Activity', 'id', 'invalid'), headers);
    // GET /activities/{id}: the detailed representation (the summary's fields and more)
    if (!match[2]) return send(200, { ...activity.summary, resource_state: 3 }, headers);
    if (match[2] === 'laps') return send(200, activity.laps, headers);
    return send(200, this.streams(activity, url.searchParams), headers);
  }

  // GET /athlete/activities: start_date strictly between `after` and `before` (epoch seconds);
  // newest first, or oldest first when `after` is given, as Strava answers.
  private listActivities(all: DoubleActivity[], q: URLSearchParams): unknown[] {
    const before = q.has('before') ? Number(q.get('before')) * 1000 : Infinity;
    const after = q.has('after') ? Number(q.get('after')) * 1000 : -Infinity;
    const perPage = Math.min(Math.max(Number(q.get('per_page') ?? 30) || 30, 1), MAX_PER_PAGE);
    const page = Math.max(Number(q.get('page') ?? 1) || 1, 1);
    const inRange = all
      .filter((a) => {
        const t = Date.parse(a.summary.start_date);
        return t > after && t < before;
      })
      .sort((a, b) => Date.parse(a.summary.start_date) - Date.parse(b.summary.start_date));
    if (!q.has('after')) inRange.reverse();
    return inRange.slice((page - 1) * perPage, page * perPage).map((a) => a.summary);
  }

  // GET /activities/{id}/streams?keys=a,b&key_by_type=true (keys=a&keys=b too): the requested streams the activity
  // has (Strava adds `distance`), keyed by type, or a list of { type, ... } without key_by_type.
  private streams(activity: DoubleActivity, q: URLSearchParams): unknown {
    const wanted = new Set(q.getAll('keys').join(',').split(',').filter(Boolean));
    wanted.add('distance');
    const present = Object.entries(activity.streams).filter(([type]) => wanted.has(type));
    if (q.get('key_by_type') === 'true') return Object.fromEntries(present);
    return present.map(([type, s]) => ({ type, ...s }));
  }
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : undefined;
}
