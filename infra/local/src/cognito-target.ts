// One action of cognito-local's Cognito API (its target table maps action names to these): the shape the shims in
// cognito-shims.ts and cognito-mfa-setup.ts wrap or add.
import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';

export type TargetFactory = (services: Services) => (ctx: Context, req: Record<string, unknown>) => Promise<object>;
