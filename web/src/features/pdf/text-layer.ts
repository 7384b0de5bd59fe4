// The bridge between a page's text layer (pdf.js draws the page's text as transparent spans over the canvas) and the
// page's text as one string, which the anchoring works on: offsets in that string to a DOM Range, and back.

export interface PageText {
  /** The text nodes of the layer, in order, concatenated. */
  text: string;
  nodes: Text[];
  /** Where each node starts in `text`. */
  starts: number[];
}

export function pageTextOf(layer: HTMLElement): PageText {
  const walker = layer.ownerDocument.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    starts.push(text.length);
    text += (node as Text).data;
  }
  return { text, nodes, starts };
}

/** The node holding `offset` (an end offset belongs to the node it ends). */
const nodeAt = (page: PageText, offset: number, isEnd: boolean): { node: Text; offset: number } | undefined => {
  for (let i = 0; i < page.nodes.length; i += 1) {
    const node = page.nodes[i]!;
    const start = page.starts[i]!;
    const end = start + node.data.length;
    if (isEnd ? offset > start && offset <= end : offset >= start && offset < end) return { node, offset: offset - start };
  }
  return undefined;
};

export function rangeOf(page: PageText, start: number, end: number): Range | undefined {
  const from = nodeAt(page, start, false);
  const to = nodeAt(page, end, true);
  if (!from || !to) return undefined;
  const range = from.node.ownerDocument.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}

/** Where a point of a selection lies in the page's text; a point outside the layer's text nodes is clamped. */
const offsetOf = (page: PageText, container: Node, offset: number, layer: HTMLElement): number => {
  if (container.nodeType === Node.TEXT_NODE) {
    const index = page.nodes.indexOf(container as Text);
    if (index >= 0) return page.starts[index]! + offset;
  }
  // An element boundary: it lies where the first text node at or after it starts.
  const boundary = layer.ownerDocument.createRange();
  boundary.setStart(container, offset);
  boundary.collapse(true);
  const first = page.nodes.findIndex((node) => boundary.comparePoint(node, 0) >= 0);
  return first < 0 ? page.text.length : page.starts[first]!;
};

/** The part of `range` on this page, as offsets into its text; undefined when none of it is. */
export function offsetsIn(page: PageText, layer: HTMLElement, range: Range): { start: number; end: number } | undefined {
  if (!range.intersectsNode(layer)) return undefined;
  const startsInside = layer.contains(range.startContainer);
  const endsInside = layer.contains(range.endContainer);
  const start = startsInside ? offsetOf(page, range.startContainer, range.startOffset, layer) : 0;
  const end = endsInside ? offsetOf(page, range.endContainer, range.endOffset, layer) : page.text.length;
  return end > start ? { start, end } : undefined;
}
