// What the web app reads from /config.json at start-up, so one build serves any deployment.
import * as z from 'zod';

export const RuntimeConfig = z.strictObject({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set only when Cognito is not AWS's own endpoint (the local runtime). */
  userPoolEndpoint: z.url().optional(),
  /** Base URL of the HTTP API, e.g. https://app.example.org/api */
  apiUrl: z.string().min(1),
  /** WebSocket URL, e.g. wss://app.example.org/ws */
  wsUrl: z.string().min(1),
  /** Whether every user must have a second factor. */
  mfa: z.enum(['optional', 'required']),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
