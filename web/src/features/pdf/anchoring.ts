// Places saved PDF highlights in a page's text, after Hypothesis's PDF anchoring (W3C Web Annotation selectors). A
// highlight keeps a text quote (its exact text with up to 32 characters on either side) and a text position (offsets
// in the page's text), and comes back by position, then by quote, then by a fuzzy match of the quote. Older highlights
// without anchors are placed by the spec's text fallback. Matching ignores differences in runs of whitespace and in
// Unicode compatibility forms (ﬁ is fi, µ is μ), since pdf.js versions and text items differ in both; the offsets
// returned index the page's text as given.
import approxSearch from 'approx-string-match';

export interface TextQuoteSelector {
  exact: string;
  prefix: string;
  suffix: string;
}

export interface TextPositionSelector {
  start: number;
  end: number;
}

export interface HighlightAnchors {
  quote: TextQuoteSelector;
  position: TextPositionSelector;
}

export interface SavedHighlight {
  /** The selection's text, whitespace collapsed; all an older highlight (or article note) has. */
  text: string;
  anchors?: HighlightAnchors | undefined;
}

export type AnchorMethod = 'position' | 'quote' | 'fuzzy' | 'fallback';

export interface Anchor {
  start: number;
  end: number;
  method: AnchorMethod;
}

/** Characters of context kept on each side of a quote. */
const CONTEXT_LENGTH = 32;

// How an occurrence of a quote is chosen, after Hypothesis's matchQuote. The text on either side tells apart
// occurrences; closeness to the old position weighs little, as the page may have changed above the highlight, so it
// mostly breaks ties. The quote's own similarity is no term: every candidate has as few errors as the best one.
const PREFIX_WEIGHT = 20;
const SUFFIX_WEIGHT = 20;
const POSITION_WEIGHT = 2;

// Errors a fuzzy match may have: a quarter of the quote, at least a few (a hyphen and a line break are two), but
// never half the quote, or a short quote would match almost anywhere.
const MAX_ERROR_RATE = 1 / 4;
const MIN_MAX_ERRORS = 3;

/** The spec's fallback searches for a text's first 30 characters, then for its first three words. */
const FALLBACK_LENGTH = 30;
const FALLBACK_WORDS = 3;

/** A text in the form matching compares, with where each of its UTF-16 units came from in the original. */
interface NormalizedText {
  text: string;
  starts: number[];
  ends: number[];
}

/** Whitespace runs become one space; each character is in NFKD form, so ligatures and composed letters unfold. */
function normalize(original: string): NormalizedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of original) {
    const start = offset;
    offset += char.length;
    if (/\s/.test(char)) {
      if (text.endsWith(' ')) ends[ends.length - 1] = offset;
      else {
        text += ' ';
        starts.push(start);
        ends.push(offset);
      }
      continue;
    }
    // ASCII is its own NFKD form; skipping it keeps a page of text quick to normalize.
    const folded = char < '\u0080' ? char : char.normalize('NFKD');
    text += folded;
    for (let i = 0; i < folded.length; i += 1) {
      starts.push(start);
      ends.push(offset);
    }
  }
  return { text, starts, ends };
}

const fold = (text: string) => normalize(text).text.trim();

/** The original range of a normalized one, without the spaces at its ends; undefined when nothing else is left. */
function toOriginal(page: NormalizedText, start: number, end: number): TextPositionSelector | undefined {
  let from = start;
  let to = end;
  while (from < to && page.text[from] === ' ') from += 1;
  while (to > from && page.text[to - 1] === ' ') to -= 1;
  return from < to ? { start: page.starts[from]!, end: page.ends[to - 1]! } : undefined;
}

/** Where an original offset lies in the normalized text. */
function toNormalized(page: NormalizedText, offset: number): number {
  const index = page.ends.findIndex((end) => end > offset);
  return index < 0 ? page.text.length : index;
}

const withMethod = (range: TextPositionSelector | undefined, method: AnchorMethod): Anchor | undefined =>
  range && { ...range, method };

/** The anchors of a selection [start, end) in a page's text. Whitespace at the selection's ends is left out. */
export function describeSelection(pageText: string, start: number, end: number): HighlightAnchors {
  let from = Math.min(Math.max(start, 0), pageText.length);
  let to = Math.min(Math.max(end, from), pageText.length);
  while (from < to && /\s/.test(pageText[from]!)) from += 1;
  while (to > from && /\s/.test(pageText[to - 1]!)) to -= 1;
  return {
    quote: {
      exact: pageText.slice(from, to),
      // Counted in code points, so the context never splits a surrogate pair and stays valid Unicode to store.
      prefix: [...pageText.slice(0, from)].slice(-CONTEXT_LENGTH).join(''),
      suffix: [...pageText.slice(to)].slice(0, CONTEXT_LENGTH).join(''),
    },
    position: { start: from, end: to },
  };
}

