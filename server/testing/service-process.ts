import * as loginRoute from '@/app/api/v1/auth/login/route';
import * as thumbnailRoute from '@/app/api/v1/activities/[activity_id]/thumbnail.svg/route';
import * as zonesRoute from '@/app/api/v1/activities/[activity_id]/zones/route';
import * as uploadRoute from '@/app/api/v1/activities/create/upload/route';
import { registerServer } from '@/server/boot/register';
import { shutdownOnSignals } from '@/server/boot/shutdown-on-signals';
import { serveRoutes, serverUrl, type RouteMatch } from './internal-routes';

// The service as `npm start` runs it (server/boot/register.ts at start, shutdownOnSignals on
// SIGTERM), without a Next.js build: a few route files behind a loopback HTTP server, in a real
// child process (the shutdown test). Prints `listening <url>` once it answers.

function routeFor(method: string, path: string): RouteMatch {
  if (method === 'POST' && path === '/api/v1/auth/login') return { handler: loginRoute.POST, params: {} };
  if (method === 'POST' && path === '/api/v1/activities/create/upload') return { handler: uploadRoute.POST, params: {} };
  const read = /^\/api\/v1\/activities\/(\d+)\/(zones|thumbnail\.svg)$/.exec(path);
  if (method === 'GET' && read) return { handler: read[2] === 'zones' ? zonesRoute.GET : thumbnailRoute.GET, params: { activity_id: read[1]! } };
  return null;
}

await registerServer();
const server = await serveRoutes(routeFor);
shutdownOnSignals(server);
console.log(`listening ${serverUrl(server)}`);
