// Follows DynamoDB Local's stream for the local runtime, as the event source mapping does for the indexer Lambda in the
// cloud: every shard, records handed over in batches, a failed batch retried from the first record that failed.
//
// Where it starts, and why: the last sequence number handled on each shard is kept in a small file beside the search
// index, so a restart resumes where it stopped and catches up on what it missed. A shard with no checkpoint is read from
// its start (TRIM_HORIZON); replays are harmless because the indexer indexes each resource as the table holds it now.
// When the index itself is new (first start, or its file was deleted) the stream cannot rebuild it: DynamoDB keeps 24 h
// of records. Then the runtime reindexes every user from the table, and the poller starts the shards that exist at LATEST.
// A record that keeps failing is given up after MAX_RETRIES, as the cloud's event source mapping does (retryAttempts):
// one resource the indexer cannot take must not hold back every later change of every user.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Logger } from '@aws-lambda-powertools/logger';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { localAws } from './settings';

/**
 * The wait after a poll that found records, or after a nudge (a write through this runtime): a new resource is searchable
 * within about this long.
 */
export const STREAM_POLL_MS = 150;
/**
 * Each empty poll doubles the wait, up to this: an idle runtime polled every 150 ms spent a tenth of a core on it
 * (DynamoDB Local and Node together), which a page load or a test on a 2-core machine competes with.
 */
export const IDLE_POLL_MS = 1_000;
/** How often the shard list is read again (shards close and new ones open). */
const SHARD_REFRESH_MS = 1_000;
/** The wait after an error before trying again. */
const RETRY_MS = 1_000;
const BATCH_SIZE = 1_000;
/** Tries of one failing record before it is given up (the cloud's event source mapping: retryAttempts 5). */
export const MAX_RETRIES = 5;

export interface StreamPollerOptions {
  endpoint: string;
  streamArn: string;
  /** Where the last handled sequence number of each shard is kept. */
  checkpointFile: string;
  /** True when the index was just created and rebuilt from the table: shards that exist now start at LATEST. */
  startAtLatest: boolean;
  handle: (records: DynamoDBRecord[]) => Promise<DynamoDBBatchResponse>;
  logger: Logger;
  /** The shortest wait between polls (STREAM_POLL_MS); empty polls double it up to IDLE_POLL_MS. */
  pollMs?: number;
}

export interface StreamPoller {
  /** Resolves once every shard known at start has been positioned (LATEST iterators taken), before any record is read. */
  ready: Promise<void>;
  /** Polls now and soon again: the table has just been written to (by this runtime's API). */
  nudge(): void;
  stop(): Promise<void>;
}

interface ShardState {
  iterator?: string;
  /** Read to its end: a closed shard with nothing left. */
  finished: boolean;
  /** Taken as a LATEST iterator at start (see above). */
  startLatest: boolean;
  /** The record the last batch failed at, and how many times in a row it has failed. */
  failing?: { sequenceNumber: string; tries: number };
}

const readCheckpoints = (file: string): Record<string, string> => {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {}; // a torn file: every shard is read from its start, which only replays records
  }
};

