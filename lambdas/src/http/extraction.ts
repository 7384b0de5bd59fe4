// Content extraction with a text model (the drawer's Enhanced and local-model modes). The deployment's models come from
// the composition root; a mode with none answers 503 `model_not_configured`.
import { OpenAPIHono } from '@hono/zod-openapi';
import { extractionContract } from '@chartside/shared';
import { checkAllowance, recordUsage } from '../services/ai-allowance';
import { extractWithModel } from '../services/extraction-service';
import type { HttpDeps, HttpEnv } from './deps';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['extraction'];

export const extractionRouter = (deps: Pick<HttpDeps, 'ai' | 'chats' | 'clock'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);

  router.openapi(routeFrom(extractionContract.extract, { tags }), async (c) => {
    const userId = c.get('userId');
    const allowance = { chats: deps.chats, dailyTokens: deps.ai.dailyTokens };
    await checkAllowance(allowance, userId, deps.clock.now());
    const { result, usage } = await extractWithModel(deps.ai.models, c.req.valid('json'), c.req.raw.signal);
    await recordUsage(allowance, userId, deps.clock.now(), usage);
    return c.json(result, 200);
  });

  return router;
};
