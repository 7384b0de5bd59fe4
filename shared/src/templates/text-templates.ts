// Text templates (spec: the user document's `templates`, the editor's template trigger): named rich-text bodies a user
// inserts into any rich-text editor by typing a comma, a period and the template's trigger word (',.hpi').
// Stored as a map of name to { trigger, content }; a name stored with its deltaString alone (the spec's shape) reads
// with a trigger made from its name.
import { MAX_SHORT_TEXT, MAX_TRIGGER_LENGTH } from '../limits';
import { sectionPlainText } from '../resources/section-text';
import type { StoredTextTemplate } from '../user/user-document';

export interface TextTemplate {
  name: string;
  trigger: string;
  /** BlockNote blocks as JSON, like a note section's deltaString. */
  content: string;
}

export type TextTemplateMap = Record<string, StoredTextTemplate>;
export type TextTemplateResult = { ok: true; templates: TextTemplateMap } | { ok: false; message: string };

/** A trigger word: letters, digits, '-' and '_' (what may follow ',.' before a space ends it). */
const TRIGGER_WORD = /^[\p{L}\p{N}_-]+$/u;

export const textTemplateMessages = {
  emptyName: 'Enter a name for the template.',
  duplicateName: (name: string) => `A template named '${name}' already exists.`,
  emptyTrigger: 'Enter a trigger word.',
  badTrigger: 'A trigger word has only letters, digits, - and _ (no spaces).',
  longTrigger: `A trigger word has at most ${MAX_TRIGGER_LENGTH} characters.`,
  duplicateTrigger: (trigger: string, name: string) => `',.${trigger}' already opens '${name}'.`,
  notFound: (name: string) => `There is no template named '${name}'.`,
} as const;

/** The trigger of a template stored without one: its name in lower case, keeping only what a trigger word may hold. */
export const triggerFromName = (name: string): string =>
  name
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}_-]/gu, '')
    .slice(0, MAX_TRIGGER_LENGTH);

/** The templates as a list, sorted by name (the stored map keeps the order they were made in). */
export const textTemplateList = (stored: TextTemplateMap): TextTemplate[] =>
  Object.entries(stored)
    .map(([name, value]) =>
      typeof value === 'string' ? { name, trigger: triggerFromName(name), content: value } : { name, trigger: value.trigger, content: value.content },
    )
    .sort((a, b) => a.name.localeCompare(b.name));

const folded = (text: string) => text.trim().toLocaleLowerCase();

/**
 * The templates the picker offers for the word typed after ',.': a trigger equal to the word first, then triggers
 * starting with it, then names starting with it, then triggers or names holding it; each group by name. An empty word
 * offers them all. Nothing matches a word with a space in it (the trigger has ended).
 */
