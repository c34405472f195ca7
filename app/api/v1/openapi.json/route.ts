import { openApiDocumentRoutes } from '../documented-routes';

// The OpenAPI 3.1 document of this API, built from the route declarations themselves.
export const { GET, POST, PUT, PATCH, DELETE } = openApiDocumentRoutes;
