// The stateful stack: everything that holds data and must outlive redeploys (all RETAIN).
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { type DeployConfig, backupsBucketName, filesBucketName, searchDomainName, webOrigins } from '../config';
import { AuditTable } from '../constructs/audit';
import { Backups } from '../constructs/backups';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { EnvelopeKey } from '../constructs/envelope-key';
import { Files } from '../constructs/files';
import { SearchDomain } from '../constructs/search';

export interface DataStackProps extends StackProps {
  readonly config: DeployConfig;
}

export class DataStack extends Stack {
  readonly data: Data;
  readonly audit: AuditTable;
  readonly files: Files;
  readonly backups: Backups;
  readonly envelope: EnvelopeKey;
  readonly auth: Auth;
  readonly search: SearchDomain;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.data = new Data(this, 'Data');
    this.audit = new AuditTable(this, 'Audit', { key: this.data.key });
    this.files = new Files(this, 'Files', {
      bucketName: filesBucketName(props.config),
      key: this.data.key,
      webOrigins: webOrigins(props.config),
    });
    this.envelope = new EnvelopeKey(this, 'Envelope');
    this.backups = new Backups(this, 'Backups', { bucketName: backupsBucketName(props.config), key: this.data.key, accessLogs: this.files.accessLogs });
    this.auth = new Auth(this, 'Auth', { mfa: props.config.mfa });
    this.search = new SearchDomain(this, 'Search', {
      domainName: searchDomainName(props.config),
      key: this.data.key,
      instanceType: props.config.searchInstanceType,
      instanceCount: props.config.searchInstanceCount,
      volumeGiB: props.config.searchVolumeGiB,
      logRetention: props.config.logRetentionDays,
    });
  }
}
