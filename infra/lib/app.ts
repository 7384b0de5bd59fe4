// The whole CDK app: the stateful data stack, the stateless app stack fed from it, and cdk-nag over both.
import type { App } from 'aws-cdk-lib';
import type { DeployConfig } from './config';
import { addNagChecks } from './nag';
import type { SourcePaths } from './paths';
import { AppStack } from './stacks/app-stack';
import { DataStack } from './stacks/data-stack';

export interface ChartsideStacks {
  readonly data: DataStack;
  readonly app: AppStack;
}

export const buildChartside = (app: App, config: DeployConfig, paths: SourcePaths): ChartsideStacks => {
  const env = { account: config.account, region: config.region };
  const data = new DataStack(app, `${config.appName}Data`, {
    env,
    config,
    description: 'Chartside stateful resources: data key, table, files and backups buckets, user pool, search domain (retained on delete)',
  });
  const stack = new AppStack(app, `${config.appName}App`, {
    env,
    config,
    paths,
    data: data.data,
    audit: data.audit,
    files: data.files,
    backups: data.backups,
    envelope: data.envelope,
    auth: data.auth,
    search: data.search,
    description: 'Chartside stateless resources: functions, HTTP and WebSocket APIs, web distribution',
  });
  addNagChecks(app);
  return { data, app: stack };
};
