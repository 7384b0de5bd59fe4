// The BlockNote editor behind RichTextEditor. Only RichTextEditor imports this file, lazily: BlockNote, ProseMirror
// and their styles form the 'blocknote' chunk, loaded the first time a rich text is shown (see vite.config.ts).
import '@blocknote/mantine/style.css';
import { matchTextTemplates, TEMPLATE_TRIGGER } from '@chartside/shared';
import { BlockNoteSchema, type PartialBlock } from '@blocknote/core';
import { SuggestionMenu } from '@blocknote/core/extensions';
import { BlockNoteView, darkDefaultTheme, lightDefaultTheme, type Theme } from '@blocknote/mantine';
import { SuggestionMenuController, useCreateBlockNote } from '@blocknote/react';
import { useComputedColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Transaction } from 'prosemirror-state';
import { use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DictationControl } from '../dictation/DictationControl';
import { dictationExtension, editorDictationTarget } from '../dictation/editor-dictation';
import { applyPendingEdits, placeCaret } from './apply-pending-edits';
import { downscaleImage } from './downscale-image';
import classes from './RichTextEditor.module.css';
import type { EditorHandoff, RichTextEditorProps } from './rich-text-props';
import { RichTextServicesContext } from './rich-text-services';
import { parseStoredBlocks, serializeBlocks } from './stored-blocks';
import { TemplatePicker, type TemplatePickerItem } from './TemplatePicker';
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

const characterBeforeCaret = (transaction: Transaction) => {
  const { $from } = transaction.selection;
  return $from.parent.textBetween(Math.max(0, $from.parentOffset - 1), $from.parentOffset);
};

/**
 * The '/' menu opens only at the start of a word: clinicians type 'mg/kg' and 'mg/dL', where a menu would take over
 * Enter. Never in a table cell (BlockNote's own rule).
 */
const slashMenuShouldOpen = (transaction: Transaction) => {
  if (transaction.selection.$from.parent.type.isInGroup('tableContent')) return false;
  const before = characterBeforeCaret(transaction);
  return before === '' || /\s/.test(before);
};

const [TRIGGER_COMMA, TRIGGER_PERIOD] = [...TEMPLATE_TRIGGER] as [string, string];

/** The Templates picker opens on the period typed right after a comma (BlockNote's menus trigger on one character). */
const templatePickerShouldOpen = (transaction: Transaction) => characterBeforeCaret(transaction) === TRIGGER_COMMA;

/** What replaces a pasted or dropped image that could not be stored: the empty block BlockNote made for it goes. */
const NO_IMAGE = { type: 'paragraph', props: {} };

export function BlockNoteRichText({ initialContent, onChange, editable, label, handoff }: RichTextEditorProps & { handoff: EditorHandoff }) {
  // The editor owns its document after the first render: later `initialContent` values are ignored by design.
  const [blocks] = useState(() => parseStoredBlocks(initialContent, knownBlockTypes) as PartialBlock[] | undefined);
  const services = use(RichTextServicesContext);
  // The editor is created once; its file callbacks read the services of the latest render.
  const latestServices = useRef(services);
  useEffect(() => {
    latestServices.current = services;
  }, [services]);
  const editor = useCreateBlockNote({
    schema,
    initialContent: blocks,
    extensions: [tripleAsterisksExtension, dictationExtension],
    // A pasted or dropped image is shrunk, then stored as a file the block refers to (platform/editor-images.ts).
    // A failure is said and leaves no empty image block behind (BlockNote updates the block with what this answers).
    uploadFile: async (file) => {
      try {
        return await latestServices.current.storeImage(await downscaleImage(file));
      } catch (error) {
        notifications.show({ color: 'red', title: 'The image was not added', message: error instanceof Error ? error.message : String(error) });
        return NO_IMAGE;
      }
    },
    resolveFileUrl: (url) => latestServices.current.resolveImageUrl(url),
    pasteHandler: ({ event, defaultPasteHandler }) => (onlyNonImageFiles(event) ? true : defaultPasteHandler()),
    domAttributes: { editor: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: classes.editable ?? '' } },
  });
  const colorScheme = useComputedColorScheme('light');
  const dictationTarget = useMemo(() => editorDictationTarget(editor), [editor]);

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

  // The parent's callback changes on every render; the editor subscribes once and calls the latest one. It subscribes
  // before the frame is painted, not in a later effect (as BlockNoteView would): on a slow device keys typed between
  // the handoff below and that effect went unreported, and the next save stored the text without them.
  const latestOnChange = useRef(onChange);
  useLayoutEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);
  useLayoutEffect(() => editor.onChange(() => latestOnChange.current?.(serializeBlocks(editor.document))), [editor]);

  // Taking over from the fallback before the frame is painted: what was typed into it lands at the end of the text,
  // where the fallback showed it, the caret after it; with nothing typed, the caret goes where the user pressed on the
  // fallback. The focus moves in if the user is there; then the fallback goes (nothing jumps).
  useLayoutEffect(() => {
    const edits = handoff.takePendingEdits();
    const view = editor.prosemirrorView;
    if (editable && view && (edits.length > 0 || handoff.focusWanted())) {
      placeCaret(view, edits.length > 0 ? undefined : handoff.caretWanted());
      applyPendingEdits(view, edits);
      if (handoff.focusWanted()) editor.focus();
    }
    handoff.mounted();
  }, [editor, editable, handoff]);

  // The picker's rows for the word typed after ',.'. When nothing matches, or the word has ended, it closes and the text
  // stays as typed: an open menu would take the next Enter.
  const templateItems = useCallback(
    async (word: string): Promise<TemplatePickerItem[]> => {
      const { templates } = services;
      if (!/\s/.test(word)) {
        if (templates.length === 0) return [{ kind: 'make-one' }];
        const matches = matchTextTemplates(templates, word);
        if (matches.length > 0) return matches.map((template) => ({ kind: 'template', template }));
      }
      editor.getExtension(SuggestionMenu)?.closeMenu();
      return [];
    },
    [editor, services],
  );

  // BlockNote has taken out the period and the word; the comma goes too, and the template's blocks go in its place
  // (pasted, so a one-paragraph template joins the line it was called from).
  const insertTemplate = useCallback(
    (item: TemplatePickerItem) => {
      editor.transact((transaction) => {
        if (characterBeforeCaret(transaction) === TRIGGER_COMMA) transaction.delete(transaction.selection.from - 1, transaction.selection.from);
      });
      if (item.kind === 'make-one') return services.openTemplates();
      const content = parseStoredBlocks(item.template.content, knownBlockTypes) as PartialBlock[] | undefined;
      if (content) editor.pasteHTML(editor.blocksToFullHTML(content), true);
    },
    [editor, services],
  );

  return (
    <>
      <BlockNoteView
        editor={editor}
        editable={editable}
        theme={themes[colorScheme]}
        className={classes.editor}
        data-editable={editable}
        slashMenu={false}
      >
        <SuggestionMenuController triggerCharacter="/" shouldOpen={slashMenuShouldOpen} />
        <SuggestionMenuController
          triggerCharacter={TRIGGER_PERIOD}
          shouldOpen={templatePickerShouldOpen}
          minQueryLength={1}
          getItems={templateItems}
          onItemClick={insertTemplate}
          suggestionMenuComponent={TemplatePicker}
        />
      </BlockNoteView>
      {editable && services.connectDictation && (
        <DictationControl target={dictationTarget} connect={services.connectDictation} label={label} className={classes.dictation} />
      )}
    </>
  );
}
