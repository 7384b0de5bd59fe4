// /tools/texttospeech read by the server. The engine is behind the SpeechSynthesizer port; with none (the local
// runtime without AWS_ENDPOINT_URL_POLLY) the status says so and reading answers 503. No AI allowance is involved.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { AppError, DEFAULT_SPEECH_VOICE, speechAudioRoute, speechContract } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['speech'];

export const SPEECH_NOT_SET_UP =
  'Reading aloud on the server is not set up here: it uses Amazon Polly, which the local runtime reaches only when AWS_ENDPOINT_URL_POLLY is set. The browser reads the text instead.';

/** POST /speech: documented with an audio answer (routeFrom describes JSON ones). */
const audioRoute = createRoute({
  method: speechAudioRoute.method,
  path: speechAudioRoute.path,
  summary: speechAudioRoute.summary,
  tags,
  security: [{ bearer: [], session: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: speechAudioRoute.body } } } },
  responses: {
    200: { description: 'The text read aloud', content: { 'audio/mpeg': { schema: z.string().openapi({ format: 'binary' }) } } },
    400: { description: 'Invalid input, or a text Amazon Polly refused' },
    503: { description: 'No speech engine on this server; the message says what to set up' },
  },
});

export const speechRouter = (deps: Pick<HttpDeps, 'speech'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(speechContract.status, { tags }), (c) =>
    c.json({ server: deps.speech !== undefined, defaultVoice: deps.speech?.defaultVoice ?? DEFAULT_SPEECH_VOICE }, 200),
  );

  router.openapi(audioRoute, async (c) => {
    if (!deps.speech) throw new AppError('unavailable', SPEECH_NOT_SET_UP);
    const { text, voice } = c.req.valid('json');
    const audio = await deps.speech.synthesize(text, voice);
    c.header('content-type', 'audio/mpeg');
    c.header('cache-control', 'private, no-store');
    return c.body(new Uint8Array(audio.buffer as ArrayBuffer, audio.byteOffset, audio.byteLength), 200);
  });

  return router;
};
