import { internalRoute } from '@/server/http/internal-route';
import { json } from '@/server/http/respond';

// A CLI's proof that the process answering at the announced address is the server that holds this
// data directory: only it has the secret, and it names its pid (server/process-claim/running-server.ts).
export const GET = internalRoute(async () => json({ pid: process.pid }));
