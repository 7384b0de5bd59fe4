// The stateful stack: everything that holds data and must outlive redeploys (all RETAIN).
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { type DeployConfig, filesBucketName, webOrigins } from '../config';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { Files } from '../constructs/files';

export interface DataStackProps extends StackProps {
  readonly config: DeployConfig;
}

export class DataStack extends Stack {
  readonly data: Data;
  readonly files: Files;
  readonly auth: Auth;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.data = new Data(this, 'Data');
    this.files = new Files(this, 'Files', {
      bucketName: filesBucketName(props.config),
      key: this.data.key,
      webOrigins: webOrigins(props.config),
    });
    this.auth = new Auth(this, 'Auth', { mfa: props.config.mfa });
  }
}
