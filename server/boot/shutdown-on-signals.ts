import type { Server } from 'node:http';
import { onShutdown, shutdown } from '../process-state';

// `npm start` on SIGTERM or SIGINT: shutdown() of server/process-state.ts, then exit. The HTTP
// server is its first step: no new connections, idle keep-alive connections closed, requests in
// progress answered (an upload being received is stored and its activity.created subscribers run
// before the database closes), at most REQUESTS_GRACE_MS.

const REQUESTS_GRACE_MS = 10_000;

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), REQUESTS_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export function shutdownOnSignals(server: Server): void {
  onShutdown('requests', 'http server', () => closeServer(server));
  const stop = () => {
    void shutdown()
      .then((failures) => {
        for (const { step, name, error } of failures)
          console.error(`Shutdown: ${name} (${step}) failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
