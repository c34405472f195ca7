import { handleTrpc } from '@/server/trpc/http-handler';

const handler = (req: Request) => handleTrpc(req);

export { handler as GET, handler as POST };
