// Which stored objects the table refers to, for the file cleaner: every object key (userContent/...) written anywhere
// in any item of any user (a resource's files, an image pasted into a note, a chat attachment, a document's name). It
// reads the whole table once, a page at a time; a record's parts split over several items are joined first, so a key
// cut in two at a piece boundary is still found. An encrypted resource's files are not readable here: it is named
// instead, for the caller to read through the resource repository, which decrypts.
import { ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
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

  /** Every object key any item of the table mentions, and the encrypted resources, whose keys only a decrypted read shows. */
  async referencedObjectKeys(): Promise<{ keys: Set<string>; encryptedResources: { userId: string; resourceId: string }[] }> {
    const found = new Set<string>();
    const encryptedResources: { userId: string; resourceId: string }[] = [];
    const collect = (text: string) => {
      for (const match of text.matchAll(objectKeyPattern())) found.add(match[0]);
    };
    // A scan returns a partition's items in sort key order, so a part's pieces arrive one after another, in order.
    let part = { id: '', text: '' };
    const input: ScanCommandInput = { TableName: this.table.name };
    do {
      const page = await this.table.client.send(new ScanCommand(input));
      for (const item of page.Items ?? []) {
        const piece = partPiece.exec(String(item.sk));
        if (piece && typeof item.data === 'string') {
          const id = `${String(item.pk)}|${piece[1]}`;
          if (id !== part.id) {
            collect(part.text);
            part = { id, text: '' };
          }
          part.text += item.data;
        } else {
          collect(JSON.stringify(item));
          const sk = String(item.sk);
          if (item.encrypted === true && sk.startsWith(keys.resource(''))) {
            encryptedResources.push({ userId: String(item.pk).slice(keys.user('').length), resourceId: sk.slice(keys.resource('').length) });
          }
        }
      }
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    collect(part.text);
    return { keys: found, encryptedResources };
  }
}
