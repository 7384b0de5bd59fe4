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

/** A dictated piece: its decoration's id, and the list item it made, if it made one. */
interface Piece {
  id: number;
  createdBlockId?: string;
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
  const track = (from: number, to: number, createdBlockId?: string) => {
    const id = nextId++;
    view()?.dispatch(view()!.state.tr.setMeta(key, { add: { from, to, id } } satisfies DictationMeta));
    pieces.push({ id, createdBlockId });
  };

  const insertText = (text: string) => {
    const current = view();
    if (!current) return;
    const { state } = current;
    const { from, to } = state.selection;
    const piece = `${needsSpaceBefore(state) ? ' ' : ''}${text}`;
    const transaction = state.tr.insertText(piece, from, to);
    current.dispatch(transaction.setMeta(key, { add: { from, to: from + piece.length, id: nextId } } satisfies DictationMeta));
    pieces.push({ id: nextId++ });
  };

  const insertListItem = (text: string) => {
    const { block } = editor.getTextCursorPosition();
    const empty = Array.isArray(block.content) && block.content.length === 0;
    let itemId: string;
    if (empty && (block.type === 'paragraph' || block.type === 'bulletListItem')) {
      editor.updateBlock(block, { type: 'bulletListItem', content: text });
      itemId = block.id;
    } else {
      itemId = editor.insertBlocks([{ type: 'bulletListItem', content: text }], block, 'after')[0]!.id;
    }
    editor.setTextCursorPosition(itemId, 'end');
    const head = view()?.state.selection.head;
    if (head !== undefined) track(head - text.length, head, itemId === block.id ? undefined : itemId);
  };

  /** Takes a piece back, if any of it is left; a list item it made goes too once it is empty. */
  const remove = (piece: Piece) => {
    const current = view();
    if (!current) return;
    const found = key.getState(current.state)?.dictated.find(undefined, undefined, (spec) => spec.id === piece.id)[0];
    if (found) current.dispatch(current.state.tr.delete(found.from, found.to));
    if (!piece.createdBlockId) return;
    const item = editor.getBlock(piece.createdBlockId);
    if (item && Array.isArray(item.content) && item.content.length === 0) editor.removeBlocks([item]);
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
        const [paragraph] = editor.insertBlocks([{ type: 'paragraph' }], block, 'after');
        editor.setTextCursorPosition(paragraph!, 'start');
      }
      // 'start_list' needs nothing here: the next final text comes with listMode on.
    },
  };
}
