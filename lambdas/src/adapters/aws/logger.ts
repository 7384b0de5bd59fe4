import { Logger } from '@aws-lambda-powertools/logger';

/** The one structured JSON logger; children carry per-request keys. */
export const createLogger = (logLevel: string) =>
  new Logger({ serviceName: 'chartside', logLevel: logLevel.toUpperCase() as 'INFO' });
