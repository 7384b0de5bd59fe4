// Where a press on a rich text's stand-in (StoredBlocksView) lands, told to its editor once it has mounted: the n-th
// line of text (a block with text, outside tables, in document order, as the editor's text blocks come) and the
// character within it. Only the DOM side lives here: the editor's side is in apply-pending-edits.ts (placeCaret).
import type { CaretPoint } from './rich-text-props';

/** The text position under (x, y): Chromium has had caretPositionFromPoint since 128; older ones the WebKit call. */
const caretAt = (x: number, y: number): { node: Node; offset: number } | undefined => {
  if (typeof document.caretPositionFromPoint === 'function') {
    const position = document.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : undefined;
  }
  if (typeof document.caretRangeFromPoint === 'function') {
    const range = document.caretRangeFromPoint(x, y);
    return range ? { node: range.startContainer, offset: range.startOffset } : undefined;
  }
  return undefined;
};

/** The caret point of a press at (x, y) on `box`; undefined off its lines of text (the caret then goes to the end). */
export const caretPointAt = (box: HTMLElement, x: number, y: number): CaretPoint | undefined => {
  const caret = caretAt(x, y);
  const element = caret && (caret.node instanceof Element ? caret.node : caret.node.parentElement);
  const line = element?.closest('[data-textblock]');
  if (!caret || !line || !box.contains(line)) return undefined;
  const before = document.createRange();
  before.setStart(line, 0);
  before.setEnd(caret.node, caret.offset);
  return { textblock: Array.from(box.querySelectorAll('[data-textblock]')).indexOf(line), offset: before.toString().length };
};
