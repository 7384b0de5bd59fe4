// The BlockNote editor behind RichTextEditor. Only RichTextEditor imports this file, lazily: BlockNote, ProseMirror
// and their styles form the 'blocknote' chunk, loaded the first time a rich text is shown (see vite.config.ts).
import '@blocknote/mantine/style.css';
import { BlockNoteSchema, type PartialBlock } from '@blocknote/core';
import { BlockNoteView, darkDefaultTheme, lightDefaultTheme, type Theme } from '@blocknote/mantine';
import { SuggestionMenuController, useCreateBlockNote } from '@blocknote/react';
import { useComputedColorScheme } from '@mantine/core';
import type { Transaction } from 'prosemirror-state';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { applyPendingEdits, placeCaretAtEnd } from './apply-pending-edits';
import { downscaleImage } from './downscale-image';
import classes from './RichTextEditor.module.css';
import type { EditorHandoff, RichTextEditorProps } from './RichTextEditor';
import { parseStoredBlocks, serializeBlocks } from './stored-blocks';
import { tripleAsterisksExtension } from './triple-asterisks';

const schema = BlockNoteSchema.create();
const knownBlockTypes: ReadonlySet<string> = new Set(Object.keys(schema.blockSpecs));

// The app's font and radius, so the editor reads as part of the page.
const appFont = { fontFamily: 'var(--mantine-font-family)', borderRadius: 8 } satisfies Theme;
const themes = { light: { ...lightDefaultTheme, ...appFont }, dark: { ...darkDefaultTheme, ...appFont } };

/** True when the clipboard holds files but no image: those cannot live inside a rich text, so the paste is dropped. */
const onlyNonImageFiles = (event: ClipboardEvent) => {
  const files = [...(event.clipboardData?.files ?? [])];
  return files.length > 0 && files.every((file) => !file.type.startsWith('image/'));
};

/**
 * The '/' menu opens only at the start of a word: clinicians type 'mg/kg' and 'mg/dL', where a menu would take over
 * Enter. Never in a table cell (BlockNote's own rule).
 */
const slashMenuShouldOpen = (transaction: Transaction) => {
  const { $from } = transaction.selection;
  if ($from.parent.type.isInGroup('tableContent')) return false;
  const before = $from.parent.textBetween(Math.max(0, $from.parentOffset - 1), $from.parentOffset);
  return before === '' || /\s/.test(before);
};

export function BlockNoteRichText({ initialContent, onChange, editable, label, handoff }: RichTextEditorProps & { handoff: EditorHandoff }) {
  // The editor owns its document after the first render: later `initialContent` values are ignored by design.
  const [blocks] = useState(() => parseStoredBlocks(initialContent, knownBlockTypes) as PartialBlock[] | undefined);
  const editor = useCreateBlockNote({
    schema,
    initialContent: blocks,
    extensions: [tripleAsterisksExtension],
    uploadFile: downscaleImage,
    pasteHandler: ({ event, defaultPasteHandler }) => (onlyNonImageFiles(event) ? true : defaultPasteHandler()),
    domAttributes: { editor: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: classes.editable ?? '' } },
  });
  const colorScheme = useComputedColorScheme('light');

  // The label may change after the editor exists (a section moves, so its position in the name changes).
  useEffect(() => {
    editor.domElement?.setAttribute('aria-label', label);
  }, [editor, label]);

  // BlockNote marks the editable like a combobox's input while its '/' menu is open, and leaves aria-expanded="false"
  // behind when it closes. A textbox may not carry aria-expanded (ARIA 1.2; axe fails the page), so it goes.
  useEffect(() => {
    const element = editor.domElement;
    if (!element) return;
    const observer = new MutationObserver(() => {
      if (element.getAttribute('aria-expanded') === 'false') element.removeAttribute('aria-expanded');
    });
    observer.observe(element, { attributes: true, attributeFilter: ['aria-expanded'] });
    return () => observer.disconnect();
  }, [editor]);

  // The parent's callback changes on every render; the editor subscribes once and calls the latest one.
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);

  // Taking over from the fallback before the frame is painted: what was typed into it lands at the end of the text,
  // the caret after it, and the focus moves in if the user is there; then the fallback goes (nothing jumps).
  useLayoutEffect(() => {
    const edits = handoff.takePendingEdits();
    const view = editor.prosemirrorView;
    if (editable && view && (edits.length > 0 || handoff.focusWanted())) {
      placeCaretAtEnd(view);
      applyPendingEdits(view, edits);
      // BlockNoteView subscribes to changes in an effect, after this one: the replayed edits are reported here.
      if (edits.length > 0) latestOnChange.current?.(serializeBlocks(editor.document));
      if (handoff.focusWanted()) editor.focus();
    }
    handoff.mounted();
  }, [editor, editable, handoff]);

  return (
    <BlockNoteView
      editor={editor}
      editable={editable}
      theme={themes[colorScheme]}
      className={classes.editor}
      data-editable={editable}
      onChange={() => latestOnChange.current?.(serializeBlocks(editor.document))}
      slashMenu={false}
    >
      <SuggestionMenuController triggerCharacter="/" shouldOpen={slashMenuShouldOpen} />
    </BlockNoteView>
  );
}
