// Feedback: any signed-in user sends it (the sender and their email come from the token, never the body); only
// members of the admin group list it (403 for anyone else).
import { OpenAPIHono } from '@hono/zod-openapi';
import { FEEDBACK_LIST_LIMIT, feedbackContract, type Feedback } from '@chartside/shared';
import type { HttpDeps, HttpEnv } from './deps';
import { requireAdmin } from './middleware';
import { routeFrom } from './route';

type Hook = ConstructorParameters<typeof OpenAPIHono<HttpEnv>>[0];
const tags = ['feedback'];

export const feedbackRouter = (deps: Pick<HttpDeps, 'clock' | 'feedback' | 'userDirectory'>, defaultHook: Hook) => {
  const router = new OpenAPIHono<HttpEnv>(defaultHook);
  router.use('/admin/feedback', requireAdmin);

  router.openapi(routeFrom(feedbackContract.send, { tags }), async (c) => {
    const { message, screenshot, page } = c.req.valid('json');
    const feedback: Feedback = {
      id: crypto.randomUUID(),
      email: await deps.userDirectory.emailOf(c.get('accessToken')),
      message,
      ...(screenshot ? { screenshot } : {}),
      ...(page ? { page } : {}),
      createdAt: deps.clock.now().toISOString(),
    };
    await deps.feedback.add(c.get('userId'), feedback);
    return c.json({ id: feedback.id, createdAt: feedback.createdAt }, 200);
  });

  router.openapi(routeFrom(feedbackContract.list, { tags }), async (c) => c.json({ feedback: await deps.feedback.listAll(FEEDBACK_LIST_LIMIT) }, 200));

  return router;
};
