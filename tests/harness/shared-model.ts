import { modelDoubleControl } from '@chartside/lambdas/test/model-double';
import { inject } from 'vitest';

/** The model double the suite's runtime talks to (its AI), scripted over HTTP; started by the global setup. */
export const sharedModel = () => modelDoubleControl(inject('modelDoubleUrl'));
