import { describe, expect, it } from 'vitest';
import { MAX_SHORT_TEXT } from '../limits';
import { changeHomeLists, findHomeList, homeListName, type HomeListChange } from './home-lists';
import type { HomeList, HomeListItem } from './user-document';

const item = (id: string): HomeListItem => ({ id, name: `Resource ${id}`, type: 'text', link: '' });
const list = (name: string, ...ids: string[]): HomeList => ({ name, items: ids.map(item) });
/** Lists as 'Name:id,id' strings, so a table row reads at a glance. */
const show = (lists: readonly HomeList[]) => lists.map((l) => `${l.name}:${l.items.map((i) => i.id).join(',')}`);

const lists = [list('Cardio', 'r1', 'r2'), list('Renal'), list('Reading', 'r3')];

describe('changeHomeLists', () => {
  it.each<[string, HomeListChange, string[]]>([
    ['creates a list at the end', { kind: 'create', name: 'Sepsis' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3', 'Sepsis:']],
    ['trims the new name', { kind: 'create', name: '  Sepsis ' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3', 'Sepsis:']],
    ['creates nothing without a name', { kind: 'create', name: '   ' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    // Lists are found by name: a second list of a name (in any case) would be unreachable.
    ['creates no second list of a name', { kind: 'create', name: ' renal' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    ['renames to no other list\'s name', { kind: 'rename', list: { index: 1, name: 'Renal' }, name: 'CARDIO' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    ['renames a list to its own name in another case', { kind: 'rename', list: { index: 1, name: 'Renal' }, name: 'RENAL' }, ['Cardio:r1,r2', 'RENAL:', 'Reading:r3']],
    ['renames a list', { kind: 'rename', list: { index: 1, name: 'Renal' }, name: ' Nephro ' }, ['Cardio:r1,r2', 'Nephro:', 'Reading:r3']],
    ['keeps the name when the new one is blank', { kind: 'rename', list: { index: 1, name: 'Renal' }, name: ' ' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    ['moves a list left', { kind: 'move', list: { index: 1, name: 'Renal' }, direction: 'left' }, ['Renal:', 'Cardio:r1,r2', 'Reading:r3']],
    ['moves a list right', { kind: 'move', list: { index: 1, name: 'Renal' }, direction: 'right' }, ['Cardio:r1,r2', 'Reading:r3', 'Renal:']],
    ['does not move the first list left', { kind: 'move', list: { index: 0, name: 'Cardio' }, direction: 'left' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    ['does not move the last list right', { kind: 'move', list: { index: 2, name: 'Reading' }, direction: 'right' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    ['deletes a list', { kind: 'delete', list: { index: 0, name: 'Cardio' } }, ['Renal:', 'Reading:r3']],
    ['adds an item at the end', { kind: 'add-item', list: { index: 0, name: 'Cardio' }, item: item('r9') }, ['Cardio:r1,r2,r9', 'Renal:', 'Reading:r3']],
    ['adds no duplicate', { kind: 'add-item', list: { index: 0, name: 'Cardio' }, item: item('r2') }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    ['adds the same resource to another list', { kind: 'add-item', list: { index: 2, name: 'Reading' }, item: item('r1') }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3,r1']],
    ['removes an item', { kind: 'remove-item', list: { index: 0, name: 'Cardio' }, itemId: 'r1' }, ['Cardio:r2', 'Renal:', 'Reading:r3']],
    // Another device reordered the lists meanwhile: the change follows the list by its name.
    ['finds a moved list by its name', { kind: 'delete', list: { index: 0, name: 'Reading' } }, ['Cardio:r1,r2', 'Renal:']],
    // Another device deleted the list meanwhile: nothing to change.
    ['ignores a list that is gone', { kind: 'add-item', list: { index: 0, name: 'Gone' }, item: item('r9') }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
    ['ignores a move of a list that is gone', { kind: 'move', list: { index: 5, name: 'Gone' }, direction: 'left' }, ['Cardio:r1,r2', 'Renal:', 'Reading:r3']],
  ])('%s', (_what, change, want) => {
    expect(show(changeHomeLists(lists, change))).toEqual(want);
  });

  it('never changes the lists it is given', () => {
    const before = structuredClone(lists);
    changeHomeLists(lists, { kind: 'add-item', list: { index: 0, name: 'Cardio' }, item: item('r9') });
    changeHomeLists(lists, { kind: 'move', list: { index: 0, name: 'Cardio' }, direction: 'right' });
    expect(lists).toEqual(before);
  });
});

describe('findHomeList', () => {
  const twins = [list('A'), list('B'), list('A')];
  it.each([
    [{ index: 2, name: 'A' }, 2],
    [{ index: 1, name: 'A' }, 0],
    [{ index: 0, name: 'C' }, -1],
  ])('findHomeList(%j) is %j', (ref, want) => expect(findHomeList(twins, ref)).toBe(want));
});

describe('homeListName', () => {
  it.each([
    ['  Cardio  ', 'Cardio'],
    ['', ''],
    ['x'.repeat(MAX_SHORT_TEXT + 5), 'x'.repeat(MAX_SHORT_TEXT)],
  ])('homeListName(%j) is %j', (name, want) => expect(homeListName(name)).toBe(want));
});
