import { writeFileSync } from 'node:fs';
import { routeModulesSource } from '../server/http/openapi/route-files';

// Rewrites the list of REST route modules the OpenAPI document is built from.
writeFileSync('app/api/v1/route-modules.ts', routeModulesSource(process.cwd()));
