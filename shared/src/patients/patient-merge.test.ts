import { describe, expect, it } from 'vitest';
import { laterTime, mergeSectionParts, mergeTagSets, patientFieldMergers, patientSectionKey } from './patient-merge';
import type { FieldValue } from './patient';

const text = (line: string): FieldValue => ({ deltaString: JSON.stringify([{ type: 'paragraph', content: line }]), expanded: true });

describe('patient merge rules', () => {
  it.each([
    [['A', 'B'], ['A', 'B', 'C'], ['A', 'B', 'D'], ['A', 'B', 'D', 'C']],
    [['A', 'B'], ['B'], ['A', 'B', 'D'], ['B', 'D']],
    [['A'], ['A', 'C'], [], ['C']],
    [['A', 'B'], ['A', 'B', 'C'], ['A', 'B', 'C'], ['A', 'B', 'C']],
  ])('tags %j, mine %j, theirs %j merge to %j', (base, mine, theirs, merged) => expect(mergeTagSets(base, mine, theirs)).toEqual({ value: merged }));

  it("keeps one device's typing and the other's collapse of the same section", () => {
    const base = text('Crackles');
    expect(mergeSectionParts(base, text('Crackles, improving'), { ...base, expanded: false })).toEqual({ value: { ...text('Crackles, improving'), expanded: false } });
    expect(mergeSectionParts(base, text('Mine'), text('Theirs'))).toBe('conflict');
  });

  it("keeps a section cleared here cleared when the other device only collapsed it: its data does not come back", () => {
    const base: FieldValue = { ...text('Pneumonia'), data: [{ id: 'a', problem: 'CAP' }] };
    const cleared: FieldValue = { deltaString: '', expanded: true };
    expect(mergeSectionParts(base, cleared, { ...base, expanded: false })).toEqual({ value: { deltaString: '', expanded: false } });
  });

  it('is a conflict when I removed a part the other device changed', () => {
    const base: FieldValue = { ...text('Pneumonia'), data: [{ id: 'a' }] };
    expect(mergeSectionParts(base, { deltaString: '', expanded: true }, { ...base, data: [{ id: 'b' }] })).toBe('conflict');
  });

  it('takes the later of two times', () => {
    expect(laterTime('2025-03-01T00:00:00.000Z', '2025-03-02T00:00:00.000Z', '2025-03-03T00:00:00.000Z')).toEqual({ value: '2025-03-03T00:00:00.000Z' });
    expect(laterTime('2025-03-01T00:00:00.000Z', '2025-03-04T00:00:00.000Z', '2025-03-03T00:00:00.000Z')).toEqual({ value: '2025-03-04T00:00:00.000Z' });
  });

  it('has a merger for every note section, tasks, tags and lastAccessed', () => {
    expect(patientFieldMergers[patientSectionKey('exam')]).toBe(mergeSectionParts);
    expect(Object.keys(patientFieldMergers)).toEqual(expect.arrayContaining(['tasks', 'tags', 'lastAccessed']));
  });
});
