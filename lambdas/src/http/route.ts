// Builds OpenAPI routes from the contracts in @chartside/shared, so paths and schemas are written once.
import { createRoute } from '@hono/zod-openapi';
import { MAX_SHORT_TEXT } from '@chartside/shared';
import * as z from 'zod';

interface Contract {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  response: z.ZodType;
  body?: z.ZodType;
  /** The query string's parameters (a page's cursor and size). */
  query?: z.ZodObject;
}

const errorResponses = {
  400: { description: 'Invalid input: `{ error: { code, message, issues } }`' },
  401: { description: 'Missing, invalid or expired token (`unauthorized`), or no live login session (`session_ended`)' },
  404: { description: 'Not found among the signed-in user’s own records' },
  409: { description: 'Version conflict: the record changed since it was read' },
};

/** 'a/{x}/b/{y}' -> 'x' | 'y' */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

type BodyOf<C extends Contract> = C extends { body: infer B extends z.ZodType }
  ? { body: { required: true; content: { 'application/json': { schema: B } } } }
  : Record<never, never>;

type QueryOf<C extends Contract> = C extends { query: infer Q extends z.ZodObject } ? { query: Q } : Record<never, never>;

type ParamsOf<C extends Contract> = [PathParams<C['path']>] extends [never]
  ? Record<never, never>
  : { params: z.ZodObject<Record<PathParams<C['path']>, z.ZodString>> };

/** Every path parameter is an opaque id: non-empty and short. Which record it names is checked against the user's own. */
const pathParams = (path: string) => {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return names.length ? { params: z.object(Object.fromEntries(names.map((name) => [name, z.string().min(1).max(MAX_SHORT_TEXT)]))) } : {};
};

/**
 * `secured: false` for the public routes; `session: false` for the two routes that start or check a login session, which
 * a token alone may call. Every other route needs both the bearer token and the x-session-id header.
 */
export const routeFrom = <C extends Contract>(contract: C, options: { secured?: boolean; session?: boolean; tags: string[] }) => {
  const requirement: Record<string, string[]> = options.session === false ? { bearer: [] } : { bearer: [], session: [] };
  return createRoute({
    method: contract.method,
    path: contract.path,
    summary: contract.summary,
    tags: options.tags,
    ...(options.secured === false ? {} : { security: [requirement] }),
    request: {
      ...(contract.body ? { body: { required: true, content: { 'application/json': { schema: contract.body } } } } : {}),
      ...pathParams(contract.path),
      ...(contract.query ? { query: contract.query } : {}),
    } as BodyOf<C> & ParamsOf<C> & QueryOf<C>,
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: contract.response as C['response'] } } },
      ...errorResponses,
    },
  });
};
