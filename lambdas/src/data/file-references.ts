// Which stored objects the table refers to, for the file cleaner: every object key (userContent/...) written anywhere
// in any item of one user (a resource's files, an image pasted into a note, a chat attachment, a document's name). A
// user's objects are referred to from that user's partition only, so the cleaner reads one partition at a time, a page
// at a time; a record's parts split over several items are joined first, so a key cut in two at a piece boundary is
// still found. An encrypted resource's files are not readable here: it is named instead, for the caller to read
// through the resource repository, which decrypts.
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { userContentPrefix } from '@chartside/shared';
import { keys, type Table } from './table';

/** 'userContent/' */
const USER_CONTENT = userContentPrefix('').slice(0, -1);
/** An object key inside text: it ends where a JSON string ends (a quote, or an escaped one) or at white space. */
export const objectKeyPattern = () => new RegExp(`${USER_CONTENT}[^\\s"\\\\]+`, 'g');
/** A piece of a part (see chunked-body.ts): PART#{headSk}#{part}#{index}. */
const partPiece = /^(PART#.+#)\d{4}$/;

export class FileReferenceRepository {
  constructor(private readonly table: Table) {}

  /** Every object key any item of the user mentions, and the user's encrypted resources, whose keys only a decrypted read shows. */
  async referencedObjectKeysOf(userId: string): Promise<{ keys: Set<string>; encryptedResourceIds: string[] }> {
    const found = new Set<string>();
    const encryptedResourceIds: string[] = [];
    const collect = (text: string) => {
      for (const match of text.matchAll(objectKeyPattern())) found.add(match[0]);
    };
    // A query returns the partition's items in sort key order, so a part's pieces arrive one after another, in order.
    let part = { id: '', text: '' };
    const input: QueryCommandInput = { TableName: this.table.name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.user(userId) } };
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      for (const item of page.Items ?? []) {
        const piece = partPiece.exec(String(item.sk));
        if (piece && typeof item.data === 'string') {
          const id = piece[1]!;
          if (id !== part.id) {
            collect(part.text);
            part = { id, text: '' };
          }
          part.text += item.data;
        } else {
          collect(JSON.stringify(item));
          const sk = String(item.sk);
          if (item.encrypted === true && sk.startsWith(keys.resource(''))) {
            encryptedResourceIds.push(sk.slice(keys.resource('').length));
          }
        }
      }
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    collect(part.text);
    return { keys: found, encryptedResourceIds };
  }
}
