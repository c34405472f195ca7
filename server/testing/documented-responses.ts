import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { documentedRouteModules } from '@/app/api/v1/documented-routes';
import { buildOpenApiDocument } from '../http/openapi/build-document';

// Checks an answer of a REST route against the OpenAPI document: its status must be documented
// for the path and method, and a JSON body must match that status's schema. The vitest config
// puts this behind every route module (server/testing/validated-routes.ts), so a shape change
// without a schema change fails the REST tests that see it.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;
const DOC_ID = 'urn:stride:openapi';

let state: { doc: Json; ajv: Ajv2020; templates: { path: string; pattern: RegExp; params: number }[] } | undefined;

function load() {
  if (state) return state;
  const doc = buildOpenApiDocument(documentedRouteModules) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const templates = Object.keys(doc.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (path.match(/\{/g) ?? []).length,
  }));
  state = { doc, ajv, templates };
  return state;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validators = new Map<string, ValidateFunction>();

function validatorAt(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = load().ajv.compile({ $ref: `${DOC_ID}#/${ref}` });
    validators.set(ref, validate);
  }
  return validate;
}

/** The documented path a request went to; literal segments win over parameters. */
export function documentedPath(pathname: string): string | undefined {
  const local = pathname.replace(/^\/api\/v1(?=\/)/, '');
  const candidates = load().templates.filter((t) => t.pattern.test(local));
  return candidates.sort((a, b) => a.params - b.params)[0]?.path;
}

export class UndocumentedResponse extends Error {
  override name = 'UndocumentedResponse';
}

export async function assertDocumentedResponse(request: Request, response: Response): Promise<void> {
  const { doc } = load();
  const path = documentedPath(new URL(request.url).pathname);
  if (!path) return; // a test's own route or an unknown path (the catch-all's 404)
  const method = request.method.toLowerCase();
  const where = `${request.method} ${path} → ${response.status}`;
  const operation = doc.paths[path][method];
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  let ref: string;
  if (!operation) {
    if (response.status !== 405) throw new UndocumentedResponse(`${where}: the method is not documented for this path`);
    ref = pointer('components', 'responses', 'Problem_method_not_allowed');
  } else {
    const answer = operation.responses[String(response.status)];
    if (!answer) throw new UndocumentedResponse(`${where}: the status is not documented`);
    ref = answer.$ref ? answer.$ref.slice(2) : pointer('paths', path, method, 'responses', String(response.status));
  }
  const documented = ref.split('/').reduce<Json>((node, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  const media = Object.keys(documented.content ?? {});
  if (!/json$/.test(contentType)) {
    if (contentType && !media.length) throw new UndocumentedResponse(`${where}: a ${contentType} body where the document has none`);
    return;
  }
  if (!media.includes(contentType)) throw new UndocumentedResponse(`${where}: ${contentType} is not among ${media.join(', ') || 'no bodies'}`);
  const validate = validatorAt(`${ref}/${pointer('content', contentType, 'schema')}`);
  const body: unknown = JSON.parse(await response.clone().text());
  if (!validate(body)) {
    throw new UndocumentedResponse(`${where}: the body does not match the document: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
  }
}