/** Where a saved highlight lies in the page's text now, or undefined. */
export function anchorHighlight(pageText: string, saved: SavedHighlight): Anchor | undefined {
  const quote = saved.anchors ? fold(saved.anchors.quote.exact) : '';
  if (!saved.anchors || !quote) return anchorByText(normalize(pageText), saved.text);
  const byPosition = anchorByPosition(pageText, saved.anchors.position, quote);
  if (byPosition) return byPosition;
  const page = normalize(pageText);
  return anchorByQuote(page, quote, saved.anchors) ?? anchorByFuzzyQuote(page, quote, saved.anchors);
}

function anchorByPosition(pageText: string, { start, end }: TextPositionSelector, quote: string): Anchor | undefined {
  if (start < 0 || end > pageText.length) return undefined;
  // Not trimmed: a position that now takes in a space beside the quote has moved.
  return normalize(pageText.slice(start, end)).text === quote ? { start, end, method: 'position' } : undefined;
}

function anchorByQuote(page: NormalizedText, quote: string, anchors: HighlightAnchors): Anchor | undefined {
  const occurrences: TextPositionSelector[] = [];
  for (let at = page.text.indexOf(quote); at >= 0; at = page.text.indexOf(quote, at + 1)) {
    occurrences.push({ start: at, end: at + quote.length });
  }
  const best = bestCandidate(page, occurrences, anchors);
  return best && withMethod(toOriginal(page, best.start, best.end), 'quote');
}

function anchorByFuzzyQuote(page: NormalizedText, quote: string, anchors: HighlightAnchors): Anchor | undefined {
  const maxErrors = Math.min(Math.floor(quote.length / 2), Math.max(MIN_MAX_ERRORS, Math.floor(quote.length * MAX_ERROR_RATE)));
  const best = bestCandidate(page, approxSearch(page.text, quote, maxErrors), anchors);
  return best && withMethod(toOriginal(page, best.start, best.end), 'fuzzy');
}

/** The candidate whose surroundings are most like the saved context, the nearest the old position among equals. */
function bestCandidate(page: NormalizedText, candidates: TextPositionSelector[], anchors: HighlightAnchors): TextPositionSelector | undefined {
  const prefix = normalize(anchors.quote.prefix).text;
  const suffix = normalize(anchors.quote.suffix).text;
  const hint = toNormalized(page, anchors.position.start);
  const score = ({ start, end }: TextPositionSelector) =>
    PREFIX_WEIGHT * similarity(page.text.slice(Math.max(0, start - prefix.length), start), prefix) +
    SUFFIX_WEIGHT * similarity(page.text.slice(end, end + suffix.length), suffix) +
    POSITION_WEIGHT * (1 - Math.abs(start - hint) / page.text.length);
  let best: { candidate: TextPositionSelector; score: number } | undefined;
  for (const candidate of candidates) {
    const scored = { candidate, score: score(candidate) };
    if (!best || scored.score > best.score) best = scored;
  }
  return best?.candidate;
}

/** How alike a text is to the context it should have, from 0 to 1. A highlight at the page's edge has none to compare. */
function similarity(actual: string, expected: string): number {
  if (!expected) return 1;
  const [closest] = approxSearch(actual, expected, expected.length);
  return closest ? 1 - closest.errors / expected.length : 0;
}

/**
 * The spec's fallback for highlights without anchors: the first place the page has the full text, else its first 30
 * characters, else its first three words; what matched is the highlight. (The spec searches for the three words only
 * in a text longer than 5 characters; a shorter one is its own first three words, so that is implied.)
 */
function anchorByText(page: NormalizedText, text: string): Anchor | undefined {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  const searches = [collapsed, [...collapsed].slice(0, FALLBACK_LENGTH).join(''), collapsed.split(' ').slice(0, FALLBACK_WORDS).join(' ')];
  for (const search of searches.map(fold)) {
    const at = search ? page.text.indexOf(search) : -1;
    if (at >= 0) return withMethod(toOriginal(page, at, at + search.length), 'fallback');
  }
  return undefined;
}
