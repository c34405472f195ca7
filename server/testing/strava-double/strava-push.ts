import { randomBytes } from 'node:crypto';
import { fault } from './strava-oauth';

// Strava's Webhook Events API (developers.strava.com/docs/webhooks) as the double serves it: one
// push subscription per application, created, viewed and deleted with the application's
// client_id and client_secret (no athlete token); creating one first validates the callback with
// GET ?hub.mode=subscribe&hub.challenge&hub.verify_token, which must answer 200 with
// { "hub.challenge": <challenge> } within two seconds. Events are POSTed to the callback as
// Strava sends them; the test decides when (deliver).

export interface PushSubscription {
  id: number;
  resource_state: 2;
  application_id: number;
  callback_url: string;
  created_at: string;
  updated_at: string;
}

export interface StravaPushEvent {
  object_type: 'activity' | 'athlete';
  object_id: number;
  aspect_type: 'create' | 'update' | 'delete';
  owner_id: number;
  subscription_id: number;
  event_time: number;
  updates: Record<string, string>;
}

type Send = (status: number, body: unknown) => void;
const CALLBACK_DEADLINE_MS = 2_000;

export class StravaPush {
  subscription: PushSubscription | null = null;
  private nextId = 1;
  /** every event POSTed to the callback, with the status it got */
  readonly delivered: { event: StravaPushEvent; status: number }[] = [];

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly clock: () => number,
  ) {}

  /** Serves /api/v3/push_subscriptions[/{id}]; false when the path is not one of them. */
  async handle(method: string, path: string, form: URLSearchParams, send: Send): Promise<boolean> {
    const match = /^\/api\/v3\/push_subscriptions(?:\/(\d+))?$/.exec(path);
    if (!match) return false;
    if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret) {
      send(401, fault('Authorization Error', 'Application', 'client_id', 'invalid'));
      return true;
    }
    if (method === 'GET' && !match[1]) send(200, this.subscription ? [this.subscription] : []);
    else if (method === 'POST' && !match[1]) await this.create(form, send);
    else if (method === 'DELETE' && match[1]) {
      if (this.subscription?.id !== Number(match[1])) send(404, fault('Record Not Found', 'PushSubscription', 'id', 'invalid'));
      else {
        this.subscription = null;
        send(204, null);
      }
    } else send(404, fault('Record Not Found', 'resource', 'path', 'invalid'));
    return true;
  }

  private async create(form: URLSearchParams, send: Send): Promise<void> {
    if (this.subscription) return send(400, fault('Bad Request', 'PushSubscription', 'callback url', 'already exists'));
    const callback = form.get('callback_url') ?? '';
    const verifyToken = form.get('verify_token') ?? '';
    if (!callback || !verifyToken) return send(400, fault('Bad Request', 'PushSubscription', callback ? 'verify_token' : 'callback_url', 'missing'));
    const challenge = randomBytes(12).toString('hex');
    const validation = new URL(callback);
    validation.searchParams.set('hub.mode', 'subscribe');
    validation.searchParams.set('hub.challenge', challenge);
    validation.searchParams.set('hub.verify_token', verifyToken);
    const echoed = await fetch(validation, { signal: AbortSignal.timeout(CALLBACK_DEADLINE_MS) })
      .then(async (r) => (r.status === 200 ? ((await r.json()) as Record<string, unknown>)['hub.challenge'] : undefined))
      .catch(() => undefined);
    if (echoed !== challenge) return send(400, fault('Bad Request', 'PushSubscription', 'callback url', 'GET to callback URL does not return 200'));
    const at = new Date(this.clock()).toISOString();
    this.subscription = { id: this.nextId++, resource_state: 2, application_id: Number(this.clientId), callback_url: callback, created_at: at, updated_at: at };
    send(201, { id: this.subscription.id });
  }

  /** POSTs one event to the subscription's callback as Strava does; returns the callback's status. */
  async deliver(event: Omit<StravaPushEvent, 'subscription_id' | 'event_time' | 'updates'> & Partial<StravaPushEvent>): Promise<number> {
    if (!this.subscription) throw new Error('no push subscription');
    const full: StravaPushEvent = { subscription_id: this.subscription.id, event_time: Math.floor(this.clock() / 1000), updates: {}, ...event };
    const status = await fetch(this.subscription.callback_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(full),
      signal: AbortSignal.timeout(CALLBACK_DEADLINE_MS),
    }).then(
      (r) => r.status,
      () => 0,
    );
    this.delivered.push({ event: full, status });
    return status;
  }
}
