import { describe, expect, it } from 'vitest';
import { applyTextTemplateChange } from './queries';

const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: text }]);
const stored = {
  HPI: { trigger: 'hpi', content: paragraph('Onset ***') },
  'Physical exam': { trigger: 'pe', content: paragraph('Lungs clear') },
};

describe('applyTextTemplateChange (applied again to the latest templates after a conflict)', () => {
  it('saves, duplicates and deletes', () => {
    expect(Object.keys(applyTextTemplateChange(stored, { kind: 'save', template: { name: 'ROS', trigger: 'ros', content: '' } }))).toEqual(['HPI', 'Physical exam', 'ROS']);
    expect(applyTextTemplateChange(stored, { kind: 'duplicate', name: 'HPI' })['HPI (copy)']).toEqual({ trigger: 'hpi2', content: paragraph('Onset ***') });
    expect(Object.keys(applyTextTemplateChange(stored, { kind: 'delete', name: 'HPI' }))).toEqual(['Physical exam']);
  });

  it('leaves the latest templates as they are when another device took the name or trigger meanwhile', () => {
    expect(applyTextTemplateChange(stored, { kind: 'save', template: { name: 'New', trigger: 'PE', content: '' } })).toBe(stored);
    expect(applyTextTemplateChange(stored, { kind: 'save', template: { name: 'Exam', trigger: 'ex', content: '' }, originalName: 'Deleted elsewhere' })).toBe(stored);
  });
});
