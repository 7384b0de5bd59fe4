import type { TextSection } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { addSection, hasContent, moveSection, newSection, removeSection, sectionLabel, updateSection } from './section-list';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';
const section = (id: string, title = ''): TextSection => ({ ...newSection(id, T0), title });
const ids = (sections: TextSection[]) => sections.map((s) => s.id);
const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: text ? [{ type: 'text', text, styles: {} }] : [], children: [] }]);

describe('section-list', () => {
  it.each([
    ['Dosing', 0, 'Dosing'],
    ['  Dosing ', 3, 'Dosing'],
    ['', 0, 'Section 1'],
    ['   ', 4, 'Section 5'],
  ])('sectionLabel(%j at %i) is %j', (title, index, want) => expect(sectionLabel({ title }, index)).toBe(want));

  it('makes a new section empty, with both timestamps now', () => {
    expect(newSection('s1', T0)).toEqual({ id: 's1', title: '', deltaString: '', editing: false, createdAt: T0, updatedAt: T0 });
  });

  it('adds at the top or the bottom', () => {
    const list = [section('a'), section('b')];
    expect(ids(addSection(list, section('n'), 'top'))).toEqual(['n', 'a', 'b']);
    expect(ids(addSection(list, section('n'), 'bottom'))).toEqual(['a', 'b', 'n']);
    expect(ids(list)).toEqual(['a', 'b']);
  });

  it('updates one section and its updatedAt only', () => {
    const [a, b] = updateSection([section('a'), section('b')], 'b', { title: 'Dose' }, T1);
    expect(a).toEqual(section('a'));
    expect(b).toMatchObject({ id: 'b', title: 'Dose', createdAt: T0, updatedAt: T1 });
  });

  it('removes by id', () => expect(ids(removeSection([section('a'), section('b'), section('c')], 'b'))).toEqual(['a', 'c']));

  it.each([
    ['a', 'c', ['b', 'c', 'a']],
    ['c', 'a', ['c', 'a', 'b']],
    ['b', 'b', ['a', 'b', 'c']],
    ['x', 'a', ['a', 'b', 'c']],
  ])('moveSection(%j over %j) gives %j', (active, over, want) => expect(ids(moveSection([section('a'), section('b'), section('c')], active, over))).toEqual(want));

  it.each([
    ['', '', false],
    ['', paragraph(''), false],
    ['', '[]', false],
    ['Title', '', true],
    ['', paragraph('text'), true],
    ['', JSON.stringify([{ type: 'image', props: { url: 'data:image/jpeg;base64,AA' }, children: [] }]), true],
    ['', 'plain old text', true],
  ])('hasContent(title %j, body %j) is %j', (title, deltaString, want) => expect(hasContent({ title, deltaString })).toBe(want));
});
