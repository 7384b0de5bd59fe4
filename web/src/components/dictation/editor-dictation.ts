// Dictation's side inside a BlockNote editor: final text goes in at the cursor (a list item each in list mode), the
// text still being heard shows at the cursor in grey, and 'undo' / 'clear all' take back only what was dictated in
// this listening session. Each dictated piece is tracked as a decoration, which ProseMirror maps through every later
// edit: typing around or inside it never makes a voice command remove the wrong text.
import { createExtension, type BlockNoteEditor } from '@blocknote/core';
import type { VoiceCommandAction } from '@chartside/shared';
import { Plugin, PluginKey, type EditorState } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import type { DictationTarget } from './dictation-target';
import classes from './dictation.module.css';

interface DictationPluginState {
  dictated: DecorationSet;
  partial: string;
}
type DictationMeta = { add: { from: number; to: number; id: number } } | { partial: string };

const key = new PluginKey<DictationPluginState>('chartside-dictation');

const partialWidget = (state: EditorState, text: string) =>
  Decoration.widget(
    state.selection.head,
    () => {
      const span = document.createElement('span');
      span.className = classes.partial ?? '';
      span.dataset.dictationPartial = '';
      span.textContent = text;
      return span;
    },
    { side: 1, ignoreSelection: true, key: `partial:${text}` },
  );

export const dictationExtension = createExtension({
  key: 'chartside-dictation',
  prosemirrorPlugins: [
    new Plugin<DictationPluginState>({
      key,
      state: {
        init: () => ({ dictated: DecorationSet.empty, partial: '' }),
        apply: (transaction, previous) => {
          const meta = transaction.getMeta(key) as DictationMeta | undefined;
          let dictated = previous.dictated.map(transaction.mapping, transaction.doc);
          if (meta && 'add' in meta) {
            const { from, to, id } = meta.add;
            dictated = dictated.add(transaction.doc, [Decoration.inline(from, to, {}, { id })]);
          }
          return { dictated, partial: meta && 'partial' in meta ? meta.partial : previous.partial };
        },
      },
      props: {
        decorations: (state) => {
          const { dictated, partial } = key.getState(state)!;
          return partial ? dictated.add(state.doc, [partialWidget(state, ` ${partial}`)]) : dictated;
        },
      },
    }),
  ],
});

/**
 * What one dictated phrase or command put in: its text (the decoration's id) and the block it made for it, if any (a
 * list item, or the paragraph after a list). 'converted' is an empty paragraph the phrase turned into a list item.
 */
interface Piece {
  textId?: number;
  block?: { id: string; made: 'created' | 'converted' };
}

/** Spaces a piece from the text before the cursor. */
const needsSpaceBefore = (state: EditorState) => {
  const { $from } = state.selection;
  const before = $from.parent.textBetween(Math.max(0, $from.parentOffset - 1), $from.parentOffset);
  return before !== '' && !/\s/.test(before);
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the default blocks are all this uses
type AnyEditor = BlockNoteEditor<any, any, any>;

export function editorDictationTarget(editor: AnyEditor): DictationTarget {
  let pieces: Piece[] = [];
  let nextId = 1;

  const view = () => editor.prosemirrorView;
  /** Tracks text already in the document as dictated; returns its id. */
  const track = (from: number, to: number) => {
    const id = nextId++;
    view()?.dispatch(view()!.state.tr.setMeta(key, { add: { from, to, id } } satisfies DictationMeta));
    return id;
  };

  const insertText = (text: string) => {
    const current = view();
    if (!current) return;
    const { state } = current;
    const { from, to } = state.selection;
    const piece = `${needsSpaceBefore(state) ? ' ' : ''}${text}`;
    const transaction = state.tr.insertText(piece, from, to);
    current.dispatch(transaction.setMeta(key, { add: { from, to: from + piece.length, id: nextId } } satisfies DictationMeta));
    pieces.push({ textId: nextId++ });
  };

  const insertListItem = (text: string) => {
    const { block } = editor.getTextCursorPosition();
    const empty = Array.isArray(block.content) && block.content.length === 0;
    let item: NonNullable<Piece['block']>;
    if (empty && block.type === 'bulletListItem') {
      editor.updateBlock(block, { content: text });
      item = { id: block.id, made: 'created' };
    } else if (empty && block.type === 'paragraph') {
      editor.updateBlock(block, { type: 'bulletListItem', content: text });
      item = { id: block.id, made: 'converted' };
    } else {
      item = { id: editor.insertBlocks([{ type: 'bulletListItem', content: text }], block, 'after')[0]!.id, made: 'created' };
    }
    editor.setTextCursorPosition(item.id, 'end');
    const head = view()?.state.selection.head;
    pieces.push({ textId: head === undefined ? undefined : track(head - text.length, head), block: item });
  };

  /**
   * Takes a piece back, as much of it as is left: its text, then its block once that is empty (a block the user has
   * typed into stays).
   */
  const remove = (piece: Piece) => {
    const current = view();
    if (!current) return;
    const found = key.getState(current.state)?.dictated.find(undefined, undefined, (spec) => spec.id === piece.textId)[0];
    if (piece.textId !== undefined && found) current.dispatch(current.state.tr.delete(found.from, found.to));
    const block = piece.block && editor.getBlock(piece.block.id);
    if (!block || !Array.isArray(block.content) || block.content.length > 0) return;
    if (piece.block!.made === 'created') editor.removeBlocks([block]);
    else editor.updateBlock(block, { type: 'paragraph' });
  };

  return {
    begin() {
      pieces = [];
    },
    showPartial(text) {
      const current = view();
      current?.dispatch(current.state.tr.setMeta(key, { partial: text } satisfies DictationMeta));
    },
    insertFinal(text, listMode) {
      if (listMode) insertListItem(text);
      else insertText(text);
    },
    apply(action: VoiceCommandAction) {
      if (action === 'undo') {
        const last = pieces.pop();
        if (last) remove(last);
      } else if (action === 'clear_all') {
        for (const piece of pieces.reverse()) remove(piece);
        pieces = [];
      } else if (action === 'end_list') {
        // Out of the list: what is said next starts a paragraph of its own.
        const { block } = editor.getTextCursorPosition();
        if (block.type !== 'bulletListItem') return;
        const paragraph = editor.insertBlocks([{ type: 'paragraph' }], block, 'after')[0]!;
        editor.setTextCursorPosition(paragraph, 'start');
        pieces.push({ block: { id: paragraph.id, made: 'created' } });
      }
      // 'start_list' needs nothing here: the next final text comes with listMode on.
    },
  };
}
