import { z } from 'zod';
import packageJson from '@/package.json';
import { errorKinds, type ErrorKind } from '../../errors';
import { routeMetaOf, type RouteMeta } from '../define-route';
import type { ResponseDoc } from '../route-doc';
import { METHODS } from '../routes';
import { headerRefs, headers, parameters, securitySchemes } from './components';
import { namedSchemas } from './named-schemas';
import { problemDocument, problemResponseName, problemResponses } from './problems';
import { webhooksSection } from './webhooks-section';

// The OpenAPI 3.1 document, built from the route declarations that serve requests: paths from
// the route files, everything else from each defineRoute (auth, scope, tier, inputs, answers).

type Json = Record<string, unknown>;
/** `server`: the route lives outside the document's /api/v1 (a page's image): its path item names its own server. */
export type RouteModule = { path: string; module: Record<string, unknown>; server?: string };

const noRegistry = z.registry<Record<string, unknown>>();

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) without the per-schema `$schema` line; a named
 * record inside (not the one being described) becomes a $ref to its components entry.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    metadata: noRegistry,
    override: ({ zodSchema, jsonSchema: node }) => {
      const described = zodSchema as unknown as z.ZodType;
      const name = io === 'output' && described !== schema ? namedSchemas.get(described) : undefined;
      if (!name) return;
      for (const key of Object.keys(node)) delete (node as Json)[key];
      (node as Json).$ref = `#/components/schemas/${name}`;
    },
  }) as Json;
  return rest;
}

/** A response body: a named record as a $ref, anything else inline. */
function outputSchema(schema: z.ZodType): Json {
  const name = namedSchemas.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : jsonSchema(schema, 'output');
}

function fieldParameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function security(meta: RouteMeta, method: string): Json[] {
  const roles = meta.scope ? [meta.scope] : [];
  if (meta.auth === 'public') return meta.doc.security ?? [];
  if (meta.auth === 'upload') return [{ apiKeyAuth: roles }, { bearerAuth: roles }];
  const webNeedsCsrf = (meta.csrf ?? true) && STATE_CHANGING.has(method);
  return webNeedsCsrf ? [{ bearerAuth: roles }, { bearerAuth: roles, csrfToken: [] }] : [{ bearerAuth: roles }];
}

function headerParameters(meta: RouteMeta): Json[] {
  const clientType = meta.clientType ?? (meta.auth === 'jwt' ? 'required' : 'optional');
  const clientTypeHeader = { required: 'x-client-type', mobile: 'x-client-type-mobile', optional: 'x-client-type-optional' }[clientType];
  const names = [clientTypeHeader, ...(meta.doc.headers ?? [])];
  return names.map((n) => ({ $ref: `#/components/parameters/${n}` }));
}

function requestBody(meta: RouteMeta): Json | undefined {
  const bodies = [
    ...(meta.json ? [{ media: 'application/json', schema: meta.json, required: true }] : []),
    ...(meta.form ? [{ media: 'application/x-www-form-urlencoded', schema: meta.form, required: true }] : []),
    ...(meta.doc.body ?? []),
  ];
  if (!bodies.length) return undefined;
  return {
    required: bodies.some((b) => b.required),
    content: Object.fromEntries(bodies.map((b) => [b.media, { schema: jsonSchema(b.schema, 'input') }])),
  };
}

/** The problems the wrapper itself can answer, from the route's rules, plus those the doc names. */
function problemKinds(meta: RouteMeta): ErrorKind[] {
  const kinds = new Set<ErrorKind>(['rate_limited', 'internal', 'service_unavailable', ...(meta.doc.problems ?? [])]);
  if (meta.auth !== 'public') kinds.add('unauthorized');
  if (meta.auth !== 'public' || meta.clientType === 'required' || meta.clientType === 'mobile') kinds.add('permission_denied');
  if (meta.clientType === 'mobile') kinds.add('invalid_input');
  if (meta.params) kinds.add('not_found');
  if (meta.query) ['invalid_input', 'validation_failed'].forEach((k) => kinds.add(k as ErrorKind));
  if (meta.json || meta.form) ['invalid_input', 'payload_too_large', 'unsupported_media_type', 'validation_failed'].forEach((k) => kinds.add(k as ErrorKind));
  return [...kinds].sort((a, b) => errorKinds[a].status - errorKinds[b].status);
}

function response(doc: ResponseDoc): Json {
  const content = doc.schema
    ? { 'application/json': { schema: outputSchema(doc.schema) } }
    : doc.media
      ? { [doc.media]: { schema: { type: 'string', contentMediaType: doc.media } } }
      : undefined;
  return { description: doc.description, ...(doc.headers?.length ? { headers: headerRefs(doc.headers) } : {}), ...(content ? { content } : {}) };
}

function operation(path: string, method: string, meta: RouteMeta): Json {
  const body = requestBody(meta);
  const answers = Object.fromEntries(Object.entries(meta.doc.responses).map(([status, doc]) => [status, response(doc)]));
  const problems = Object.fromEntries(
    problemKinds(meta).map((k) => [String(errorKinds[k].status), { $ref: `#/components/responses/${problemResponseName(k)}` }]),
  );
  return {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    tags: [path.split('/')[1]],
    summary: meta.doc.summary,
    ...(meta.doc.description ? { description: meta.doc.description } : {}),
    security: security(meta, method),
    parameters: [...fieldParameters(meta.params, 'path'), ...fieldParameters(meta.query, 'query'), ...headerParameters(meta)],
    ...(body ? { requestBody: body } : {}),
    responses: { ...problems, ...answers },
    'x-rate-limit-tier': meta.tier,
    ...(meta.endpoint ? { 'x-endpoint-limit': meta.endpoint } : {}),
  };
}

export function buildOpenApiDocument(modules: RouteModule[]): Json {
  const paths: Record<string, Json> = {};
  for (const { path, module, server } of modules) {
    for (const method of METHODS) {
      const meta = routeMetaOf(module[method]);
      if (meta) (paths[path] ??= {})[method.toLowerCase()] = operation(path, method, meta);
    }
    if (server && paths[path]) paths[path].servers = [{ url: server }];
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Stride activity service API',
      version: packageJson.version,
      description: 'Generated from the route declarations that serve the requests. Errors are RFC 9457 problem documents (application/problem+json).',
    },
    servers: [{ url: '/api/v1' }],
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: {
        Problem: jsonSchema(problemDocument, 'output'),
        ...Object.fromEntries([...namedSchemas].map(([schema, name]) => [name, jsonSchema(schema, 'output')])),
      },
      responses: problemResponses(),
      parameters,
      headers: Object.fromEntries(Object.entries(headers).map(([key, { name: _name, ...header }]) => [key, header])),
      securitySchemes,
    },
  };
}