export const matchTextTemplates = (templates: readonly TextTemplate[], word: string): TextTemplate[] => {
  if (/\s/.test(word)) return [];
  const needle = folded(word);
  const rank = ({ name, trigger }: TextTemplate): number | undefined => {
    const [t, n] = [folded(trigger), folded(name)];
    if (t === needle) return 0;
    if (t.startsWith(needle)) return 1;
    if (n.startsWith(needle)) return 2;
    if (t.includes(needle) || n.includes(needle)) return 3;
    return undefined;
  };
  return templates
    .map((template) => ({ template, rank: rank(template) }))
    .filter((entry): entry is { template: TextTemplate; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.template.name.localeCompare(b.template.name))
    .map((entry) => entry.template);
};

/** The /templates page's search: every word must be in the name, the trigger or the text of the template. */
export const searchTextTemplates = (templates: readonly TextTemplate[], query: string): TextTemplate[] => {
  const words = folded(query).split(/\s+/).filter(Boolean);
  return templates.filter((template) => {
    const haystack = folded(`${template.name}\n${template.trigger}\n${sectionPlainText(template.content)}`);
    return words.every((word) => haystack.includes(word));
  });
};

/** What opens the Templates picker in an editor, before the word (spec: a comma followed by a period and a word). */
export const TEMPLATE_TRIGGER = ',.';

export interface TextTemplateProblems {
  name?: string;
  trigger?: string;
}

const sameText = (a: string, b: string) => folded(a) === folded(b);

/** Why a template cannot be saved as it is (each field's message), given the others; `originalName` when editing one. */
export const textTemplateProblems = (templates: readonly TextTemplate[], draft: Pick<TextTemplate, 'name' | 'trigger'>, originalName?: string): TextTemplateProblems => {
  const others = templates.filter((template) => template.name !== originalName);
  const name = draft.name.trim();
  const trigger = draft.trigger.trim();
  const problems: TextTemplateProblems = {};
  if (!name) problems.name = textTemplateMessages.emptyName;
  else if (others.some((template) => sameText(template.name, name))) problems.name = textTemplateMessages.duplicateName(name);
  const taken = others.find((template) => sameText(template.trigger, trigger));
  if (!trigger) problems.trigger = textTemplateMessages.emptyTrigger;
  else if (!TRIGGER_WORD.test(trigger)) problems.trigger = textTemplateMessages.badTrigger;
  else if (trigger.length > MAX_TRIGGER_LENGTH) problems.trigger = textTemplateMessages.longTrigger;
  else if (taken) problems.trigger = textTemplateMessages.duplicateTrigger(trigger, taken.name);
  return problems;
};

/**
 * Saves a template: a new one at the end, an edited one (by its original name) in its place, renamed if the name
 * changed. Refused, with the reason, when the name or trigger cannot be used (another device may have taken it).
 */
export const saveTextTemplate = (stored: TextTemplateMap, draft: TextTemplate, originalName?: string): TextTemplateResult => {
  const problems = textTemplateProblems(textTemplateList(stored), draft, originalName);
  const problem = problems.name ?? problems.trigger;
  if (problem) return { ok: false, message: problem };
  if (originalName !== undefined && !(originalName in stored)) return { ok: false, message: textTemplateMessages.notFound(originalName) };
  const entry: [string, StoredTextTemplate] = [draft.name.trim(), { trigger: draft.trigger.trim(), content: draft.content }];
  const entries = Object.entries(stored);
  const at = entries.findIndex(([name]) => name === originalName);
  if (at === -1) entries.push(entry);
  else entries.splice(at, 1, entry);
  return { ok: true, templates: Object.fromEntries(entries) };
};

export const deleteTextTemplate = (stored: TextTemplateMap, name: string): TextTemplateMap =>
  Object.fromEntries(Object.entries(stored).filter(([key]) => key !== name));

/** The first candidate (1, 2, 3, ...) that is not taken. */
const firstFree = (taken: (candidate: string) => boolean, candidate: (n: number) => string): string => {
  for (let n = 1; ; n += 1) if (!taken(candidate(n))) return candidate(n);
};

/** A copy of a template under a free name ('HPI (copy)', 'HPI (copy 2)') and a free trigger ('hpi2', 'hpi3'), added at the end. */
export const duplicateTextTemplate = (stored: TextTemplateMap, name: string): TextTemplateResult => {
  const templates = textTemplateList(stored);
  const original = templates.find((template) => template.name === name);
  if (!original) return { ok: false, message: textTemplateMessages.notFound(name) };
  const nameTaken = (candidate: string) => templates.some((template) => sameText(template.name, candidate));
  const triggerTaken = (candidate: string) => templates.some((template) => sameText(template.trigger, candidate));
  // Room for the suffix within the limits.
  const baseName = name.slice(0, MAX_SHORT_TEXT - 12);
  const baseTrigger = original.trigger.slice(0, MAX_TRIGGER_LENGTH - 3) || 'template';
  const copy: TextTemplate = {
    name: firstFree(nameTaken, (n) => (n === 1 ? `${baseName} (copy)` : `${baseName} (copy ${n})`)),
    trigger: firstFree(triggerTaken, (n) => `${baseTrigger}${n + 1}`),
    content: original.content,
  };
  return saveTextTemplate(stored, copy);
};
