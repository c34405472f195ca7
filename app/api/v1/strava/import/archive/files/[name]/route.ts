import { defineRoute } from '@/server/http/define-route';
import { noContent } from '@/server/http/respond';
import { emptyDoc } from '@/server/http/route-doc';
import { routes } from '@/server/http/routes';
import { deleteDropFolderFile } from '@/server/services/archive-import/delete-drop-folder-file';
import { deleteDropFolderFileInput } from '@/server/services/archive-import/schemas';

// Delete an export of the caller's drop folder; 404 when there is none of that name,
// 409 while an import reads it.
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  DELETE: defineRoute({
    doc: { summary: 'Delete a drop-folder export', problems: ['not_found', 'conflict'], responses: { 204: emptyDoc('Deleted') } },
    auth: 'jwt',
    scope: 'profile',
    tier: 'WRITE',
    params: deleteDropFolderFileInput,
    handler: async ({ db, auth, params }) => {
      await deleteDropFolderFile(db, auth.userId, params.name);
      return noContent();
    },
  }),
});
