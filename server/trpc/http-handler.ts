import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { withLogContext } from '@/server/log/logger';
import { problemResponse } from '@/server/http/problem';
import { readCapped } from '@/server/http/read-body';
import { requestIdFrom } from '@/server/http/request-id';
import { MAX_TRPC_BATCH } from './batch-limit';
import { createTrpcContext } from './context';
import { appRouter } from './root';

// TRPC takes the same 1 MiB body cap as REST, and a batch of more than
// MAX_TRPC_BATCH calls is refused (400) before any procedure runs.

/** A copy of the request whose body was read under the cap (tRPC buffers it anyway). */
async function withCappedBody(request: Request): Promise<Request> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const text = await readCapped(request);
  return new Request(request.url, { method: request.method, headers: request.headers, body: text });
}

export function handleTrpc(request: Request): Promise<Response> {
  const requestId = requestIdFrom(request.headers);
  return withLogContext({ request_id: requestId }, async () => {
    let req: Request;
    try {
      req = await withCappedBody(request);
    } catch (error) {
      return problemResponse(error, { instance: new URL(request.url).pathname, requestId });
    }
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req,
      router: appRouter,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: ({ resHeaders }) => createTrpcContext({ req, requestId, resHeaders }),
    });
    response.headers.set('x-request-id', requestId);
    return response;
  });
}
