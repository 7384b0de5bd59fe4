// Replays what was typed into a rich text's fallback (pending-input.ts) into its freshly mounted editor, at the end of
// the text, through the editor's own key and text-input handlers (so its input rules and Enter behaviour apply).
import { Selection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { editsOfPaste, type PendingEdit } from './pending-input';

export const placeCaretAtEnd = (view: EditorView) => view.dispatch(view.state.tr.setSelection(Selection.atEnd(view.state.doc)));

const pressKey = (view: EditorView, key: KeyboardEventInit): boolean =>
  view.someProp('handleKeyDown', (handle) => handle(view, new KeyboardEvent('keydown', key)) || undefined) ?? false;

const typeCharacter = (view: EditorView, character: string) => {
  const { from, to } = view.state.selection;
  const insert = () => view.state.tr.insertText(character, from, to);
  if (!view.someProp('handleTextInput', (handle) => handle(view, from, to, character, insert) || undefined)) view.dispatch(insert());
};

// Backspace inside a line is the browser's own editing in a contenteditable, not a key handler's: done here instead.
const deleteBackward = (view: EditorView) => {
  if (pressKey(view, { key: 'Backspace' })) return;
  const { empty, from, $from } = view.state.selection;
  if (!empty) view.dispatch(view.state.tr.deleteSelection());
  else if ($from.parentOffset > 0) view.dispatch(view.state.tr.delete(from - 1, from));
};

const splitLine = (view: EditorView) => {
  if (!pressKey(view, { key: 'Enter' })) view.dispatch(view.state.tr.split(view.state.selection.from));
};

// A paste goes through the editor's own paste handling (formatting, images shrunk and stored) as a paste of the same
// data; where a clipboard cannot be built (jsdom), its plain text is typed in.
const paste = (view: EditorView, edit: Extract<PendingEdit, { kind: 'paste' }>) => {
  if (typeof DataTransfer !== 'function') {
    applyPendingEdits(view, editsOfPaste(edit.text));
    return;
  }
  const clipboard = new DataTransfer();
  if (edit.text) clipboard.setData('text/plain', edit.text);
  if (edit.html) clipboard.setData('text/html', edit.html);
  for (const file of edit.files) clipboard.items.add(file);
  view.dom.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }));
};

/** Applies the edits at the caret, in order. */
export const applyPendingEdits = (view: EditorView, edits: readonly PendingEdit[]) => {
  for (const edit of edits) {
    if (edit.kind === 'text') for (const character of edit.text) typeCharacter(view, character);
    else if (edit.kind === 'enter') splitLine(view);
    else if (edit.kind === 'backspace') deleteBackward(view);
    else if (edit.kind === 'format') pressKey(view, { key: edit.key, ctrlKey: edit.ctrlKey, metaKey: edit.metaKey });
    else paste(view, edit);
  }
};
