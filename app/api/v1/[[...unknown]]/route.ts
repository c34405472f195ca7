import { unknownPathRoutes } from '@/server/http/routes';

// CONTRACT: Errors: every unknown path under /api/v1 is a 404 problem, whatever the method.
export const { GET, POST, PUT, PATCH, DELETE } = unknownPathRoutes();
