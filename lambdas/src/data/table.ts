// The single table: everything a user owns lives under pk = USER#{userId}, so every query stays in one partition.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface Table {
  client: DynamoDBDocumentClient;
  name: string;
}

/** Sort keys under a user's partition. Called with '' each gives its prefix, for begins_with queries. */
export const keys = {
  user: (userId: string) => `USER#${userId}`,
  userDocument: 'USER',
  connection: (connectionId: string) => `CONN#${connectionId}`,
  /** A one-time WebSocket ticket, by the hash of its value (its own partition: it names no user until redeemed). */
  realtimeTicket: (ticketHash: string) => `WSTICKET#${ticketHash}`,
  session: (sessionId: string) => `SESSION#${sessionId}`,
  /** When the user last terminated all sessions; tokens issued before it cannot start a new session. */
  sessionsRevoked: 'SESSIONS_REVOKED',
  backup: (backupDate: string) => `BACKUP#${backupDate}`,
  feedItem: (feedItemId: string) => `FEED#${feedItemId}`,
  /** The user's feed sources and keywords (one item, versioned). */
  feedSettings: 'FEEDCONF',
  /** A feed source's last fetch: its validators (ETag, Last-Modified) and its error. */
  feedSource: (sourceId: string) => `FEEDSRC#${sourceId}`,
  /** gsi1 partition listing every user with feed settings, for the scheduled refresh. */
  feedUsers: 'FEEDUSERS',
  /** A device's push subscription (the spec's device push token record), one per device of the user. */
  pushDevice: (deviceId: string) => `PUSHDEV#${deviceId}`,
  resource: (resourceId: string) => `RESOURCE#${resourceId}`,
  patient: (patientId: string) => `PATIENT#${patientId}`,
  /** A patient's time tracking, beside its head (not under PATIENT#, so panel queries never read it). */
  timeTracking: (patientId: string) => `TIMETRACK#${patientId}`,
  chat: (chatId: string) => `CHAT#${chatId}`,
  admission: (admissionId: string) => `ADMISSION#${admissionId}`,
  /** A chat's messages, beside its head (CHATMSG#, not CHAT#, so the chat list never reads them). */
  chatMessage: (chatId: string, messageId: string) => `CHATMSG#${chatId}#${messageId}`,
  /** The name a file no resource holds was given on the Documents page (a resource's files keep theirs in the resource). */
  documentName: (fileId: string) => `DOCNAME#${fileId}`,
  /** The model tokens a user used on one day (YYYY-MM-DD, UTC). */
  aiUsage: (day: string) => `AIUSAGE#${day}`,
} as const;

/** The table's shape, shared by the local runtime (which creates it) and the CDK data stack's tests. */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  ttlAttribute: 'ttl',
} as const;

export const isConditionalCheckFailed = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

const cancellationCodes = (error: unknown): string[] =>
  error instanceof Error && error.name === 'TransactionCanceledException'
    ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None')
    : [];

/** Another transaction was writing one of the same items at that moment: DynamoDB cancels rather than waits. */
export const isTransactionConflict = (error: unknown): boolean => cancellationCodes(error).includes('TransactionConflict');

/**
 * A version condition failed, on a single write or inside a transaction, or a concurrent write got there at the same
 * moment (which a retry would see as a changed version): either way the caller's copy is out of date (409, not 500).
 */
export const isVersionCheckFailure = (error: unknown): boolean =>
  isConditionalCheckFailed(error) || cancellationCodes(error).includes('ConditionalCheckFailed') || isTransactionConflict(error);
