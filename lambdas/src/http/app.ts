// The HTTP API: one router per feature under /api, every route but health and the OpenAPI document behind a verified token,
// and every route but the two session entry routes behind a live login session.
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError, MAX_REQUEST_BYTES, sessionIdHeader } from '@chartside/shared';
import { bodyLimit } from 'hono/body-limit';
import { admissionsRouter } from './admissions';
import { articlesRouter } from './articles';
import { auditRouter } from './audit';
import { backupsRouter } from './backups';
import { chatRouter } from './chat';
import { compressJson } from './compress-json';
import type { HttpDeps, HttpEnv } from './deps';
import { documentsRouter } from './documents';
import { renderError, validationError } from './errors';
import { realtimeRouter } from './realtime';
import { extractionRouter } from './extraction';
import { feedRouter } from './feed';
import { feedbackRouter } from './feedback';
import { fileCleanerRouter } from './file-cleaner';
import { filesRouter } from './files';
import { healthRouter } from './health';
import { libraryRouter } from './library';
import { meRouter } from './me';
import { requestLogging, requireSession, requireUser } from './middleware';
import { patientsRouter } from './patients';
import { resourcesRouter } from './resources';
import { searchRouter } from './search';
import { secureFilesRouter } from './secure-files';
import { sessionEntryRouter, sessionsRouter } from './sessions';
import { speechRouter } from './speech';
import { tagsRouter } from './tags';
import { transcriptionRouter } from './transcription';

const hook = {
  defaultHook: (result: { success: boolean; error?: unknown; target: string }) => {
    if (!result.success && result.error) throw validationError(result.error as Parameters<typeof validationError>[0], result.target === 'json' ? 'request body' : result.target);
  },
};

export const createApp = (deps: HttpDeps) => {
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
  app.route('/', healthRouter(deps));
  app.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'Chartside API', version: '1' } });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'header',
    name: sessionIdHeader,
    description: 'The id of a live login session of the signed-in user (POST /api/sessions starts one)',
  });

  const secured = new OpenAPIHono<HttpEnv>(hook);
  secured.use(requireUser(deps.tokenVerifier));
  // Order matters: routes mounted before requireSession answer without one; everything after needs a live session.
  secured.route('/', sessionEntryRouter(deps, hook));
  secured.use(requireSession(deps));
  secured.route('/', sessionsRouter(deps, hook));
  secured.route('/', realtimeRouter(deps, hook));
  secured.route('/', meRouter(deps, hook));
  secured.route('/', backupsRouter(deps, hook));
  secured.route('/', feedRouter(deps, hook));
  secured.route('/', tagsRouter(deps, hook));
  secured.route('/', resourcesRouter(deps, hook));
  secured.route('/', patientsRouter(deps, hook));
  secured.route('/', auditRouter(deps, hook));
  secured.route('/', admissionsRouter(deps, hook));
  secured.route('/', filesRouter(deps, hook));
  secured.route('/', documentsRouter(deps, hook));
  secured.route('/', fileCleanerRouter(deps, hook));
  secured.route('/', feedbackRouter(deps, hook));
  secured.route('/', articlesRouter(deps, hook));
  secured.route('/', searchRouter(deps, hook));
  secured.route('/', extractionRouter(deps, hook));
  secured.route('/', chatRouter(deps, hook));
  secured.route('/', libraryRouter(deps, hook));
  secured.route('/', transcriptionRouter(deps, hook));
  secured.route('/', speechRouter(deps, hook));
  secured.route('/', secureFilesRouter(deps, hook));
  app.route('/', secured);

  app.notFound((c) => renderError(new AppError('not_found', `No route for ${c.req.method} ${c.req.path}.`), c));
  app.onError(renderError);
  return app;
};

export type App = ReturnType<typeof createApp>;
