import type { Metadata } from 'next';
import { ApiReference } from './api-reference';

export const metadata: Metadata = { title: 'Stride API reference' };

// The REST API's reference, rendered from GET /api/v1/openapi.json. Its <main> is the renderer's
// whole page: none of the app's column, padding or text rules (globals.css) reach inside it.
export default function ApiDocsPage() {
  return (
    <main id="content" className="api-docs">
      <ApiReference />
    </main>
  );
}
