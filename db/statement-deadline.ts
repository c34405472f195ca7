import { connect, type Socket } from 'node:net';

// A PostgreSQL that is connected but hung (stopped process, frozen host, a network that
// drops packets) never answers and never closes; the server-side statement_timeout cannot fire
// and requests waited 40 s and more. Each connection of the pool gets a client-side deadline: once
// a message has been sent, a server that sends no byte for `deadlineMs` has its socket destroyed.
// postgres.js then fails the waiting statements with CONNECTION_CLOSED (a 503, db/unavailable.ts)
// and opens a new connection for the next one. An idle connection is never cut: nothing is awaited.

interface SocketTarget {
  host: string[];
  port: number[];
  path?: string;
}

/** postgres.js's `socket` option: a TCP (or Unix) socket that is destroyed past the deadline. */
export function socketWithDeadline(deadlineMs: number): (target: SocketTarget) => Socket {
  return ({ host, port, path }) => {
    const socket = path ? connect(path) : connect(port[0]!, host[0]!);
    Object.assign(socket, { host: host[0], port: port[0] }); // read by postgres.js for TLS
    let awaiting = false;
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((...args: unknown[]) => {
      awaiting = true;
      return write(...args);
    }) as Socket['write'];
    socket.on('data', () => {
      awaiting = false;
    });
    socket.setTimeout(deadlineMs, () => {
      if (awaiting) socket.destroy();
    });
    return socket;
  };
}
