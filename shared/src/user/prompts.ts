// Saved AI prompts (spec: the user document's `prompts` and `favoritePrompts`; /tools/prompts): named texts a clinician
// puts into the AI chat's message. Every change is a plain value, so a save refused for a stale version applies the same
// change again to the latest prompts.
import { MAX_SHORT_TEXT } from '../limits';
import { sectionPlainText } from '../resources/section-text';
import type { Prompt, UserFields } from './user-document';

export type PromptLists = Pick<UserFields, 'prompts' | 'favoritePrompts'>;

export type PromptChange =
  | { kind: 'save'; prompt: Prompt }
  | { kind: 'delete'; id: string }
  | { kind: 'favorite'; id: string; favorite: boolean };

/** What a prompt with no name is called on screen. */
export const UNTITLED_PROMPT = 'Untitled prompt';

/** A name as saved: trimmed, at most MAX_SHORT_TEXT characters. */
export const promptName = (name: string): string => name.trim().slice(0, MAX_SHORT_TEXT);

/** The name to show: the saved name, or UNTITLED_PROMPT. */
export const promptTitle = (prompt: Pick<Prompt, 'name'>): string => prompt.name || UNTITLED_PROMPT;

/** The prompt's text as the chat's message takes it: plain text, one line per block. */
export const promptText = (prompt: Pick<Prompt, 'deltaText'>): string => sectionPlainText(prompt.deltaText);

/** A prompt worth saving has a name or some text. */
export const isPromptWorthSaving = (name: string, deltaText: string): boolean => promptName(name) !== '' || sectionPlainText(deltaText).trim() !== '';

/**
 * Applies one change. Saving replaces the prompt of that id where it is, or adds it at the end; deleting also drops it
 * from the favourites; marking a favourite adds its id once (only of a prompt that exists). A change naming a prompt
 * that is gone (deleted on another device meanwhile) changes nothing, except a save, which puts it back.
 */
export const changePrompts = ({ prompts, favoritePrompts }: PromptLists, change: PromptChange): PromptLists => {
  switch (change.kind) {
    case 'save': {
      const saved = { ...change.prompt, name: promptName(change.prompt.name) };
      const exists = prompts.some((prompt) => prompt.id === saved.id);
      return { prompts: exists ? prompts.map((prompt) => (prompt.id === saved.id ? saved : prompt)) : [...prompts, saved], favoritePrompts: [...favoritePrompts] };
    }
    case 'delete':
      return { prompts: prompts.filter((prompt) => prompt.id !== change.id), favoritePrompts: favoritePrompts.filter((id) => id !== change.id) };
    case 'favorite': {
      const others = favoritePrompts.filter((id) => id !== change.id);
      const exists = prompts.some((prompt) => prompt.id === change.id);
      return { prompts: [...prompts], favoritePrompts: change.favorite && exists ? [...others, change.id] : others };
    }
  }
};

export interface ListedPrompt {
  prompt: Prompt;
  favorite: boolean;
}

const byTitle = (a: ListedPrompt, b: ListedPrompt) => promptTitle(a.prompt).localeCompare(promptTitle(b.prompt), undefined, { sensitivity: 'base' });

/** The prompts as every list shows them: favourites first, then the others, each group by name (A to Z). */
export const orderedPrompts = ({ prompts, favoritePrompts }: PromptLists): ListedPrompt[] => {
  const favorites = new Set(favoritePrompts);
  const listed = prompts.map((prompt) => ({ prompt, favorite: favorites.has(prompt.id) }));
  return [...listed.filter((each) => each.favorite).sort(byTitle), ...listed.filter((each) => !each.favorite).sort(byTitle)];
};

const folded = (text: string) => text.toLocaleLowerCase();

/** The listed prompts whose name or text holds every word of the query (any case); all of them for an empty query. */
export const searchPrompts = (listed: readonly ListedPrompt[], query: string): ListedPrompt[] => {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...listed];
  return listed.filter(({ prompt }) => {
    const haystack = folded(`${prompt.name}\n${promptText(prompt)}`);
    return words.every((word) => haystack.includes(word));
  });
};
