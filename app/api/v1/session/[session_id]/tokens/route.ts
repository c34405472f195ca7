import { pkceExchangeRoutes } from '@/server/http/pkce-exchange-route';

export const { GET, POST, PUT, PATCH, DELETE } = pkceExchangeRoutes('password');
