// Putting a saved prompt into the message being written: at the caret, in place of any selected text. Text on the same
// line before or after the caret stays a paragraph of its own, so the prompt is a paragraph of its own too.
import { MAX_CHAT_TEXT } from '@chartside/shared';

export interface Insertion {
  text: string;
  /** Where the caret goes: just after what was inserted. */
  caret: number;
}

/** `message` with `inserted` between `start` and `end` (a selection, or the caret when equal), kept to MAX_CHAT_TEXT. */
export const insertIntoMessage = (message: string, start: number, end: number, inserted: string): Insertion => {
  const before = message.slice(0, start);
  const after = message.slice(end);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n\n';
  const head = `${before}${lead}${inserted}`.slice(0, MAX_CHAT_TEXT);
  return { text: `${head}${trail}${after}`.slice(0, MAX_CHAT_TEXT), caret: head.length };
};
