import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { PARSE_HEAP_MB, PARSE_SEMI_SPACE_MB, PARSE_TIME_BUDGET_MS } from './formats/limits';
import { readSecretKeyFile } from './process-claim/secret-key-file';
import { OSM_TILE_URL } from './map-tiles';
import { processValueOr, setProcessValue } from './process-state';

// The only reader of process.env. Defaults are the spec's Limits constants and CONTRACT.md
// "Configuration". Parsed once; a bad value stops start-up with one line naming the variable.

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'TRUE', 'FALSE', 'True', 'False'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v.toLowerCase())));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const nonNegativeInt = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // unset: Node's default (every interface, IPv6 and IPv4 where available)
  HOST: z.string().optional(),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  SECRET_KEY: z.string().min(32, 'must be at least 32 characters'),
  ALGORITHM: z.enum(['HS256', 'HS384', 'HS512']).default('HS256'),
  JWT_ISSUER: z.string().min(1).default('stride'),
  ACCESS_TOKEN_EXPIRE_MINUTES: positiveInt(15),
  REFRESH_TOKEN_EXPIRE_DAYS: positiveInt(7),
  SESSION_IDLE_TIMEOUT_ENABLED: bool(false),
  SESSION_IDLE_TIMEOUT_HOURS: z.coerce.number().positive().default(1),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce.number().positive().default(24),
  FRONTEND_PROTOCOL: z.enum(['http', 'https']).default('http'),
  ALLOWED_REDIRECT_SCHEMES: commaList,
  ALLOW_API_KEY_QUERY_PARAM: bool(false),
  REFRESH_REUSE_GRACE_SECONDS: nonNegativeInt(30),
  PKCE_SESSION_TTL_SECONDS: positiveInt(600),
  OAUTH_STATE_TTL_SECONDS: positiveInt(600),
  MFA_PENDING_TTL_SECONDS: positiveInt(300),

  RATE_LIMIT_ENABLED: bool(true),
  TRUSTED_PROXIES: commaList,
  UPSTASH_REDIS_REST_URL: optionalUrl,
  UPSTASH_REDIS_REST_TOKEN: z.string().optional(),

  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_BASE_URL: optionalUrl,
  INNGEST_DEV: z.string().optional(),
  // The origin Inngest calls the serve endpoint at (default PUBLIC_URL's): registration never takes
  // it from the request's Host.
  INNGEST_SERVE_HOST: optionalUrl,
  /** jobs one instance's embedded runner runs at once */
  JOB_CONCURRENCY: positiveInt(2),
  /** how long `npm run import`/`export` waits for an embedded server that holds the database to listen */
  CLI_SERVER_WAIT_SECONDS: positiveInt(120),

  ADMIN_USERNAME: z.string().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).max(256).optional(),

  // CONTRACT: Settled 2026-11-23: a Strava export uploaded to POST /strava/import/archive, default 2 GiB
  MAX_ARCHIVE_BYTES: positiveInt(2 * 1024 * 1024 * 1024),
  MAX_UPLOAD_BYTES: positiveInt(50 * 1024 * 1024),
  // What one user's drop folder may hold (uploads beyond it are 413), default 4 GiB
  MAX_DROP_FOLDER_BYTES: positiveInt(4 * 1024 * 1024 * 1024),
  // Parse worker pool (server/workers): threads default to the cores minus the event loop's one.
  // Measured: 2 threads on 2 cores with the request thread no longer encoding: 4 clients
  // gained nothing (Edge 500: 1.23× vs 1.55× sequential on PGlite, 1.19× vs 1.39× on PostgreSQL)
  // and reads suffered more, since the event loop still stores and answers; so cores − 1 stays.
  PARSE_THREADS: positiveInt(Math.max(1, availableParallelism() - 1)),
  PARSE_TIME_BUDGET_MS: positiveInt(PARSE_TIME_BUDGET_MS),
  PARSE_HEAP_MB: positiveInt(PARSE_HEAP_MB),
  PARSE_SEMI_SPACE_MB: positiveInt(PARSE_SEMI_SPACE_MB),

  STRAVA_CLIENT_ID: z.string().optional(),
  STRAVA_CLIENT_SECRET: z.string().optional(),
  STRAVA_API_BASE_URL: z.url().default('https://www.strava.com/api/v3'),
  STRAVA_OAUTH_BASE_URL: z.url().default('https://www.strava.com'),

  // CONTRACT: Beyond the spec … Maps, privacy zones, sharing: OpenStreetMap's standard tiles by
  // default; `none` draws the route on a plain background (server/map-tiles.ts)
  MAP_TILE_URL: z.string().default(OSM_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().max(500).optional(),

  // CONTRACT: Beyond the spec … Integrations
  /** deliver webhooks to loopback, private and link-local addresses (tests, a receiver on the same LAN) */
  WEBHOOK_ALLOW_PRIVATE: bool(false),
  /** the first retry waits this long; each further one twice as long (30 s → 6 attempts over 15.5 min) */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  /** an attempt with no answer by then counts as failed */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  STRAVA_WEBHOOK_VERIFY_TOKEN: z.string().optional(),
  STRAVA_WEBHOOK_SUBSCRIPTION_ID: z.coerce.number().int().positive().optional(),
  /** how often each instance looks at the watched inboxes (a file is read once its size held for two looks) */
  INBOX_POLL_SECONDS: z.coerce.number().positive().default(3),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = 'ConfigError';
  }
}

