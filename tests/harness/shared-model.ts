import { randomUUID } from 'node:crypto';
import { modelDoubleControl } from '@chartside/lambdas/test/model-double';
import { inject } from 'vitest';

/**
 * The model double the suite's runtime talks to (its AI), scripted over HTTP; started by the global setup. Files run
 * side by side, so each scripts under a key of its own (`model.key`): put it in the text the model is sent (the
 * user's message, a resource the chat is about) and only those requests take the file's scripted answers and show in
 * its `requests()`. The app sends the model nothing else that tells one user from another.
 */
export const sharedModel = () => modelDoubleControl(inject('modelDoubleUrl'), `model-${randomUUID().slice(0, 8)}`);
