// Which DynamoDB errors mean "someone else changed it first" (409) rather than a fault (500), with the SDK's own errors.
import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, TransactionCanceledException, type CancellationReason } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { isTransactionConflict, isVersionCheckFailure } from './table';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code): CancellationReason => ({ Code })),
  });

describe('isVersionCheckFailure', () => {
  it.each([
    ['a failed condition on a single write', new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }), true],
    ['a failed condition inside a transaction', cancelled('ConditionalCheckFailed', 'None'), true],
    ['a concurrent transaction on the same item', cancelled('None', 'TransactionConflict', 'None'), true],
    ['a transaction cancelled for capacity', cancelled('None', 'ThrottlingError'), false],
    ['a transaction cancelled without reasons', cancelled(), false],
    ['throttling', new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }), false],
    ['a plain error', new Error('TransactionConflict'), false],
    ['not an error', { name: 'ConditionalCheckFailedException' }, false],
  ])('%s: %j', (_what, error, want) => expect(isVersionCheckFailure(error)).toBe(want));
});

describe('isTransactionConflict', () => {
  it('is true only when a reason is TransactionConflict', () => {
    expect(isTransactionConflict(cancelled('None', 'TransactionConflict'))).toBe(true);
    expect(isTransactionConflict(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isTransactionConflict(new ConditionalCheckFailedException({ message: 'x', $metadata: {} }))).toBe(false);
  });
});
