import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import { logLevel } from '../env';
import { processValueOr } from '../process-state';
import { logSerializers } from './error-serializer';

// Structured JSON logs on stdout. Inside a request every line carries its request_id: the route
// wrapper runs the handler inside withLogContext, and log() picks the request's child logger.

// The child logger is made on the first line logged: most requests log nothing, and a pino
// child per request was a measurable part of a read's cost.
interface LogContext {
  bindings: Record<string, unknown>;
  parent: Logger;
  logger?: Logger;
}
const context = new AsyncLocalStorage<LogContext>();

function rootLogger(): Logger {
  return processValueOr<Logger>('logger', () =>
    pino({
      level: logLevel(),
      base: { service: 'stride' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: logSerializers,
    }),
  );
}

/** The logger of the current request or job, else the process logger. */
export function log(): Logger {
  const store = context.getStore();
  if (!store) return rootLogger();
  store.logger ??= store.parent.child(store.bindings);
  return store.logger;
}

export function withLogContext<T>(bindings: Record<string, unknown>, fn: () => T): T {
  const store = context.getStore();
  return context.run({ bindings, parent: store ? log() : rootLogger() }, fn);
}
