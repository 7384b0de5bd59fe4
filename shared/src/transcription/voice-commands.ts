// Dictation's voice commands (spec section 4 'Dictation'): 'clear all', 'undo', 'start list', 'end list'. Both engine
// paths run every final text through here: the local runtime's socket before it sends the transcript, and the browser
// for Amazon Transcribe Medical's results, so both say the same thing for the same words.
//
// A command counts only when it is the whole phrase, spoken on its own between pauses (as dictation software does):
// 'undo' or 'clear all' inside a sentence ("unable to undo the dressing") is text, never an edit. Several commands in
// one phrase ('end list start list') all count, in the order spoken. Case, punctuation and extra spaces are ignored,
// since engines differ in them ('Clear all.', 'clear-all').
import type { VoiceCommandAction } from '../contracts/transcription';

const COMMAND_WORDS: ReadonlyArray<readonly [words: readonly string[], action: VoiceCommandAction]> = [
  [['clear', 'all'], 'clear_all'],
  [['undo'], 'undo'],
  [['start', 'list'], 'start_list'],
  [['end', 'list'], 'end_list'],
];

/** The commands as spoken ('end list'), for an engine that can listen for them. */
export const VOICE_COMMAND_PHRASES = COMMAND_WORDS.map(([words]) => words.join(' '));

export interface VoiceCommandResult {
  /** The text to insert: the phrase as heard, or '' when the phrase was only commands. */
  text: string;
  commands: { action: VoiceCommandAction }[];
  /** Whether final text goes in as list items after this phrase. */
  listMode: boolean;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/** The commands the words spell out, in order, or null when any word is not part of a command. */
const commandsOf = (words: string[]): VoiceCommandAction[] | null => {
  const actions: VoiceCommandAction[] = [];
  let at = 0;
  while (at < words.length) {
    const match = COMMAND_WORDS.find(([command]) => command.every((word, i) => words[at + i] === word));
    if (!match) return null;
    actions.push(match[1]);
    at += match[0].length;
  }
  return actions;
};

/** Takes the commands out of one final text; `listMode` is the state before it. */
export const applyVoiceCommands = (finalText: string, listMode: boolean): VoiceCommandResult => {
  const words = wordsOf(finalText);
  const actions = words.length ? commandsOf(words) : null;
  if (!actions) return { text: finalText.trim(), commands: [], listMode };
  const after = actions.reduce((mode, action) => (action === 'start_list' ? true : action === 'end_list' ? false : mode), listMode);
  return { text: '', commands: actions.map((action) => ({ action })), listMode: after };
};
