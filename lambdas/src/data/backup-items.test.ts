import { describe, expect, it } from 'vitest';
import { compareSk, itemToLine, lineToItem, recordOfItem } from './backup-items';
import { chunkSk } from './chunked-body';
import { keys } from './table';

describe('recordOfItem', () => {
  it.each([
    [keys.userDocument, { kind: 'userDocument', headSk: 'USER', id: 'user', isHead: true }],
    [keys.feedSettings, { kind: 'feedSettings', headSk: 'FEEDCONF', id: 'feed', isHead: true }],
    [keys.patient('p1'), { kind: 'patients', headSk: 'PATIENT#p1', id: 'p1', isHead: true }],
    [chunkSk(keys.patient('p1'), 'fields.hpi', 0), { kind: 'patients', headSk: 'PATIENT#p1', id: 'p1', isHead: false }],
    [chunkSk(keys.resource('r1'), 'body', 3), { kind: 'resources', headSk: 'RESOURCE#r1', id: 'r1', isHead: false }],
    [keys.timeTracking('p1'), { kind: 'timeTracking', headSk: 'TIMETRACK#p1', id: 'p1', isHead: true }],
    [keys.chat('c1'), { kind: 'chats', headSk: 'CHAT#c1', id: 'c1', isHead: true }],
    [keys.chatMessage('c1', 'm1'), { kind: 'chats', headSk: 'CHAT#c1', id: 'c1', isHead: false }],
  ])('%s belongs to %j', (sk, want) => expect(recordOfItem(sk)).toEqual(want));

  it.each([keys.session('s1'), keys.connection('c'), keys.backup('2026-01-01'), keys.feedItem('f'), keys.aiUsage('2026-01-01'), keys.sessionsRevoked, keys.feedSource('s1')])(
    '%s is not backed up',
    (sk) => expect(recordOfItem(sk)).toBeUndefined(),
  );
});

describe('backup lines', () => {
  it('are the same for the same item whatever its key order, and give the item back, bytes included', () => {
    const item = { pk: 'USER#u', sk: 'RESOURCE#r', sealed: new Uint8Array([0, 1, 254]), version: 3 };
    const line = itemToLine(item);
    expect(line).toBe(itemToLine({ version: 3, sealed: new Uint8Array([0, 1, 254]), sk: 'RESOURCE#r', pk: 'USER#u' }));
    expect(lineToItem(line)).toEqual(item);
  });
});

describe('compareSk', () => {
  it('orders by UTF-8 bytes, as DynamoDB does', () => {
    expect(['b', 'PART#', 'PATIENT#', '\u{1F600}', '\uFF01'].sort(compareSk)).toEqual(['PART#', 'PATIENT#', 'b', '\uFF01', '\u{1F600}']);
  });
});
