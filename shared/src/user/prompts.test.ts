import { describe, expect, it } from 'vitest';
import { plainTextDeltaString } from '../patients/copy-as-text';
import { changePrompts, isPromptWorthSaving, orderedPrompts, promptName, promptText, promptTitle, searchPrompts, UNTITLED_PROMPT, type PromptLists } from './prompts';
import { MAX_SHORT_TEXT } from '../limits';
import type { Prompt } from './user-document';

const prompt = (id: string, name: string, ...lines: string[]): Prompt => ({ id, name, deltaText: plainTextDeltaString(lines.join('\n')) });
const summary = prompt('p1', 'Discharge summary', 'Write a discharge summary from these notes.');
const soap = prompt('p2', 'soap note', 'Turn this into a SOAP note.');
const ddx = prompt('p3', 'Differential', 'List a differential diagnosis, most likely first.');
const lists: PromptLists = { prompts: [summary, soap, ddx], favoritePrompts: ['p3'] };

describe('changePrompts', () => {
  it('adds a new prompt at the end, its name trimmed', () =>
    expect(changePrompts(lists, { kind: 'save', prompt: prompt('p4', '  Patient letter  ', 'Explain in plain words.') }).prompts.map((p) => [p.id, p.name])).toEqual([
      ['p1', 'Discharge summary'],
      ['p2', 'soap note'],
      ['p3', 'Differential'],
      ['p4', 'Patient letter'],
    ]));

  it('replaces a saved prompt where it is, keeping the favourites', () => {
    const edited = prompt('p2', 'SOAP note', 'Turn this into a SOAP note with a plan.');
    expect(changePrompts(lists, { kind: 'save', prompt: edited })).toEqual({ prompts: [summary, edited, ddx], favoritePrompts: ['p3'] });
  });

  it('deletes a prompt and its favourite mark', () =>
    expect(changePrompts(lists, { kind: 'delete', id: 'p3' })).toEqual({ prompts: [summary, soap], favoritePrompts: [] }));

  it.each([
    ['marks a favourite once', { kind: 'favorite', id: 'p1', favorite: true }, ['p3', 'p1']],
    ['does not mark it twice', { kind: 'favorite', id: 'p3', favorite: true }, ['p3']],
    ['unmarks a favourite', { kind: 'favorite', id: 'p3', favorite: false }, []],
    ['marks no prompt that is gone', { kind: 'favorite', id: 'gone', favorite: true }, ['p3']],
  ] as const)('%s', (_what, change, want) => expect(changePrompts(lists, change).favoritePrompts).toEqual(want));

  it('changes nothing when deleting a prompt that is gone, and leaves its input alone', () => {
    const before = structuredClone(lists);
    expect(changePrompts(lists, { kind: 'delete', id: 'gone' })).toEqual(lists);
    changePrompts(lists, { kind: 'save', prompt: prompt('p9', 'New') });
    expect(lists).toEqual(before);
  });
});

describe('orderedPrompts', () => {
  it('lists favourites first, then the others, each group by name whatever the case', () => {
    const listed = orderedPrompts({ prompts: [summary, soap, ddx, prompt('p4', 'Allergy review')], favoritePrompts: ['p2', 'p3'] });
    expect(listed.map(({ prompt: p, favorite }) => [p.name, favorite])).toEqual([
      ['Differential', true],
      ['soap note', true],
      ['Allergy review', false],
      ['Discharge summary', false],
    ]);
  });

  it('ignores a favourite id whose prompt is gone', () => expect(orderedPrompts({ prompts: [summary], favoritePrompts: ['gone'] })).toEqual([{ prompt: summary, favorite: false }]));
});

describe('searchPrompts', () => {
  const listed = orderedPrompts(lists);
  it.each([
    ['', ['p3', 'p1', 'p2']],
    ['  ', ['p3', 'p1', 'p2']],
    ['soap', ['p2']],
    ['DISCHARGE', ['p1']],
    ['diagnosis likely', ['p3']],
    ['soap summary', []],
  ])('%j finds %j', (query, want) => expect(searchPrompts(listed, query).map(({ prompt: p }) => p.id)).toEqual(want));
});

describe('names and text', () => {
  it.each([
    ['  Sign-out  ', 'Sign-out'],
    ['x'.repeat(MAX_SHORT_TEXT + 5), 'x'.repeat(MAX_SHORT_TEXT)],
  ])('promptName(%j)', (name, want) => expect(promptName(name)).toBe(want));

  it('calls a prompt with no name untitled', () => {
    expect(promptTitle({ name: '' })).toBe(UNTITLED_PROMPT);
    expect(promptTitle(soap)).toBe('soap note');
  });

  it('gives the text the chat takes: one line per block, or stored plain text as it is', () => {
    expect(promptText(prompt('p', 'Two lines', 'Summarize this note.', '', 'Keep it short.'))).toBe('Summarize this note.\nKeep it short.');
    expect(promptText({ deltaText: 'Plain text from an older app' })).toBe('Plain text from an older app');
  });

  it.each([
    ['a name', 'Letter', '', true],
    ['text', '', plainTextDeltaString('Explain this'), true],
    ['neither', '  ', plainTextDeltaString(''), false],
  ])('a prompt with %s is worth saving: %s', (_what, name, deltaText, want) => expect(isPromptWorthSaving(name, deltaText)).toBe(want));
});
