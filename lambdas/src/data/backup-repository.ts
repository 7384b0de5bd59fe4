// The daily backup of the user document: one item per date under the user (sk BACKUP#{date}), written once.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { BACKUP_VERSION, type DailyBackup, type UserDocument } from '@chartside/shared';
import { isConditionalCheckFailed, keys, type Table } from './table';

export interface BackupOutcome {
  created: boolean;
  backupDate: string;
  backupTimestamp: string;
}

export class BackupRepository {
  constructor(private readonly table: Table) {}

  /** Writes the backup unless that date has one; a second call the same date writes nothing and says so. */
  async createOnce(document: UserDocument, backupDate: string, now: Date): Promise<BackupOutcome> {
    const key = { pk: keys.user(document.userId), sk: keys.backup(backupDate) };
    const backup: DailyBackup = {
      originalData: document,
      backupDate,
      backupTimestamp: now.toISOString(),
      userId: document.userId,
      version: BACKUP_VERSION,
    };
    try {
      await this.table.client.send(
        new PutCommand({ TableName: this.table.name, Item: { ...key, ...backup }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return { created: true, backupDate, backupTimestamp: backup.backupTimestamp };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      const { Item } = await this.table.client.send(
        new GetCommand({ TableName: this.table.name, Key: key, ProjectionExpression: 'backupTimestamp', ConsistentRead: true }),
      );
      return { created: false, backupDate, backupTimestamp: String(Item?.backupTimestamp ?? backup.backupTimestamp) };
    }
  }
}
