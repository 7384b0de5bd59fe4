// The deploy configuration: read once from CDK context (`cdk synth -c mfa=required`), validated, then passed down as props.
import type { Node } from 'constructs';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { bedrockModelDefaults } from '@chartside/lambdas/adapters/aws/bedrock-model-defaults';
import { DEFAULT_SPEECH_VOICE, defaultTranscriptionConfig, MIN_AUDIT_RETENTION_YEARS, SpeechVoiceId, TranscriptionConfig } from '@chartside/shared';
import { z } from 'zod';

const hostName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A switch: `-c key=true` gives a string, cdk.json a boolean. */
const contextFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const bedrockModelId = z.string().regex(/^[a-z0-9-]+(\.[\w-]+)+(:[\w-]+)*$/, 'must be a Bedrock model id such as amazon.nova-lite-v1:0');

const fields = {
  /** Pinned so synth needs no credentials; the placeholder is fine for synth, not for deploy. */
  account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id').default('123456789012'),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'must be an AWS region such as us-east-1').default('us-east-1'),
  /** Stack name prefix: `${appName}Data` and `${appName}App`. One prefix per deployment (e.g. ChartsideStaging). */
  appName: z
    .string()
    .regex(/^[A-Z][A-Za-z0-9]{0,23}$/, 'must be PascalCase letters and digits (at most 24), e.g. Chartside')
    .default('Chartside'),
  mfa: z.enum(['optional', 'required']).default('optional'),
  /** Custom host name for the web app; needs `webCertificateArn`. Without it the CloudFront domain is used. */
  webDomain: z.string().regex(hostName, 'must be a lower-case host name such as app.example.org').optional(),
  webCertificateArn: z
    .string()
    .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there)')
    .optional(),
  /** An existing WAF web ACL (scope CLOUDFRONT) to attach to the distribution. */
  webAclArn: z
    .string()
    .regex(/^arn:aws:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/, 'must be a CLOUDFRONT-scope WAFv2 web ACL ARN')
    .optional(),
  /** WebSocket stage logs need the account-wide API Gateway CloudWatch role; set true once the account has it. */
  wsAccessLogs: contextFlag.default(false),
  logRetentionDays: z.coerce.number().pipe(z.enum(RetentionDays)).default(RetentionDays.ONE_YEAR),
  logLevel: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
  /** Sent to Crossref and Unpaywall (which ask callers for one) when resolving DOIs and auto-filling articles. */
  contactEmail: z.email().optional(),
  /** OpenSearch data nodes for search: the instance type, how many (1, or an even number spread over two zones), GiB each. */
  searchInstanceType: z
    .string()
    .regex(/^[a-z0-9]+\.[a-z0-9]+\.search$/, 'must be an OpenSearch instance type such as t3.small.search')
    .default('t3.small.search'),
  searchInstanceCount: z.coerce.number().int().min(1).max(20).default(1),
  searchVolumeGiB: z.coerce.number().int().min(10).max(1024).default(10),
  /** The Bedrock model ids (or inference profile ids) for chat's Fast and Slow, the text transformer, and extraction. */
  bedrockModelFast: bedrockModelId.default(bedrockModelDefaults.fast),
  bedrockModelSlow: bedrockModelId.default(bedrockModelDefaults.slow),
  bedrockModelVision: bedrockModelId.default(bedrockModelDefaults.vision),
  bedrockModelExtraction: bedrockModelId.default(bedrockModelDefaults.extraction),
  /** Model tokens (input and output) one user may use per day; past it AI calls answer 429. */
  aiDailyTokens: z.coerce.number().int().min(1_000).default(500_000),
  /** Voice dictation on Amazon Transcribe Medical streaming in the stack's region; false turns it off (a region without it). */
  dictation: contextFlag.default(true),
  /** The specialty and the kind of speech (one clinician dictating, or a conversation) Transcribe Medical expects. */
  dictationSpecialty: TranscriptionConfig.shape.medicalSpecialty.default(defaultTranscriptionConfig.medicalSpecialty),
  dictationType: TranscriptionConfig.shape.transcriptionType.default(defaultTranscriptionConfig.transcriptionType),
  /** The Amazon Polly neural voice Text to Speech reads with when the user picks none. */
  speechVoice: SpeechVoiceId.default(DEFAULT_SPEECH_VOICE),
  /** Years the audit trail of patient data is kept (HIPAA asks six at least); the table's TTL removes older entries. */
  auditRetentionYears: z.coerce
    .number()
    .int()
    .min(MIN_AUDIT_RETENTION_YEARS, `must be at least ${MIN_AUDIT_RETENTION_YEARS} (HIPAA keeps audit records six years)`)
    .max(100)
    .default(MIN_AUDIT_RETENTION_YEARS),
};

export const DeployConfig = z
  .object(fields)
  .refine((c) => (c.webDomain === undefined) === (c.webCertificateArn === undefined), {
    message: 'webDomain and webCertificateArn go together: CloudFront serves a custom domain only with its certificate',
    path: ['webDomain'],
  })
  .refine((c) => c.searchInstanceCount === 1 || c.searchInstanceCount % 2 === 0, {
    message: 'searchInstanceCount must be 1 or even: more than one node is spread evenly over two availability zones',
    path: ['searchInstanceCount'],
  });
export type DeployConfig = z.infer<typeof DeployConfig>;

export const parseDeployConfig = (raw: Record<string, unknown>): DeployConfig => {
  const result = DeployConfig.safeParse(raw);
  if (!result.success) throw new Error(`Invalid deploy config (CDK context):\n${z.prettifyError(result.error)}`);
  return result.data;
};

/** Reads only the keys above from the context; feature flags and other context entries are left alone. */
export const readDeployConfig = (node: Node): DeployConfig =>
  parseDeployConfig(Object.fromEntries(Object.keys(fields).map((key) => [key, node.tryGetContext(key)])));

/** The origins allowed to call the files bucket directly (presigned PUT/GET from the browser). */
export const webOrigins = (config: DeployConfig): string[] =>
  // Without a custom domain the distribution's name is only known in the app stack, which depends on this one.
  config.webDomain ? [`https://${config.webDomain}`] : ['https://*.cloudfront.net'];

/**
 * The files bucket gets a fixed name so the app stack's IAM policy names it literally instead of through a
 * cross-stack reference. It is retained, so a second deploy of a deleted data stack fails instead of silently
 * starting an empty bucket next to the old one.
 */
export const filesBucketName = (config: DeployConfig): string =>
  `${config.appName.toLowerCase()}-files-${config.account}-${config.region}`;

/** The nightly backups bucket's name, fixed like the files bucket's. */
export const backupsBucketName = (config: DeployConfig): string =>
  `${config.appName.toLowerCase()}-backups-${config.account}-${config.region}`;

/** The search domain's name, fixed for the same reason (OpenSearch allows 28 characters: the prefix is cut to fit). */
export const searchDomainName = (config: DeployConfig): string => `${config.appName.toLowerCase().slice(0, 21)}-search`;
