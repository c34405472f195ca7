import { z } from 'zod';
import { defineRoute } from '@/server/http/define-route';
import { json } from '@/server/http/respond';
import { jsonDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { listDropFolderFiles } from '@/server/services/archive-import/list-drop-folder-files';
import { dropFolderFileResponse } from '@/server/services/archive-import/schemas';

// What the caller's drop folder holds (toward MAX_DROP_FOLDER_BYTES), to delete what is not needed.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: defineRoute({
    doc: { summary: 'List the drop folder', responses: { 200: jsonDoc(z.array(dropFolderFileResponse), "The exports in the caller's drop folder") } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'DEFAULT',
    handler: async ({ auth }) => json(await listDropFolderFiles(auth.userId)),
  }),
});
