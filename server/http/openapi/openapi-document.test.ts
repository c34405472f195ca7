import { readFileSync } from 'node:fs';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { errorKinds, type ErrorKind } from '@/server/errors';
import { routeMetaOf } from '@/server/http/define-route';
import { METHODS } from '@/server/http/routes';
import { assertDocumentedResponse, UndocumentedResponse } from '@/server/testing/documented-responses';
import { documentedRouteModules, siteRouteModules } from '@/app/api/v1/documented-routes';
import { buildOpenApiDocument } from './build-document';
import { listRouteFiles, routeModulesSource } from './route-files';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = buildOpenApiDocument(documentedRouteModules) as Json;
const ROOT = process.cwd();

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('is built from the route files the filesystem has (route-modules.ts is current)', () => {
    expect(readFileSync('app/api/v1/route-modules.ts', 'utf8')).toBe(routeModulesSource(ROOT));
  });

  it('documents every method each route file serves, and only those', async () => {
    const served: string[] = [];
    for (const { file, path } of listRouteFiles(ROOT)) {
      const handlers = (await import(`${ROOT}/${file}`)) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
      for (const method of METHODS) {
        if (routeMetaOf(handlers[method])) {
          served.push(`${method} ${path}`);
          continue;
        }
        // a handler without a declaration must be the 405 answer routes() fills in
        const answer = await handlers[method]!(new Request(`http://127.0.0.1/api/v1${path}`, { method }), { params: Promise.resolve({}) });
        expect(answer.status, `${method} ${path} has a handler without metadata`).toBe(405);
      }
    }
    for (const { path, module } of siteRouteModules) for (const method of METHODS) if (routeMetaOf(module[method])) served.push(`${method} ${path}`);
    const documented = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'servers')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(served.sort());
    expect(served).toContain('POST /activities/create/upload');
  });

  it("documents the public activity's preview image, served from the site's root rather than /api/v1", () => {
    const item = doc.paths['/a/{id}/image'];
    expect(item.servers).toEqual([{ url: '/' }]);
    expect(item.get.security).toEqual([]);
    expect(item.get.responses['200'].content).toEqual({ 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } });
    expect(item.get.responses['404']).toEqual({ $ref: '#/components/responses/Problem_not_found' });
    expect(doc.paths['/gears'].servers).toBeUndefined();
  });

  it('describes every problem type as an application/problem+json response', () => {
    for (const kind of Object.keys(errorKinds) as ErrorKind[]) {
      const response = doc.components.responses[`Problem_${kind}`];
      const schema = response.content['application/problem+json'].schema;
      expect(schema.allOf[1].properties.type.const).toBe(errorKinds[kind].type);
    }
  });

  it('names the three ways to authenticate and the headers the wrapper reads', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['bearerAuth', 'apiKeyAuth', 'refreshCookie', 'csrfToken']));
    const upload = doc.paths['/activities/create/upload'].post;
    expect(upload.security).toEqual([{ apiKeyAuth: ['activities:upload'] }, { bearerAuth: ['activities:upload'] }]);
    expect(doc.paths['/gears'].post.security).toContainEqual({ bearerAuth: ['gears:write'], csrfToken: [] });
    expect(doc.paths['/auth/refresh'].post.security).toContainEqual({ refreshCookie: [] });
    expect(upload.parameters).toContainEqual({ $ref: '#/components/parameters/idempotency-key' });
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string' });
    expect(doc.paths['/activities/{activity_id}'].patch.parameters).toContainEqual({ $ref: '#/components/parameters/if-match' });
    expect(doc.paths['/gears'].get.parameters).toContainEqual({ $ref: '#/components/parameters/x-client-type' });
    expect(doc.paths['/gears'].post.responses['429']).toEqual({ $ref: '#/components/responses/Problem_rate_limited' });
  });

  it('names each record once under components.schemas and refers to it', () => {
    expect(doc.paths['/gears/{gear_id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Gear' });
    expect(doc.components.schemas.ActivityPage.properties.items.items).toEqual({ $ref: '#/components/schemas/Activity' });
    expect(doc.components.schemas.Activity.properties.version).toMatchObject({ type: 'integer' });
  });
});

describe('checking an answer against the document', () => {
  const gear = {
    id: 1,
    user_id: 1,
    nickname: 'Shoes',
    brand: null,
    model: null,
    gear_type: 'shoes',
    active: true,
    provider_gear_id: null,
    total_distance: 0,
    activity_count: 0,
    created_at: '2026-11-24T00:00:00.000Z',
    updated_at: '2026-11-24T00:00:00.000Z',
  };
  const get = new Request('http://127.0.0.1/api/v1/gears/1');
  const answer = (body: unknown, status = 200, type = 'application/json') => new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

  it('accepts the documented shape', async () => {
    await expect(assertDocumentedResponse(get, answer(gear))).resolves.toBeUndefined();
  });

  it('refuses a field the schema does not have, a missing one, and a wrong type', async () => {
    await expect(assertDocumentedResponse(get, answer({ ...gear, colour: 'red' }))).rejects.toThrow(UndocumentedResponse);
    const { nickname: _dropped, ...withoutNickname } = gear;
    await expect(assertDocumentedResponse(get, answer(withoutNickname))).rejects.toThrow(/nickname/);
    await expect(assertDocumentedResponse(get, answer({ ...gear, active: 'yes' }))).rejects.toThrow(UndocumentedResponse);
  });

  it('refuses a status the operation does not document, and a problem of the wrong shape', async () => {
    await expect(assertDocumentedResponse(get, answer(gear, 201))).rejects.toThrow(/status is not documented/);
    await expect(assertDocumentedResponse(get, answer({ type: 'urn:service:error:not-found' }, 404, 'application/problem+json'))).rejects.toThrow(
      UndocumentedResponse,
    );
  });
});
