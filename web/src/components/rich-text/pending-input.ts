// What a user types into a rich text's fallback before its editor has mounted. The editor mounts as soon as the
// fallback takes focus, but creating it (and, the first time, loading its chunk) takes a moment: the keys pressed
// meanwhile are kept here and replayed into the editor, so nothing typed is lost.

export type PendingEdit =
  | { kind: 'text'; text: string }
  | { kind: 'enter' }
  | { kind: 'backspace' }
  /** A paste, kept whole (its rich text and its images too) to be pasted into the editor. */
  | { kind: 'paste'; text: string; html: string; files: File[] }
  /** Bold, italic or underline switched on or off (Ctrl or ⌘ with B, I or U), pressed again in the editor. */
  | { kind: 'format'; key: string; ctrlKey: boolean; metaKey: boolean };

/** The letters of the formatting shortcuts a fallback keeps: the editor's Mod-b, Mod-i and Mod-u. */
const FORMAT_KEYS = new Set(['b', 'i', 'u']);

/**
 * The edit a key press on the fallback stands for, or null for keys the fallback leaves alone (Tab, arrows, and
 * shortcuts other than formatting: copy, paste and undo stay the browser's).
 */
export const editOfKey = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>): PendingEdit | null => {
  if (event.isComposing) return null;
  if (event.ctrlKey || event.metaKey) {
    // Lower case: Caps Lock gives 'B', which the editor's keymap would not know from a key event made up later.
    const letter = event.key.toLowerCase();
    const format = FORMAT_KEYS.has(letter) && !event.altKey && !event.shiftKey;
    return format ? { kind: 'format', key: letter, ctrlKey: event.ctrlKey, metaKey: event.metaKey } : null;
  }
  if (event.key === 'Enter' && !event.altKey) return { kind: 'enter' };
  if (event.key === 'Backspace' && !event.altKey) return { kind: 'backspace' };
  // A printable key names its character (AltGr combinations included); named keys ('Shift', 'ArrowLeft') are longer.
  return [...event.key].length === 1 ? { kind: 'text', text: event.key } : null;
};

/** What a paste carried, copied out of the clipboard event (its data is unreadable once the event is over). */
export const editOfPaste = (clipboard: Pick<DataTransfer, 'getData' | 'files'>): PendingEdit => ({
  kind: 'paste',
  text: clipboard.getData('text/plain'),
  html: clipboard.getData('text/html'),
  files: [...clipboard.files],
});

/** The edits a pasted plain text stands for: its lines, with an Enter between them. */
export const editsOfPaste = (text: string): PendingEdit[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .flatMap((line, index): PendingEdit[] => [...(index > 0 ? [{ kind: 'enter' } as const] : []), ...(line ? [{ kind: 'text', text: line } as const] : [])]);

/** The fallback's plain text with the edits applied, so what is typed shows while the editor is on its way. */
export const textWithEdits = (text: string, edits: readonly PendingEdit[]): string =>
  edits.reduce((result, edit) => {
    if (edit.kind === 'text') return result + edit.text;
    if (edit.kind === 'enter') return `${result}\n`;
    // At the start of a line, Backspace joins it to the line before, as in the editor.
    if (edit.kind === 'backspace') return [...result].slice(0, -1).join('');
    if (edit.kind === 'format') return result;
    return result + edit.text.replace(/\r\n?/g, '\n');
  }, text);

/**
 * Adds edits to a queue, keeping it short: text joins the text before it, and a Backspace right after typed text
 * removes that text's last character instead of being kept.
 */
export const appendEdits = (queue: readonly PendingEdit[], edits: readonly PendingEdit[]): PendingEdit[] =>
  edits.reduce<PendingEdit[]>((result, edit) => {
    const last = result.at(-1);
    if (edit.kind === 'text' && last?.kind === 'text') return [...result.slice(0, -1), { kind: 'text', text: last.text + edit.text }];
    if (edit.kind === 'backspace' && last?.kind === 'text') {
      const remaining = [...last.text].slice(0, -1).join('');
      return [...result.slice(0, -1), ...(remaining ? [{ kind: 'text', text: remaining } as const] : [])];
    }
    return [...result, edit];
  }, [...queue]);
