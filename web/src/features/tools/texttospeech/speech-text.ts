// What the reader speaks: a resource as text, and any text cut into short pieces. Chromium's voices stop speaking a
// long utterance after about 15 seconds, so the text is queued as sentence-sized utterances instead of one.
import { sectionPlainText, type Resource } from '@chartside/shared';

/** Longest piece handed to the browser at once, in characters (a few sentences, well under 15 s of speech). */
export const MAX_PIECE_CHARS = 240;

/** A resource read aloud: its name, its description, then each section's title and text. */
export const resourceSpeechText = (resource: Pick<Resource, 'name' | 'description' | 'textSections'>): string =>
  [resource.name, resource.description, ...resource.textSections.flatMap((section) => [section.title, sectionPlainText(section.deltaString)])]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n');

/**
 * The text in reading order as pieces of at most MAX_PIECE_CHARS: sentences joined while they fit; a sentence longer
 * than that is cut at spaces (or, with none, anywhere). Blank text has no pieces.
 */
export const speechPieces = (text: string): string[] => {
  const sentences = text.split(/(?<=[.!?;:])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
  const pieces: string[] = [];
  for (const sentence of sentences.flatMap(cutLong)) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + 1 + sentence.length <= MAX_PIECE_CHARS) pieces[pieces.length - 1] = `${last} ${sentence}`;
    else pieces.push(sentence);
  }
  return pieces;
};

const cutLong = (sentence: string): string[] => {
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_PIECE_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_PIECE_CHARS);
    const end = space > 0 ? space : MAX_PIECE_CHARS;
    parts.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  return rest ? [...parts, rest] : parts;
};
