// What the reader speaks: a resource as text, and any text cut into short pieces. Chromium's voices stop speaking a
// long utterance after about 15 seconds, so the text is queued as sentence-sized utterances instead of one.
import { sectionPlainText, textPieces, type Resource } from '@chartside/shared';

/** Longest piece handed to the browser at once, in characters (a few sentences, well under 15 s of speech). */
export const MAX_PIECE_CHARS = 240;

/** A resource read aloud: its name, its description, then each section's title and text. */
export const resourceSpeechText = (resource: Pick<Resource, 'name' | 'description' | 'textSections'>): string =>
  [resource.name, resource.description, ...resource.textSections.flatMap((section) => [section.title, sectionPlainText(section.deltaString)])]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n\n');

/** The text in reading order as pieces of at most MAX_PIECE_CHARS (cut at sentence boundaries). */
export const speechPieces = (text: string): string[] => textPieces(text, MAX_PIECE_CHARS);
