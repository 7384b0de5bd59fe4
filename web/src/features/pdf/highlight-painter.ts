// Draws a PDF's saved highlights over its pages. A page's marks are made again each time pdf.js renders its text
// layer (scrolling back, zooming, resizing), from the latest highlights, anchored in the page's text (./anchoring).
// The marks sit between the canvas and the text layer, so the text stays selectable through them.
import type { Highlight } from '@chartside/shared';
import { anchorHighlight } from './anchoring';
import { anchorsOf } from './highlights';
import { pageTextOf, rangeOf } from './text-layer';

/** What the painter needs of pdf.js's PDFViewer. */
export interface PagesView {
  pagesCount: number;
  getPageView(index: number): unknown;
  scrollPageIntoView(options: { pageNumber: number }): void;
}

interface PageView {
  div: HTMLDivElement;
  textLayer?: { div: HTMLDivElement } | null;
}

const LAYER_CLASS = 'chartsideHighlights';
const MARK_CLASS = 'chartsideHighlight';

export class HighlightPainter {
  private highlights: readonly Highlight[] = [];
  private view: PagesView | undefined;
  /** A highlight to scroll to once its page is drawn. */
  private pendingFocus: string | undefined;
  /** Highlights looked for on a rendered page and not found there. */
  private unplaced = new Set<string>();

  constructor(private readonly onUnplacedChange: (unplaced: ReadonlySet<string>) => void) {}

  attach(view: PagesView | undefined): void {
    this.view = view;
    if (view) this.drawAll();
  }

  setHighlights(highlights: readonly Highlight[]): void {
    this.highlights = highlights;
    this.drawAll();
  }

  /** Scrolls to the highlight's page, then to the highlight once its page is drawn. */
  focus(highlightId: string): void {
    const highlight = this.highlights.find((candidate) => candidate.id === highlightId);
    if (!this.view || !highlight) return;
    this.pendingFocus = highlightId;
    this.view.scrollPageIntoView({ pageNumber: Math.min(Math.max(highlight.pageNumber, 1), this.view.pagesCount) });
    this.drawPage(highlight.pageNumber);
  }

  drawAll(): void {
    for (let pageNumber = 1; pageNumber <= (this.view?.pagesCount ?? 0); pageNumber += 1) this.drawPage(pageNumber);
  }

  /** Draws one page's highlights, if its text layer is rendered. */
  drawPage(pageNumber: number): void {
    const page = this.view?.getPageView(pageNumber - 1) as PageView | undefined;
    const layer = page?.textLayer?.div;
    if (!page || !layer?.isConnected) return;
    page.div.querySelector(`:scope > .${LAYER_CLASS}`)?.remove();
    const onPage = this.highlights.filter((highlight) => highlight.pageNumber === pageNumber);
    const found = new Set<string>();
    if (onPage.length > 0) {
      const marks = this.marksFor(page, layer, onPage, found);
      page.div.insertBefore(marks, layer);
      this.scrollToPendingFocus(marks);
    }
    this.noteFound(onPage, found);
  }

  private marksFor(page: PageView, layer: HTMLDivElement, onPage: readonly Highlight[], found: Set<string>): HTMLDivElement {
    const pageText = pageTextOf(layer);
    const box = page.div.getBoundingClientRect();
    const width = page.div.clientWidth;
    const height = page.div.clientHeight;
    const marks = page.div.ownerDocument.createElement('div');
    marks.className = LAYER_CLASS;
    for (const highlight of onPage) {
      const anchor = anchorHighlight(pageText.text, { text: highlight.text, anchors: anchorsOf(highlight) });
      const range = anchor && rangeOf(pageText, anchor.start, anchor.end);
      if (!range) continue;
      found.add(highlight.id);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue;
        const mark = page.div.ownerDocument.createElement('div');
        mark.className = MARK_CLASS;
        mark.dataset.highlightId = highlight.id;
        // In % of the page: a zoom that stretches the old canvas until the page is drawn again keeps them in place.
        mark.style.left = `${((rect.left - box.left - page.div.clientLeft) / width) * 100}%`;
        mark.style.top = `${((rect.top - box.top - page.div.clientTop) / height) * 100}%`;
        mark.style.width = `${(rect.width / width) * 100}%`;
        mark.style.height = `${(rect.height / height) * 100}%`;
        marks.append(mark);
      }
    }
    return marks;
  }

  private scrollToPendingFocus(marks: HTMLDivElement): void {
    const id = this.pendingFocus;
    const focused = id ? [...marks.querySelectorAll<HTMLElement>(`.${MARK_CLASS}`)].filter((mark) => mark.dataset.highlightId === id) : [];
    if (focused.length === 0) return;
    this.pendingFocus = undefined;
    focused[0]!.scrollIntoView({ block: 'center' });
    for (const mark of focused) mark.classList.add('focused');
  }

  private noteFound(onPage: readonly Highlight[], found: ReadonlySet<string>): void {
    const unplaced = new Set(this.unplaced);
    for (const highlight of onPage) {
      if (found.has(highlight.id)) unplaced.delete(highlight.id);
      else unplaced.add(highlight.id);
    }
    // Highlights removed since are no longer missing.
    for (const id of unplaced) if (!this.highlights.some((highlight) => highlight.id === id)) unplaced.delete(id);
    if (unplaced.size === this.unplaced.size && [...unplaced].every((id) => this.unplaced.has(id))) return;
    this.unplaced = unplaced;
    this.onUnplacedChange(unplaced);
  }
}
