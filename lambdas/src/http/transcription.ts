// Dictation: where the browser streams its audio. The engine itself is behind the TranscriptionSessions port.
import { OpenAPIHono } from '@hono/zod-openapi';
import { TranscriptionSession, transcriptionContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];

export const transcriptionRouter = (deps: Pick<HttpDeps, 'transcription'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);
  const route = routeFrom(transcriptionContract.session, { tags: ['transcription'] });

  router.openapi(
    { ...route, responses: { ...route.responses, 503: { description: 'No dictation engine in this deployment; the message says what to set up' } } },
    async (c) => c.json(TranscriptionSession.parse(await deps.transcription.open(c.get('userId'), c.req.url)), 200),
  );

  return router;
};
