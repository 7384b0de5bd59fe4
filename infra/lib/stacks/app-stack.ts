// The stateless stack: functions, APIs and the web distribution. Safe to destroy and redeploy.
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config';
import type { FunctionDefaults } from '../constructs/app-function';
import type { Auth } from '../constructs/auth';
import { type AuditTable, AuditWriter } from '../constructs/audit';
import type { Data } from '../constructs/data';
import type { EnvelopeKey } from '../constructs/envelope-key';
import { dictationEnvironment, grantDictation, transcribeStreamingOrigin } from '../constructs/dictation';
import { grantSpeech, speechEnvironment } from '../constructs/speech';
import type { Files } from '../constructs/files';
import { type Backups, NightlyBackup } from '../constructs/backups';
import { FeedRefresh } from '../constructs/feed-refresh';
import { HttpApi } from '../constructs/http-api';
import { Models, modelEnvironment } from '../constructs/models';
import { PushKeys } from '../constructs/push-keys';
import { Realtime } from '../constructs/realtime';
import { type SearchDomain, SearchIndexing } from '../constructs/search';
import { Web } from '../constructs/web';
import type { SourcePaths } from '../paths';

export interface AppStackProps extends StackProps {
  readonly config: DeployConfig;
  readonly paths: SourcePaths;
  readonly data: Data;
  readonly audit: AuditTable;
  readonly files: Files;
  readonly backups: Backups;
  readonly auth: Auth;
  readonly search: SearchDomain;
  readonly envelope: EnvelopeKey;
}

export class AppStack extends Stack {
  readonly realtime: Realtime;
  readonly httpApi: HttpApi;
  readonly web: Web;
  readonly searchIndexing: SearchIndexing;
  readonly models: Models;
  readonly nightlyBackup: NightlyBackup;
  readonly feedRefresh: FeedRefresh;
  readonly pushKeys: PushKeys;
  readonly auditWriter: AuditWriter;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config, data, files, auth, search } = props;
    const logKey = data.key;

    // The lambdas read exactly these names (plus WS_MANAGEMENT_ENDPOINT, added where the stage is known).
    const defaults: FunctionDefaults = {
      repoRoot: props.paths.repoRoot,
      handlersDir: props.paths.handlersDir,
      logKey,
      logRetention: config.logRetentionDays,
      environment: {
        TABLE_NAME: data.table.tableName,
        USER_POOL_ID: auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: auth.client.userPoolClientId,
        FILES_BUCKET: files.bucketName,
        BACKUPS_BUCKET: props.backups.bucketName,
        POWERTOOLS_SERVICE_NAME: 'chartside',
        LOG_LEVEL: config.logLevel,
        SEARCH_ENDPOINT: search.endpoint,
        ...props.envelope.environment,
      },
    };

    this.realtime = new Realtime(this, 'Realtime', { defaults, data, logKey, accessLogs: config.wsAccessLogs });
    // Feed notifications: the HTTP API (manual update) and the scheduled refresh push with the VAPID pair made at deploy.
    this.pushKeys = new PushKeys(this, 'PushKeys', { defaults, data, contactEmail: config.contactEmail });
    const bedrockModels = { fast: config.bedrockModelFast, slow: config.bedrockModelSlow, vision: config.bedrockModelVision, extraction: config.bedrockModelExtraction };
    this.models = new Models(this, 'Models', { defaults, data, files, realtime: this.realtime, models: bedrockModels, dailyTokens: config.aiDailyTokens });
    this.auditWriter = new AuditWriter(this, 'AuditWriter', { defaults, table: props.audit, retentionYears: config.auditRetentionYears });
    this.feedRefresh = new FeedRefresh(this, 'FeedRefresh', {
      defaults: { ...defaults, environment: { ...defaults.environment, ...this.pushKeys.environment } },
      data,
      realtime: this.realtime,
      contactEmail: config.contactEmail,
    });
    this.httpApi = new HttpApi(this, 'HttpApi', {
      defaults: {
        ...defaults,
        environment: {
          ...defaults.environment,
          ...modelEnvironment(bedrockModels, config.aiDailyTokens),
          ...this.pushKeys.environment,
          CHAT_REPLY_FUNCTION: this.models.chatReply.function.functionName,
          FEED_REFRESH_FUNCTION: this.feedRefresh.handler.function.functionName,
          ...(config.dictation ? dictationEnvironment({ specialty: config.dictationSpecialty, type: config.dictationType }) : {}),
          ...speechEnvironment(config.speechVoice),
          ...this.auditWriter.environment,
        },
      },
      data,
      files,
      auth,
      realtime: this.realtime,
      logKey,
      contactEmail: config.contactEmail,
    });
    // Each group of the API's routes gets what its routes use (lambdas/src/http/groups/).
    const { http, 'http-files': filesApi, 'http-search': searchApi, 'http-ai': aiApi, 'http-feed': feedApi, 'http-backups': backupsApi } = this.httpApi.handlers;
    search.grant(searchApi.policy, 'search');
    // The API records through the writer and reads the caller's trail; it can neither put nor change nor delete an entry.
    for (const group of [http, backupsApi]) {
      this.auditWriter.grantRecord(group.policy);
      props.audit.grantReadTrail(group.policy);
    }
    this.models.grantHttpApi(aiApi.policy);
    this.models.grantLibrary(searchApi.policy);
    props.backups.grantRead(backupsApi.policy);
    this.nightlyBackup = new NightlyBackup(this, 'NightlyBackup', { defaults, data, files, backups: props.backups });
    // The feed function reads the public key browsers subscribe with; the refresh function pushes.
    this.pushKeys.grantRead(feedApi.policy);
    this.feedRefresh.grantInvoke(feedApi.policy);
    this.pushKeys.grantRead(this.feedRefresh.handler.policy);
    // The API seals and opens encrypted resources and files; a chat reply reads an encrypted resource it is about.
    props.envelope.grantEncryptDecrypt(filesApi.policy);
    props.envelope.grantDecrypt(this.models.chatReply.policy);
    if (config.dictation) grantDictation(aiApi.policy);
    grantSpeech(aiApi.policy);
    this.searchIndexing = new SearchIndexing(this, 'Search', { defaults, data, search, logKey });
    this.web = new Web(this, 'Web', {
      auth,
      httpApi: this.httpApi,
      realtime: this.realtime,
      filesOrigin: `https://${files.regionalDomainName}`,
      dictationOrigin: config.dictation ? transcribeStreamingOrigin(this.region) : undefined,
      mfa: config.mfa,
      webDistDir: props.paths.webDistDir,
      domain:
        config.webDomain && config.webCertificateArn
          ? { name: config.webDomain, certificateArn: config.webCertificateArn }
          : undefined,
      webAclArn: config.webAclArn,
      logKey,
      logRetention: config.logRetentionDays,
    });

    new CfnOutput(this, 'SearchIndexerFunction', { value: this.searchIndexing.indexer.function.functionName });
    new CfnOutput(this, 'WebUrl', {
      value: `https://${config.webDomain ?? this.web.distribution.distributionDomainName}`,
    });
  }
}
