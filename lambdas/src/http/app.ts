// The HTTP API: one router per feature under /api, every route but health and the OpenAPI document behind a verified token,
// and every route but the two session entry routes behind a live login session. Which routers an app serves is its
// caller's choice: a group of them in each cloud function, all of them locally (groups/).
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError, MAX_REQUEST_BYTES } from '@chartside/shared';
import type { Schema } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compressJson } from './compress-json';
import type { HttpDeps, HttpEnv } from './deps';
import { renderError, validationError } from './errors';
import { requestLogging, requireSession, requireUser } from './middleware';

export const hook = {
  defaultHook: (result: { success: boolean; error?: unknown; target: string }) => {
    if (!result.success && result.error) throw validationError(result.error as Parameters<typeof validationError>[0], result.target === 'json' ? 'request body' : result.target);
  },
};

export type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
export type Router = OpenAPIHono<HttpEnv, Schema, string>;

/** What every function's app needs besides its routers: the log, and the token and session checks. */
export type AppDeps = Pick<HttpDeps, 'logger' | 'tokenVerifier' | 'sessions' | 'clock'>;

/** A function's routers: `open` ones answer without a token, `entry` ones without a live login session, the rest need both. */
export interface Routers {
  open?: Router[];
  entry?: Router[];
  secured: Router[];
}

/** What a set of router factories needs together: the intersection of their dependencies. */
export type DepsOf<R extends (deps: never, hook: Hook) => unknown> = (R extends unknown ? (deps: Parameters<R>[0]) => void : never) extends (deps: infer D) => void
  ? D
  : never;

/** The routers mounted under /api as they are served: `open` ones first, then the token check, `entry` ones, the session check. */
export const mount = (app: OpenAPIHono<HttpEnv, Schema, string>, deps: AppDeps, routers: Routers) => {
  for (const router of routers.open ?? []) app.route('/', router);
  const secured = new OpenAPIHono<HttpEnv>(hook);
  secured.use(requireUser(deps.tokenVerifier));
  // Order matters: routes mounted before requireSession answer without one; everything after needs a live session.
  for (const router of routers.entry ?? []) secured.route('/', router);
  secured.use(requireSession(deps));
  for (const router of routers.secured) secured.route('/', router);
  app.route('/', secured);
};

/** The app of one function (a group's routers, see groups/) or of the local server (all of them). */
export const createApp = (deps: AppDeps, routers: (hook: Hook) => Routers) => {
  const app = new OpenAPIHono<HttpEnv>(hook).basePath('/api');
  app.use(requestLogging(deps.logger));
  app.use(compressJson);
  app.use(
    bodyLimit({
      maxSize: MAX_REQUEST_BYTES,
      // renderError reads the rest of the body before answering, or a streaming client sees a reset instead of the 413.
      onError: () => {
        throw new AppError('payload_too_large', `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`);
      },
    }),
  );
  mount(app, deps, routers(hook));
  app.notFound((c) => renderError(new AppError('not_found', `No route for ${c.req.method} ${c.req.path}.`), c));
  app.onError(renderError);
  return app;
};

export type App = ReturnType<typeof createApp>;
