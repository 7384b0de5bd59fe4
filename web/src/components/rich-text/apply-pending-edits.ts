// Puts a freshly mounted editor's caret where the user pressed on its fallback, and replays what was typed into the
// fallback (pending-input.ts) through the editor's own key and text-input handlers (so its input rules and Enter
// behaviour apply).
import type { Node } from 'prosemirror-model';
import { Selection, TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { editsOfPaste, type PendingEdit } from './pending-input';
import type { CaretPoint } from './rich-text-props';

/** The document position of a caret point: its text block's start plus the offset, kept within the block. */
const positionOf = (doc: Node, { textblock, offset }: CaretPoint): number | undefined => {
  let seen = 0;
  let position: number | undefined;
  doc.descendants((node, at) => {
    if (position !== undefined || node.type.name === 'table') return false;
    if (!node.isTextblock) return true;
    if (seen === textblock) position = at + 1 + Math.min(offset, node.content.size);
    seen += 1;
    return false;
  });
  return position;
};

/** Puts the caret at the point (caret-point.ts), or at the end of the text when there is none or it is not there. */
export const placeCaret = (view: EditorView, point: CaretPoint | undefined) => {
  const { doc } = view.state;
  const position = point && positionOf(doc, point);
  view.dispatch(view.state.tr.setSelection(position === undefined ? Selection.atEnd(doc) : TextSelection.create(doc, position)));
};

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