/** Parses a raw environment. Throws ConfigError naming the first bad variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = raw[key];
    // An empty string means "unset", as shells and compose files often pass it.
    input[key] = value === '' ? undefined : value;
  }
  // the test runner's own process logs nothing unless a test asks for a level
  if (input.LOG_LEVEL === undefined && input.NODE_ENV === 'test') input.LOG_LEVEL = 'silent';
  if (input.SECRET_KEY === undefined && input.DATABASE_URL === undefined) {
    input.SECRET_KEY = readSecretKeyFile(input.DATA_DIR ?? './data');
  }
  const result = envSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    const message = input[variable] === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message;
    throw new ConfigError(variable, message);
  }
  const env = result.data;
  if (env.UPSTASH_REDIS_REST_URL && !env.UPSTASH_REDIS_REST_TOKEN) {
    throw new ConfigError('UPSTASH_REDIS_REST_TOKEN', 'is required when UPSTASH_REDIS_REST_URL is set');
  }
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}

/** The process configuration, parsed on first use. */
export function env(): Env {
  return processValueOr('env', () => parseEnv(process.env));
}

/**
 * The log level, also when the rest of the configuration is invalid: the logger must never throw
 * while it reports a failure (a 500 logged before SECRET_KEY was ever read, say).
 */
export function logLevel(): Env['LOG_LEVEL'] {
  try {
    return env().LOG_LEVEL;
  } catch {
    const raw = process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : undefined);
    return envSchema.shape.LOG_LEVEL.catch('info').parse(raw);
  }
}

/** Tests replace the configuration of this process (never used by the service itself). */
export function setEnvForTests(overrides: Record<string, string | undefined>): Env {
  return setProcessValue('env', parseEnv({ ...process.env, ...overrides }))!;
}

/** True when jobs go to an Inngest server instead of the embedded runner. */
export function usesInngest(e: Env = env()): boolean {
  return Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_BASE_URL || e.INNGEST_DEV);
}

/**
 * Why /api/inngest must not answer in this configuration, or null. In production the
 * endpoint serves only with a signing key and never in dev mode, where the SDK checks no signature
 * (anyone could then drive any job's steps by id and read their outputs).
 */
export function inngestServeRefusal(e: Env = env()): string | null {
  if (e.NODE_ENV !== 'production') return null;
  if (e.INNGEST_DEV && !['0', 'false'].includes(e.INNGEST_DEV.toLowerCase())) return 'INNGEST_DEV is set in production, where every call must be signed';
  if (!e.INNGEST_SIGNING_KEY) return 'INNGEST_SIGNING_KEY is not set';
  return null;
}

/** The origin Inngest reaches the serve endpoint at: INNGEST_SERVE_HOST, else PUBLIC_URL's. */
export function inngestServeOrigin(e: Env = env()): string {
  return new URL(e.INNGEST_SERVE_HOST ?? e.PUBLIC_URL).origin;
}