/** The part of a stream record the indexer reads, in the shape Lambda delivers. */
const toLambdaRecord = (record: _Record): DynamoDBRecord => ({
  eventID: record.eventID,
  eventName: record.eventName,
  eventSource: record.eventSource,
  awsRegion: record.awsRegion ?? localAws.region,
  dynamodb: {
    Keys: record.dynamodb?.Keys as Record<string, AttributeValue> | undefined,
    SequenceNumber: record.dynamodb?.SequenceNumber,
    StreamViewType: record.dynamodb?.StreamViewType,
  },
});

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export const startStreamPoller = (options: StreamPollerOptions): StreamPoller => {
  const client = new DynamoDBStreamsClient({ endpoint: options.endpoint, region: localAws.region, credentials: localAws.credentials, maxAttempts: 1 });
  const pollMs = options.pollMs ?? STREAM_POLL_MS;
  // A new index owes nothing to old checkpoints: the reindex at start covers what they point at.
  const checkpoints = options.startAtLatest ? {} : readCheckpoints(options.checkpointFile);
  const shards = new Map<string, ShardState>();
  let lastRefresh = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  let idleWait = pollMs;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const saveCheckpoints = () => {
    const temporary = `${options.checkpointFile}.tmp`;
    writeFileSync(temporary, JSON.stringify(checkpoints));
    renameSync(temporary, options.checkpointFile);
  };

  const describeShards = async (): Promise<Shard[]> => {
    const all: Shard[] = [];
    let ExclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await client.send(new DescribeStreamCommand({ StreamArn: options.streamArn, ExclusiveStartShardId }));
      all.push(...(StreamDescription?.Shards ?? []));
      ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (ExclusiveStartShardId);
    return all;
  };

  /** Adds shards that appeared; forgets the checkpoints of shards DynamoDB has trimmed away. */
  const refreshShards = async (atStart: boolean) => {
    const listed = await describeShards();
    for (const shard of listed) {
      const id = shard.ShardId!;
      if (shards.has(id)) continue;
      const closed = Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
      // At a fresh start the reindex already covers everything a shard holds so far.
      const startLatest = atStart && options.startAtLatest;
      shards.set(id, { finished: startLatest && closed, startLatest });
    }
    const ids = new Set(listed.map((s) => s.ShardId));
    let trimmed = false;
    for (const id of Object.keys(checkpoints)) {
      if (!ids.has(id)) {
        delete checkpoints[id];
        shards.delete(id);
        trimmed = true;
      }
    }
    if (trimmed) saveCheckpoints();
    lastRefresh = Date.now();
  };

  const iteratorFor = async (shardId: string, state: ShardState): Promise<string | undefined> => {
    const after = checkpoints[shardId];
    const type: ShardIteratorType = after ? 'AFTER_SEQUENCE_NUMBER' : state.startLatest ? 'LATEST' : 'TRIM_HORIZON';
    try {
      const { ShardIterator } = await client.send(
        new GetShardIteratorCommand({ StreamArn: options.streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: after }),
      );
      return ShardIterator;
    } catch (error) {
      if (!after || !(error instanceof Error) || !/Trimmed|Validation/.test(error.name)) throw error;
      // The checkpoint's record is gone (older than 24 h): read what is left of the shard.
      const { ShardIterator } = await client.send(new GetShardIteratorCommand({ StreamArn: options.streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }));
      return ShardIterator;
    }
  };

  /** Reads one batch from a shard and hands it over. True when it read anything. */
  const pollShard = async (shardId: string, state: ShardState): Promise<boolean> => {
    state.iterator ??= await iteratorFor(shardId, state);
    if (!state.iterator) {
      state.finished = true;
      return false;
    }
    const { Records = [], NextShardIterator } = await client.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: BATCH_SIZE }));
    if (Records.length > 0) {
      const { batchItemFailures } = await options.handle(Records.map(toLambdaRecord));
      const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
      let firstFailure = Records.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      if (firstFailure !== -1) {
        const sequenceNumber = Records[firstFailure]!.dynamodb?.SequenceNumber ?? '';
        const tries = state.failing?.sequenceNumber === sequenceNumber ? state.failing.tries + 1 : 1;
        state.failing = { sequenceNumber, tries };
        if (tries > MAX_RETRIES) {
          // Given up: the batch counts as handled. The resource is indexed again at its next change, or by `npm run reindex`.
          options.logger.error('Search stream poller gave up on a record the indexer kept refusing', { shardId, sequenceNumber, tries: MAX_RETRIES });
          state.failing = undefined;
          firstFailure = -1;
        }
      } else state.failing = undefined;
      const handled = firstFailure === -1 ? Records : Records.slice(0, firstFailure);
      const last = handled.at(-1)?.dynamodb?.SequenceNumber;
      if (last) {
        checkpoints[shardId] = last;
        saveCheckpoints();
      }
      if (firstFailure !== -1) {
        // Read again from the first failed record, after a pause (the indexer has logged why).
        state.iterator = undefined;
        state.startLatest = false;
        await sleep(RETRY_MS);
        return true;
      }
    }
    state.iterator = NextShardIterator;
    if (!NextShardIterator) {
      state.finished = true;
      lastRefresh = 0; // a closed shard has children: look for them now
    }
    return Records.length > 0;
  };

  const positionAtStart = async () => {
    await refreshShards(true);
    for (const [id, state] of shards) if (!state.finished && state.startLatest) state.iterator = await iteratorFor(id, state);
  };

  const ready = positionAtStart();
  const loop = (async () => {
    try {
      await ready;
    } catch (error) {
      options.logger.warn('Search stream poller could not read the stream at start; retrying', { error: errorText(error) });
    }
    while (!stopped) {
      let busy = false;
      try {
        if (Date.now() - lastRefresh >= SHARD_REFRESH_MS) await refreshShards(false);
        for (const [id, state] of shards) {
          if (stopped) break;
          if (!state.finished && (await pollShard(id, state))) busy = true;
        }
      } catch (error) {
        if (stopped) break;
        options.logger.warn('Search stream poller failed; retrying', { error: errorText(error) });
        for (const state of shards.values()) {
          // An expired or broken iterator is taken again, from the checkpoint or the shard's start: never LATEST, which
          // would skip what arrived since the iterator was first taken (replays are harmless, gaps are not).
          state.iterator = undefined;
          state.startLatest = false;
        }
        await sleep(RETRY_MS);
        continue;
      }
      if (busy) idleWait = pollMs;
      else {
        await sleep(idleWait);
        idleWait = Math.min(idleWait * 2, Math.max(pollMs, IDLE_POLL_MS));
      }
    }
  })();

  return {
    ready,
    nudge: () => {
      idleWait = pollMs;
      wake?.();
    },
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      client.destroy();
    },
  };
};
