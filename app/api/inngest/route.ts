import { serve } from 'inngest/next';
import { inngest } from '@/server/job-queue/inngest-client';
import { functions } from '@/inngest/functions';
import { inngestServeOrigin, inngestServeRefusal, usesInngest } from '@/server/env';
import { AppError } from '@/server/errors';
import { log } from '@/server/log/logger';
import { problemResponse } from '@/server/http/problem';
import { requestIdFrom } from '@/server/http/request-id';
import { unknownPathRoutes } from '@/server/http/routes';

// Inngest's serve endpoint (introspection, registration and step calls, signed with
// INNGEST_SIGNING_KEY). With the embedded runner in force nothing answers here. Every
// call must be signed, a sync (PUT) too, and the URL registered with Inngest is the configured
// origin's, never one taken from the request's Host; in production it refuses to serve without a
// signing key or in dev mode (503).
const SERVE_PATH = '/api/inngest';
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
let served: Record<'GET' | 'POST' | 'PUT', Handler> | undefined;
const absent = unknownPathRoutes();

/** Built on first use: the configuration is read at run time, not when the route is compiled. */
function handler(): Record<'GET' | 'POST' | 'PUT', Handler> {
  served ??= serve({ client: inngest, functions, serveOrigin: inngestServeOrigin(), servePath: SERVE_PATH, enableUnauthedSync: false }) as never;
  return served!;
}

function refused(request: Request, reason: string): Response {
  log().error({ reason }, 'the Inngest serve endpoint refuses to serve');
  const detail = `The Inngest endpoint is not served: ${reason}.`;
  return problemResponse(new AppError('service_unavailable', { detail }), { instance: SERVE_PATH, requestId: requestIdFrom(request.headers) });
}

const when =
  (method: 'GET' | 'POST' | 'PUT'): Handler =>
  (request, context) => {
    if (!usesInngest()) return absent[method](request, context);
    const refusal = inngestServeRefusal();
    return refusal ? Promise.resolve(refused(request, refusal)) : handler()[method](request, context);
  };

export const GET = when('GET');
export const POST = when('POST');
export const PUT = when('PUT');
