// The private header carrying a request's socket peer address. Our HTTP server (scripts/start.ts)
// sets it from the socket on every request, overwriting any value a client sent: Next.js only
// fills X-Forwarded-For when it is absent, so the socket address is otherwise lost. No imports, so
// that the start script and the benches can take it without loading the service's configuration.
export const PEER_HEADER = 'x-stride-peer';
