import pino from 'pino';

// Never log bind parameters. A failed statement's error carries its parameters (drizzle's
// DrizzleQueryError in `params` and in its message; postgres.js in `parameters` and `args`), and
// those can be a new user's argon2id hash, a token digest or a user's text. The logged error keeps
// the statement text, its SQLSTATE and the stack of every cause, never the values.

const PARAMETER_KEYS = new Set(['params', 'parameters', 'args']);

/** drizzle writes `Failed query: <sql>\nparams: <values>`; the values end the message. */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*$/, '\nparams: [not logged]');

function isErrorLike(value: unknown): value is Error {
  return value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as Error).message === 'string' && 'stack' in value);
}

/** A copy of the error and its causes without parameters: same class, name, code and stack frames. */
export function scrubbedError(error: Error, depth = 0): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(error)) if (!PARAMETER_KEYS.has(key) && key !== 'cause') copy[key] = value;
  const message = withoutParams(error.message);
  const stack = error.stack ?? '';
  const head = `${error.name}: ${error.message}`;
  Object.defineProperty(copy, 'name', { value: error.name, enumerable: false });
  Object.defineProperty(copy, 'message', { value: message, enumerable: false });
  Object.defineProperty(copy, 'stack', {
    value: stack.startsWith(head) ? `${error.name}: ${message}${stack.slice(head.length)}` : withoutParams(stack),
    enumerable: false,
  });
  if (isErrorLike(error.cause) && depth < 8) Object.defineProperty(copy, 'cause', { value: scrubbedError(error.cause, depth + 1), enumerable: false });
  return copy;
}

/** pino's `err` serializer over the scrubbed error; the process logger and test captures use it. */
export const logSerializers = {
  err: (value: unknown) => (isErrorLike(value) ? pino.stdSerializers.err(scrubbedError(value)) : value),
};
