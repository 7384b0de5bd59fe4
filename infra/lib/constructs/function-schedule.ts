// An EventBridge Scheduler schedule invoking one function, through a role of its own that may invoke that function and
// nothing else. The nightly backup and the feed refresh run this way.
import type { Duration } from 'aws-cdk-lib';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Schedule, type ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { AppFunction } from './app-function';

export interface FunctionScheduleProps {
  readonly target: AppFunction;
  /** What the schedule runs, e.g. 'Chartside nightly backup'. */
  readonly description: string;
  readonly schedule: ScheduleExpression;
  /** How often the scheduler tries again to invoke the function when the invocation fails, and for how long. */
  readonly retryAttempts: number;
  readonly maxEventAge: Duration;
}

/** Adds `ScheduleRole`, `SchedulePolicy` and `Schedule` to `scope`. */
export const scheduleFunction = (scope: Construct, props: FunctionScheduleProps): Schedule => {
  const { function: fn } = props.target;
  const role = new Role(scope, 'ScheduleRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com'), description: `Invokes the ${props.description}` });
  new ManagedPolicy(scope, 'SchedulePolicy', { roles: [role], statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })] });
  const schedule = new Schedule(scope, 'Schedule', {
    description: props.description,
    schedule: props.schedule,
    target: new LambdaInvoke(fn, { role, retryAttempts: props.retryAttempts, maxEventAge: props.maxEventAge }),
  });
  acknowledge(role, {
    'HIPAA.Security-IAMNoInlinePolicy': 'The scheduler target adds its own invoke grant inline; the role’s permissions are the invoke of this one function (and its versions).',
    [wildcardResourceFinding(role, `${fn.functionArn}:*`)]: 'The scheduler target’s invoke grant covers the function’s versions and aliases; it names this one function.',
  });
  return schedule;
};
