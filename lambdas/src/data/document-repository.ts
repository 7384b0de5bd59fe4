// Names of files no resource holds (uploaded on the Documents page, or renamed there): one small item per file under
// the user (sk DOCNAME#{fileId}). The item also keeps the object key, so the file cleaner sees the file as referenced.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type Table } from './table';
import { queryUnder } from './versioned-record-store';

export class DocumentRepository {
  constructor(private readonly table: Table) {}

  /** fileId -> display name, for every named file of the user. */
  async names(userId: string): Promise<Map<string, string>> {
    const items = await queryUnder(this.table, userId, keys.documentName(''), { ProjectionExpression: 'fileId, #n', ExpressionAttributeNames: { '#n': 'name' } });
    return new Map(items.map((item) => [String(item.fileId), String(item.name)]));
  }

  async setName(userId: string, file: { fileId: string; filePath: string; name: string }): Promise<void> {
    await this.table.client.send(
      new PutCommand({ TableName: this.table.name, Item: { pk: keys.user(userId), sk: keys.documentName(file.fileId), fileId: file.fileId, filePath: file.filePath, name: file.name } }),
    );
  }

  async removeName(userId: string, fileId: string): Promise<void> {
    await this.table.client.send(new DeleteCommand({ TableName: this.table.name, Key: { pk: keys.user(userId), sk: keys.documentName(fileId) } }));
  }
}
