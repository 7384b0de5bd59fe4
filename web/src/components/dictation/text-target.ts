// Dictation into plain text (the transcription tool): settled pieces in order, a partial one shown after them, and the
// same voice commands as in a rich text: 'undo' takes back the last piece, 'clear all' every piece, list mode puts each
// piece on a line of its own starting '- '.
import type { VoiceCommandAction } from '@chartside/shared';
import type { DictationTarget } from './dictation-target';

export class TextDictationTarget implements DictationTarget {
  private pieces: string[] = [];
  private partial = '';

  constructor(private readonly onText: (text: string) => void) {}

  begin(): void {
    this.pieces = [];
    this.partial = '';
    this.onText('');
  }

  showPartial(text: string): void {
    this.partial = text;
    this.onText(this.text());
  }

  insertFinal(text: string, listMode: boolean): void {
    this.pieces.push(listMode ? `\n- ${text}` : text);
    this.onText(this.text());
  }

  apply(action: VoiceCommandAction): void {
    if (action === 'undo') this.pieces.pop();
    if (action === 'clear_all') this.pieces = [];
    // After a list, the next piece starts a line of its own.
    if (action === 'end_list') this.pieces.push('\n');
    this.onText(this.text());
  }

  /** The pieces joined by spaces, except around line breaks. */
  text(): string {
    return [...this.pieces, this.partial]
      .filter(Boolean)
      .join(' ')
      .replace(/ ?\n ?/g, '\n')
      .trim();
  }
}
