import { describe, expect, it } from 'vitest';
import { runtimeConfigIssues } from './runtime-config-check';
import { RuntimeConfig } from './runtime-config';

const local = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://localhost:3000/cognito',
  apiUrl: 'http://localhost:3000/api',
  wsUrl: 'ws://localhost:3000/ws',
  mfa: 'optional',
};

describe('the runtime config check', () => {
  it('accepts a local and a cloud config (no userPoolEndpoint)', () => {
    const { userPoolEndpoint: _, ...cloud } = local;
    expect(runtimeConfigIssues(local)).toEqual([]);
    expect(runtimeConfigIssues({ ...cloud, mfa: 'required' })).toEqual([]);
    expect(RuntimeConfig.parse(local)).toEqual(local);
  });

  it.each([
    ['not an object', [local], [[]]],
    ['a missing or empty field', { ...local, userPoolId: undefined, wsUrl: '' }, [['userPoolId'], ['wsUrl']]],
    ['a field of the wrong type', { ...local, apiUrl: 42 }, [['apiUrl']]],
    ['an endpoint that is not a URL', { ...local, userPoolEndpoint: 'localhost' }, [['userPoolEndpoint']]],
    ['an unknown mfa mode', { ...local, mfa: 'sometimes' }, [['mfa']]],
    ['an unexpected field', { ...local, debug: true }, [['debug']]],
  ])('names the fields of %s, and the zod schema refuses it with the same issues', (_case, value, paths) => {
    expect(runtimeConfigIssues(value).map((issue) => issue.path)).toEqual(paths);
    const parsed = RuntimeConfig.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }))).toEqual(runtimeConfigIssues(value));
  });
});
