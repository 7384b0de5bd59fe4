// Three asterisks mark a blank still to fill in (in templates and notes): the editor shows each '***' in pink.
// A decoration only: the stored text keeps the plain asterisks.
import { createExtension } from '@blocknote/core';
import type { Node as ProseMirrorNode } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import classes from './RichTextEditor.module.css';

/** Start and end offsets of each '***' in a text; a longer run of asterisks holds as many as fit. */
export const tripleAsteriskRanges = (text: string): { from: number; to: number }[] =>
  [...text.matchAll(/\*\*\*/g)].map((match) => ({ from: match.index, to: match.index + 3 }));

const decorate = (doc: ProseMirrorNode): DecorationSet => {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (!node.isText || !node.text) return;
    for (const { from, to } of tripleAsteriskRanges(node.text)) {
      decorations.push(Decoration.inline(position + from, position + to, { class: classes.tripleAsterisks }));
    }
  });
  return DecorationSet.create(doc, decorations);
};

const key = new PluginKey<DecorationSet>('chartside-triple-asterisks');

export const tripleAsterisksExtension = createExtension({
  key: 'chartside-triple-asterisks',
  prosemirrorPlugins: [
    new Plugin<DecorationSet>({
      key,
      state: {
        init: (_config, state) => decorate(state.doc),
        apply: (transaction, previous) => (transaction.docChanged ? decorate(transaction.doc) : previous),
      },
      props: { decorations: (state) => key.getState(state) },
    }),
  ],
});
