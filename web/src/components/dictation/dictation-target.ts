// Where dictated text goes (a rich-text editor, the transcription tool's text), and how the engine's messages reach it.
import type { TranscriptionServerMessage, VoiceCommandAction } from '@chartside/shared';

export interface DictationTarget {
  /** A new listening session begins: what 'undo' and 'clear all' act on starts empty. */
  begin(): void;
  /** Text still being heard, shown at the cursor until the next partial or final text replaces it ('' hides it). */
  showPartial(text: string): void;
  /** Settled text, inserted at the cursor; in list mode as a list item of its own. */
  insertFinal(text: string, listMode: boolean): void;
  apply(action: VoiceCommandAction): void;
}

/** Hands a transcript message to the target; returns the list mode that now holds. */
export function applyTranscript(target: DictationTarget, message: Extract<TranscriptionServerMessage, { type: 'transcript' }>, listMode: boolean): boolean {
  if (!message.isFinal) {
    target.showPartial(message.text);
    return listMode;
  }
  target.showPartial('');
  for (const { action } of message.commands ?? []) target.apply(action);
  const nextListMode = message.listMode ?? listMode;
  const text = message.text.trim();
  if (text) target.insertFinal(text, nextListMode);
  return nextListMode;
}

