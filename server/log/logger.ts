import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import { env } from '../env';

// Structured JSON logs on stdout. Inside a request every line carries its request_id: the route
// wrapper runs the handler inside withLogContext, and log() picks the request's child logger.

const holder = globalThis as typeof globalThis & { __strideLogger?: Logger };
const context = new AsyncLocalStorage<Logger>();

function rootLogger(): Logger {
  holder.__strideLogger ??= pino({
    level: process.env.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'silent' : env().LOG_LEVEL,
    base: { service: 'stride' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
  return holder.__strideLogger;
}

/** The logger of the current request or job, else the process logger. */
export function log(): Logger {
  return context.getStore() ?? rootLogger();
}

export function withLogContext<T>(bindings: Record<string, unknown>, fn: () => T): T {
  return context.run(log().child(bindings), fn);
}
