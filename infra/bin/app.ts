// CDK entry point (cdk.json: `npx tsx infra/bin/app.ts`). Synth needs no credentials, network or Docker.
import { App } from 'aws-cdk-lib';
import { buildChartside } from '../lib/app';
import { readDeployConfig } from '../lib/config';
import { sourcePaths } from '../lib/paths';

const app = new App();
buildChartside(app, readDeployConfig(app.node), sourcePaths);
app.synth();
