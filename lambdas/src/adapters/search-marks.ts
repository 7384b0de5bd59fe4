// How both search engines mark matches: private-use characters around each match, split into marked parts, so no HTML
// is built and nothing needs escaping. They are stripped from indexed text so a document cannot forge a mark.
import type { Snippet } from '@chartside/shared';

export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/** The text as indexed: marks replaced by spaces (a space keeps the words on either side apart). */
export const withoutMarks = (text: string) => text.replace(MARKS, ' ');

/** Splits marked text into parts, adjacent parts of one kind joined; empty when the text is empty. */
export const markedParts = (marked: string): Snippet['parts'] => {
  const parts: Snippet['parts'] = [];
  let highlight = false;
  for (const piece of marked.split(/([\uE000\uE001])/)) {
    if (piece === MARK_OPEN || piece === MARK_CLOSE) {
      highlight = piece === MARK_OPEN;
      continue;
    }
    if (!piece) continue;
    const last = parts.at(-1);
    if (last && last.highlight === highlight) last.text += piece;
    else parts.push({ text: piece, highlight });
  }
  return parts;
};

/** Marked text as plain text: the marks dropped, nothing else changed. */
export const unmarked = (marked: string) => marked.replace(MARKS, '');
