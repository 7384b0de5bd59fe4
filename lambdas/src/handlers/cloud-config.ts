// The only place in the cloud runtime that reads the environment; CDK sets these on every function.
import { z } from 'zod';

const CloudConfig = z.object({
  TABLE_NAME: z.string().min(1),
  USER_POOL_ID: z.string().min(1),
  USER_POOL_CLIENT_ID: z.string().min(1),
  WS_MANAGEMENT_ENDPOINT: z.url(),
  LOG_LEVEL: z.string().default('INFO'),
});
export type CloudConfig = z.infer<typeof CloudConfig>;

export const cloudConfig = (): CloudConfig => CloudConfig.parse(process.env);
