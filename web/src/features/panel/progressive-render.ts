// Rendering a long panel without holding back its first screenful: the first cards in the first commit, the rest in
// chunks after paint, and the print-only table once the screen is done (or right away when the user prints).
import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { whenIdle } from '../../platform/when-idle';

/**
 * Cards (or compact rows) in the first commit: a screenful and then some, so the first paint is a full screen and no
 * more is rendered before it (a phone shows about six cards; rendering 40 held its first paint back). From the window's
 * size: the grid's columns at Mantine's sm and lg breakpoints, and rows of the smallest card (or row) there is.
 */
export const firstCards = (layout: 'cards' | 'compact', width = window.innerWidth, height = window.innerHeight): number => {
  const columns = layout === 'compact' ? 1 : width >= 1200 ? 3 : width >= 768 ? 2 : 1;
  const rowHeight = layout === 'compact' ? 28 : 90;
  return Math.max(8, columns * Math.ceil(height / rowHeight));
};
/** Cards added per frame after that. */
export const CARDS_PER_FRAME = 200;

/** Runs `callback` after the next frame has been painted; returns the cancel. */
const afterPaint = (callback: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    // A task queued from a frame callback runs once that frame has been produced.
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * How many of `total` items to render now: firstCards at first, then CARDS_PER_FRAME more after each paint (as a
 * transition, so typing and clicks go first) until all are. It only grows, so a new sort or filter of the same list
 * re-renders nothing it need not; a new `layout` (cards vs compact rows, which mount afresh) starts again from the first.
 */
export function useProgressiveCount(total: number, layout: 'cards' | 'compact'): number {
  const [progress, setProgress] = useState(() => ({ layout, limit: firstCards(layout) }));
  if (progress.layout !== layout) setProgress({ layout, limit: firstCards(layout) });
  const limit = progress.layout === layout ? progress.limit : firstCards(layout);

  useEffect(() => {
    if (limit >= total) return;
    return afterPaint(() =>
      startTransition(() => setProgress((current) => (current.layout === layout ? { layout, limit: current.limit + CARDS_PER_FRAME } : current))),
    );
  }, [limit, total, layout]);

  return Math.min(limit, total);
}

/** The print-only table: not rendered, rendered (hidden on screen), or rendered for the print going on now. */
export type PrintList = 'none' | 'rendered' | 'printing';

/**
 * When to render the print-only table: not before the screen's cards are all rendered (it is hidden on screen), then
 * at the next idle moment; at once when the user prints (beforeprint, rendered synchronously so it is what prints).
 */
export function usePrintList(cardsDone: boolean): PrintList {
  const [printList, setPrintList] = useState<PrintList>('none');

  useEffect(() => {
    const printing = () => flushSync(() => setPrintList('printing'));
    const printed = () => setPrintList('rendered');
    window.addEventListener('beforeprint', printing);
    window.addEventListener('afterprint', printed);
    return () => {
      window.removeEventListener('beforeprint', printing);
      window.removeEventListener('afterprint', printed);
    };
  }, []);

  useEffect(() => {
    if (printList !== 'none' || !cardsDone) return;
    return whenIdle(() => setPrintList((current) => (current === 'none' ? 'rendered' : current)));
  }, [printList, cardsDone]);

  return printList;
}
