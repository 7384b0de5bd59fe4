// Builds OpenAPI routes from the contracts in @chartside/shared, so paths and schemas are written once.
import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';

interface Contract {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  response: z.ZodType;
  body?: z.ZodType;
}

const errorResponses = {
  400: { description: 'Invalid input: `{ error: { code, message, issues } }`' },
  401: { description: 'Missing, invalid or expired token' },
  409: { description: 'Version conflict: the record changed since it was read' },
};

type RequestOf<C extends Contract> = C extends { body: infer B extends z.ZodType }
  ? { body: { required: true; content: { 'application/json': { schema: B } } } }
  : Record<never, never>;

export const routeFrom = <C extends Contract>(contract: C, options: { secured?: boolean; tags: string[] }) =>
  createRoute({
    method: contract.method,
    path: contract.path,
    summary: contract.summary,
    tags: options.tags,
    ...(options.secured === false ? {} : { security: [{ bearer: [] }] }),
    request: (contract.body
      ? { body: { required: true, content: { 'application/json': { schema: contract.body } } } }
      : {}) as RequestOf<C>,
    responses: {
      200: { description: 'OK', content: { 'application/json': { schema: contract.response as C['response'] } } },
      ...errorResponses,
    },
  });
