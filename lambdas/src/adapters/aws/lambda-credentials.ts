// The AWS SDK's default credential chain as a Lambda function has it: the function role's credentials, which Lambda
// puts in the environment. Every Lambda bundle takes this module for `@aws-sdk/credential-provider-node` (an esbuild
// alias in AppFunction); the rest of the chain (SSO and its token clients, ini and process files, STS web identity,
// the instance metadata service) is never reached in Lambda and was 0.12 MB of each bundle (issue 19).
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider: (init?: Parameters<typeof fromEnv>[0]) => ReturnType<typeof fromEnv> = (init) => fromEnv(init);
