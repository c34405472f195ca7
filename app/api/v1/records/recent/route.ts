import { defineRoute } from '@/server/http/define-route';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { recentRecordsRead } from '@/server/services/efforts/reads';
import { recentRecordsResponse } from '@/server/services/efforts/schemas';

// CONTRACT: Beyond the spec … Best efforts and records: the REST twin of the dashboard's recent
// records (tRPC progress.recentRecords). The contract names no path; it sits under /records.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: {
      summary: 'Get recent personal records',
      description: 'Efforts of the latest activities that were the best of their distance or duration when set (pr_rank 1), newest first.',
      responses: { 200: jsonDoc(recentRecordsResponse, 'Recent personal records') },
    },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    read: recentRecordsRead,
  }),
});
