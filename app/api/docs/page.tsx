import type { Metadata } from 'next';
import { ApiReference } from './api-reference';

export const metadata: Metadata = { title: 'Stride API reference' };

// The REST API's reference, rendered from GET /api/v1/openapi.json.
export default function ApiDocsPage() {
  return (
    <main id="content">
      <ApiReference />
    </main>
  );
}
