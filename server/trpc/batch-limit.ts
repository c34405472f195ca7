// The most calls one tRPC batch may carry; the server refuses a longer batch (400)
// before any procedure runs, and the web client's batch link splits at the same number.
export const MAX_TRPC_BATCH = 10;
