// The runtime config's check (runtime-config-check.ts) as a zod schema, for the server side: `RuntimeConfig.parse`.
import * as z from 'zod';
import { runtimeConfigIssues, type RuntimeConfig as RuntimeConfigFields } from './runtime-config-check';

export const RuntimeConfig = z.custom<RuntimeConfigFields>().superRefine((value, context) => {
  for (const { path, message } of runtimeConfigIssues(value)) context.addIssue({ code: 'custom', path, message });
});
export type RuntimeConfig = RuntimeConfigFields;
