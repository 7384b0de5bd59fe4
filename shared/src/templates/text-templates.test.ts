import { describe, expect, it } from 'vitest';
import { UserFields } from '../user/user-document';
import {
  deleteTextTemplate,
  duplicateTextTemplate,
  matchTextTemplates,
  saveTextTemplate,
  searchTextTemplates,
  textTemplateList,
  textTemplateMessages,
  textTemplateProblems,
  triggerFromName,
  type TextTemplateMap,
} from './text-templates';

const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: text }]);

const stored: TextTemplateMap = {
  'History of present illness': { trigger: 'hpi', content: paragraph('Onset ***, duration ***') },
  'Physical exam': { trigger: 'pe', content: paragraph('Lungs clear, heart regular') },
  // Written in the spec's shape: the name's deltaString alone.
  'Discharge Plan!': paragraph('Follow up in *** days'),
};
const list = textTemplateList(stored);

describe('textTemplateList', () => {
  it('reads both stored shapes, sorted by name; a bare deltaString gets a trigger from its name', () =>
    expect(list).toEqual([
      { name: 'Discharge Plan!', trigger: 'dischargeplan', content: paragraph('Follow up in *** days') },
      { name: 'History of present illness', trigger: 'hpi', content: paragraph('Onset ***, duration ***') },
      { name: 'Physical exam', trigger: 'pe', content: paragraph('Lungs clear, heart regular') },
    ]));

  it.each([
    ['HPI', 'hpi'],
    ['Chest pain – ACS r/o', 'chestpainacsro'],
    ['Rückenschmerz 2', 'rückenschmerz2'],
    ['!!!', ''],
    ['x'.repeat(60), 'x'.repeat(40)],
  ])('triggerFromName(%j) is %j', (name, want) => expect(triggerFromName(name)).toBe(want));

  it('both shapes pass the user document schema', () => expect(UserFields.shape.templates.safeParse(stored).success).toBe(true));
});

describe('matchTextTemplates (the picker)', () => {
  const names = (word: string) => matchTextTemplates(list, word).map((template) => template.name);
  it.each([
    ['', ['Discharge Plan!', 'History of present illness', 'Physical exam']],
    ['hpi', ['History of present illness']],
    ['HP', ['History of present illness']],
    ['p', ['Physical exam', 'Discharge Plan!', 'History of present illness']],
    ['exam', ['Physical exam']],
    ['present', ['History of present illness']],
    ['zzz', []],
    ['hpi now', []],
  ])('%j offers %j', (word, want) => expect(names(word)).toEqual(want));
});

describe('searchTextTemplates (the /templates page)', () => {
  it.each([
    ['', 3],
    ['lungs', 1],
    ['follow days', 1],
    ['PE', 1],
    ['nothing here', 0],
  ])('%j finds %i', (query, count) => expect(searchTextTemplates(list, query)).toHaveLength(count));
});

describe('textTemplateProblems', () => {
  it.each([
    [{ name: '', trigger: 'x' }, undefined, { name: textTemplateMessages.emptyName }],
    [{ name: 'physical EXAM', trigger: 'x' }, undefined, { name: "A template named 'physical EXAM' already exists." }],
    [{ name: 'New', trigger: '' }, undefined, { trigger: textTemplateMessages.emptyTrigger }],
    [{ name: 'New', trigger: 'two words' }, undefined, { trigger: textTemplateMessages.badTrigger }],
    [{ name: 'New', trigger: 'a,b' }, undefined, { trigger: textTemplateMessages.badTrigger }],
    [{ name: 'New', trigger: 'x'.repeat(41) }, undefined, { trigger: textTemplateMessages.longTrigger }],
    [{ name: 'New', trigger: 'HPI' }, undefined, { trigger: "',.HPI' already opens 'History of present illness'." }],
    [{ name: 'Physical exam', trigger: 'pe' }, 'Physical exam', {}],
    [{ name: 'New', trigger: 'ros-2_b' }, undefined, {}],
  ])('%j (editing %j) -> %j', (draft, originalName, want) => expect(textTemplateProblems(list, draft, originalName)).toEqual(want));
});

describe('saveTextTemplate, duplicateTextTemplate, deleteTextTemplate', () => {
  it('adds a new template at the end, trimmed', () => {
    const result = saveTextTemplate(stored, { name: ' ROS ', trigger: ' ros ', content: paragraph('Negative') });
    expect(result.ok && Object.entries(result.templates).at(-1)).toEqual(['ROS', { trigger: 'ros', content: paragraph('Negative') }]);
  });

  it('edits in place and renames, writing the new shape over the spec shape', () => {
    const result = saveTextTemplate(stored, { name: 'Discharge', trigger: 'dc', content: paragraph('Home today') }, 'Discharge Plan!');
    expect(result).toEqual({
      ok: true,
      templates: {
        'History of present illness': stored['History of present illness'],
        'Physical exam': stored['Physical exam'],
        Discharge: { trigger: 'dc', content: paragraph('Home today') },
      },
    });
  });

  it('refuses a name or trigger taken meanwhile, and an edit of a template deleted meanwhile', () => {
    expect(saveTextTemplate(stored, { name: 'Other', trigger: 'pe', content: '' })).toEqual({ ok: false, message: "',.pe' already opens 'Physical exam'." });
    expect(saveTextTemplate(stored, { name: 'Gone', trigger: 'gone', content: '' }, 'Gone')).toEqual({ ok: false, message: "There is no template named 'Gone'." });
  });

  it('duplicates under a free name and trigger', () => {
    const once = saveTextTemplate(stored, { name: 'Physical exam (copy)', trigger: 'pe2', content: '' });
    expect(once.ok).toBe(true);
    const result = duplicateTextTemplate(once.ok ? once.templates : {}, 'Physical exam');
    expect(result.ok && Object.entries(result.templates).at(-1)).toEqual(['Physical exam (copy 2)', { trigger: 'pe3', content: paragraph('Lungs clear, heart regular') }]);
    expect(duplicateTextTemplate(stored, 'Gone')).toEqual({ ok: false, message: "There is no template named 'Gone'." });
  });

  it('deletes by name and leaves the map given alone', () => {
    expect(Object.keys(deleteTextTemplate(stored, 'Physical exam'))).toEqual(['History of present illness', 'Discharge Plan!']);
    expect(Object.keys(stored)).toHaveLength(3);
  });
});
