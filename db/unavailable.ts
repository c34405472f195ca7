// "The database is not there right now", as opposed to a query that is wrong: such failures
// answer 503 service-unavailable instead of a 500, on every route, and clear up by
// themselves when the database returns (postgres.js reconnects on the next query).

/** Socket and client-side codes of postgres.js and Node when the server cannot be reached. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shut down, crash
 * shutdown, cannot connect now), 57014 (statement timeout or cancel), 53300 (too many
 * connections).
 */
const SQLSTATE_UNAVAILABLE = /^(08...|57P0[1-3]|57014|53300)$/;

/** PGlite after close() or a fatal error inside its WASM instance. */
const PGLITE_GONE = 'PGlite is closed';

export function isDatabaseUnavailable(error: unknown): boolean {
  // drizzle wraps driver errors (DrizzleQueryError.cause); walk a few levels, never a cycle
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
    if (typeof message === 'string' && message.includes(PGLITE_GONE)) return true;
  }
  return false;
}
