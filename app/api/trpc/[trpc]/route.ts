import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createTrpcContext } from '@/server/trpc/context';
import { appRouter } from '@/server/trpc/root';

const handler = (req: Request) =>
  fetchRequestHandler({ endpoint: '/api/trpc', req, router: appRouter, createContext: () => createTrpcContext({ req }) });

export { handler as GET, handler as POST };
