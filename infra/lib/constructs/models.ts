// AI on Amazon Bedrock: the chat reply function (invoked asynchronously by the HTTP API; it streams a reply from
// ConverseStream to the user's WebSocket connections for up to a few minutes) and the model permissions, granted for
// exactly the configured models. Patient text goes to Bedrock in the deployment's own account and region only.
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, type ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Data } from './data';
import type { Files } from './files';
import type { Realtime } from './realtime';

export interface BedrockModels {
  readonly fast: string;
  readonly slow: string;
  readonly vision: string;
  readonly extraction: string;
}

export interface ModelsProps {
  readonly defaults: FunctionDefaults;
  readonly data: Data;
  readonly files: Files;
  readonly realtime: Realtime;
  readonly models: BedrockModels;
  /** Model tokens one user may use per day. */
  readonly dailyTokens: number;
}

/** A cross-region inference profile id (us.…, eu.…) rather than a model id. */
const INFERENCE_PROFILE = /^(us|eu|apac|us-gov|global)\./;

/** The environment every function that calls a model reads (lambdas/src/handlers/cloud-config.ts). */
export const modelEnvironment = (models: BedrockModels, dailyTokens: number): Record<string, string> => ({
  BEDROCK_MODEL_FAST: models.fast,
  BEDROCK_MODEL_SLOW: models.slow,
  BEDROCK_MODEL_VISION: models.vision,
  BEDROCK_MODEL_EXTRACTION: models.extraction,
  AI_DAILY_TOKENS: String(dailyTokens),
});

export class Models extends Construct {
  readonly chatReply: AppFunction;
  private readonly models: BedrockModels;

  constructor(scope: Construct, id: string, props: ModelsProps) {
    super(scope, id);
    this.models = props.models;
    this.chatReply = new AppFunction(this, 'ChatReply', {
      defaults: {
        ...props.defaults,
        environment: { ...props.defaults.environment, WS_MANAGEMENT_ENDPOINT: props.realtime.managementEndpoint, ...modelEnvironment(props.models, props.dailyTokens) },
      },
      handler: 'chat-reply',
      description: 'Chartside chat replies: Bedrock ConverseStream to the WebSocket API',
      memorySize: 512,
      // A reply may take a minute or two; the model adapter gives up after 60 s without a piece.
      timeout: Duration.minutes(5),
      // It opens an encrypted resource a chat is about.
      encryptionSdk: true,
    });
    // A retry would stream the reply a second time into the same message: a reply that fails is marked failed instead.
    this.chatReply.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    props.data.grantReadWriteData(this.chatReply.policy);
    props.files.grantRead(this.chatReply.policy);
    props.realtime.grantManageConnections(this.chatReply.policy);
    this.grantModels(this.chatReply.policy, [props.models.fast, props.models.slow], ['bedrock:InvokeModelWithResponseStream']);
    acknowledge(this.chatReply.function, {
      'HIPAA.Security-LambdaDLQ':
        'Invoked asynchronously with no retries; a reply that cannot finish is stored as failed (and one whose function died is shown as interrupted), so there is nothing to redrive.',
    });
  }

  /** For the HTTP API's AI group: start chat replies, and call models itself for whole answers: vision (the text transformer) and extraction. */
  grantHttpApi(policy: ManagedPolicy): void {
    policy.addStatements(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.chatReply.function.functionArn] }));
    this.grantModels(policy, [this.models.vision, this.models.extraction], ['bedrock:InvokeModel']);
  }

  /** For the HTTP API's search group: questions asked of the library, answered in the request by the fast model. */
  grantLibrary(policy: ManagedPolicy): void {
    this.grantModels(policy, [this.models.fast], ['bedrock:InvokeModel']);
  }

  /** Exactly these models: a foundation model in this region, or an inference profile and the models it routes to. */
  private grantModels(policy: ManagedPolicy, modelIds: string[], actions: string[]): void {
    const stack = Stack.of(this);
    const resources = [...new Set(modelIds)].flatMap((modelId) =>
      INFERENCE_PROFILE.test(modelId)
        ? [
            stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId }),
            `arn:${stack.partition}:bedrock:*::foundation-model/${modelId.replace(INFERENCE_PROFILE, '')}`,
          ]
        : [`arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${modelId}`],
    );
    policy.addStatements(new PolicyStatement({ actions, resources }));
    for (const arn of resources.filter((resource) => resource.includes(':bedrock:*:'))) {
      acknowledge(policy, {
        [wildcardResourceFinding(policy, arn)]: 'An inference profile routes each request to the same model in one of the regions of its geography; the model itself is fixed.',
      });
    }
  }
}
