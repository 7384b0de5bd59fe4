// The feed refresh in the cloud (issue 15): a function an EventBridge Scheduler schedule runs every FEED_REFRESH_HOURS,
// fetching every user's feed sources from the internet (the local runtime runs the same job on an interval). It reads
// and writes feed items by key only, and tells users' open tabs the new unread count over the WebSocket API.
import { FEED_REFRESH_HOURS } from '@chartside/shared';
import { Duration } from 'aws-cdk-lib';
import { type Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { type ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { AppFunction, type FunctionDefaults } from './app-function';
import type { Data } from './data';
import { scheduleFunction } from './function-schedule';
import type { Realtime } from './realtime';

/**
 * Settings and source statuses read (GetItem, Query; users with feed settings on gsi1), items written and trimmed in
 * batches, statuses put, and a closed connection deleted. No Scan, no transactions.
 */
const FEED_REFRESH_TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem'];

export interface FeedRefreshProps {
  readonly defaults: FunctionDefaults;
  readonly data: Data;
  readonly realtime: Realtime;
  /** Named in the user agent, as the HTTP API's fetches name it; the function's default when unset. */
  readonly contactEmail?: string;
}

export class FeedRefresh extends Construct {
  readonly handler: AppFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: FeedRefreshProps) {
    super(scope, id);
    this.handler = new AppFunction(this, 'Handler', {
      defaults: {
        ...props.defaults,
        environment: {
          ...props.defaults.environment,
          WS_MANAGEMENT_ENDPOINT: props.realtime.managementEndpoint,
          ...(props.contactEmail ? { ARTICLE_CONTACT_EMAIL: props.contactEmail } : {}),
        },
      },
      handler: 'feed-refresh',
      description: 'Chartside feed refresh of every user (EventBridge Scheduler), or of one (the manual update)',
      memorySize: 1024,
      // The job starts no user in the last two minutes (lambdas/src/handlers/feed-refresh.ts).
      timeout: Duration.minutes(15),
    });
    // A run that fails is tried once more within the hour; the next run refreshes everyone anyway.
    this.handler.function.configureAsyncInvoke({ retryAttempts: 1, maxEventAge: Duration.hours(1) });
    props.data.grantItemActions(this.handler.policy, FEED_REFRESH_TABLE_ACTIONS);
    props.realtime.grantManageConnections(this.handler.policy);
    acknowledge(this.handler.function, {
      'HIPAA.Security-LambdaDLQ':
        'Invoked by its schedule every few hours and retried once; a missed run changes nothing the next run does not fetch again, so there is nothing to redrive.',
    });

    this.schedule = scheduleFunction(this, {
      target: this.handler,
      description: 'Chartside feed refresh',
      schedule: ScheduleExpression.rate(Duration.hours(FEED_REFRESH_HOURS)),
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
    });
  }

  /** The HTTP API's feed function runs a user's manual update here (synchronously, for that user alone). */
  grantInvoke(policy: ManagedPolicy): void {
    policy.addStatements(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.handler.function.functionArn] }));
  }
}
