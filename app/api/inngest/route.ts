import { serve } from 'inngest/next';
import { inngest } from '@/inngest/client';
import { functions } from '@/inngest/functions';
import { usesInngest } from '@/server/env';
import { unknownPathRoutes } from '@/server/http/routes';

// Inngest's serve endpoint (introspection, registration and step calls, signed with
// INNGEST_SIGNING_KEY). With the embedded runner in force nothing answers here.
const handler = serve({ client: inngest, functions });
const absent = unknownPathRoutes();

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const when =
  (served: unknown, method: keyof typeof absent): Handler =>
  (request, context) =>
    usesInngest() ? (served as Handler)(request, context) : absent[method](request, context);

export const GET = when(handler.GET, 'GET');
export const POST = when(handler.POST, 'POST');
export const PUT = when(handler.PUT, 'PUT');
