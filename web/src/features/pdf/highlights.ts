// A saved highlight as the resource keeps it (spec section 3, Highlight) and the anchors it carries in `range`: a
// text quote and a text position in its page's text (web/src/features/pdf/anchoring). Older highlights have other
// `range` contents or none; they are placed by their text alone.
import type { Highlight } from '@chartside/shared';
import { z } from 'zod';
import { describeSelection, type HighlightAnchors } from './anchoring';

const Anchors = z.object({
  quote: z.object({ exact: z.string(), prefix: z.string(), suffix: z.string() }),
  position: z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() }),
});

export const anchorsOf = (highlight: Highlight): HighlightAnchors | undefined => {
  const parsed = Anchors.safeParse(highlight.range);
  return parsed.success ? parsed.data : undefined;
};

export const collapseWhitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A new highlight of [start, end) in a page's text (a selection over several pages keeps its first page's part). */
export function newHighlight({ id, pdfId, pageNumber, pageText, start, end, now }: {
  id: string;
  pdfId: string;
  pageNumber: number;
  pageText: string;
  start: number;
  end: number;
  now: Date;
}): Highlight {
  const anchors = describeSelection(pageText, start, end);
  const rawText = pageText.slice(start, end);
  return { id, pdfId, rawText, text: collapseWhitespace(rawText), pageNumber, range: { ...anchors }, createdAt: now.toISOString() };
}
