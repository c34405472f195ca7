'use client';
import dynamic from 'next/dynamic';
import '@scalar/api-reference-react/style.css';

// Scalar's renderer is browser-only (a Vue app inside a React wrapper): load it on the client.
const ApiReferenceReact = dynamic(() => import('@scalar/api-reference-react').then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <p>Loading the API reference…</p>,
});

/**
 * Everything from our own origin: the document, the bundled renderer and the system fonts
 * (withDefaultFonts off); no telemetry, no agent or MCP helpers, and no request proxy.
 */
export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/v1/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        mcp: { disabled: true },
        agent: { disabled: true },
        documentDownloadType: 'json',
        defaultOpenAllTags: false,
      }}
    />
  );
}
