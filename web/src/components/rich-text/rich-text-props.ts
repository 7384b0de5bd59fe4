// The props of a rich text and the fallback's handoff to the editor: read by RichTextEditor and by the BlockNote editor it
// loads lazily, kept apart so that neither module imports the other.
import type { PendingEdit } from './pending-input';

export interface RichTextEditorProps {
  /** The stored body (BlockNote blocks as JSON; other text is shown as a paragraph). Read once, when the editor opens. */
  initialContent: string;
  /** Called with the serialized document after each change. */
  onChange?: (serialized: string) => void;
  editable: boolean;
  /** The accessible name of the editable area. */
  label: string;
}

/** A place in the text: the n-th line of text (outside tables) and the character within it (see caret-point.ts). */
export interface CaretPoint {
  textblock: number;
  offset: number;
}

/** How the fallback hands over to the editor once it has mounted (read in the editor's first layout effect). */
export interface EditorHandoff {
  /** The edits typed into the fallback, removed from it. */
  takePendingEdits(): PendingEdit[];
  /** Whether the user is in the fallback, so the editor should take the focus. */
  focusWanted(): boolean;
  /** Where the user pressed on the fallback, for the caret; undefined for the end of the text. */
  caretWanted(): CaretPoint | undefined;
  /** The editor is in the page: the fallback goes, in the same frame. */
  mounted(): void;
}
