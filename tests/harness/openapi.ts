// The routes the API documents, read from the OpenAPI document it serves: what the route tables of the authorization
// and robustness tests are checked against, so a new route cannot go untested.
import { api } from './api';
import type { JsonSchema } from './schema-arbitrary';
import type { TestRuntime } from './runtime';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As documented, e.g. /api/sessions/{sessionId}/sign-out */
  path: string;
  secured: boolean;
  hasBody: boolean;
  /** The JSON body's schema, when the route takes one. */
  body?: JsonSchema;
  parameters: Parameter[];
}

/** `METHOD /api/path`, the key route tables use. */
export const keyOf = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

interface OpenApiOperation {
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Parameter[];
}

export const documentedOperations = async (runtime: Pick<TestRuntime, 'url'>): Promise<Operation[]> => {
  const { status, json } = await api(runtime)('GET', '/openapi.json');
  if (status !== 200) throw new Error(`GET /api/openapi.json answered ${status}`);
  const doc = json as unknown as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, spec]) => ({
      method: method.toUpperCase(),
      path,
      secured: Array.isArray(spec.security) && spec.security.length > 0,
      hasBody: spec.requestBody !== undefined,
      body: spec.requestBody?.content?.['application/json']?.schema,
      parameters: spec.parameters ?? [],
    })),
  );
};

/** The path with each `{parameter}` replaced by the value `valueOf` gives, URI-encoded, and without the /api prefix. */
export const pathWith = (path: string, valueOf: (name: string) => string) =>
  path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(valueOf(name)));
