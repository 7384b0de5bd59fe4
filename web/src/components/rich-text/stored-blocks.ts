// A section's body is stored as BlockNote blocks in JSON (TextSection.deltaString). Reading it back must never
// break the editor: text that is not such JSON is logged and kept, shown as one paragraph (spec: unparsable text).
import { plainTextDeltaString, sectionPlainText } from '@chartside/shared';

/** The shape of a stored block this module checks before handing it to the editor. */
export interface StoredBlock {
  type: string;
  children?: StoredBlock[];
  [field: string]: unknown;
}

const isStoredBlock = (value: unknown, knownTypes: ReadonlySet<string>): value is StoredBlock => {
  if (typeof value !== 'object' || value === null) return false;
  const { type, children } = value as { type?: unknown; children?: unknown };
  if (typeof type !== 'string' || !knownTypes.has(type)) return false;
  return children === undefined || (Array.isArray(children) && children.every((child) => isStoredBlock(child, knownTypes)));
};

const rawTextParagraph = (text: string): StoredBlock[] => [{ type: 'paragraph', content: text }];

/**
 * The blocks to open the editor with: undefined for an empty body (the editor starts with one empty paragraph),
 * the stored blocks when they are valid, else the raw text as a paragraph. `knownTypes` are the editor's block types:
 * a block of an unknown type would make the editor throw.
 */
export const parseStoredBlocks = (stored: string, knownTypes: ReadonlySet<string>): StoredBlock[] | undefined => {
  if (!stored.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    console.warn('A rich-text body is not BlockNote JSON; it is shown as plain text');
    return rawTextParagraph(stored);
  }
  if (Array.isArray(parsed) && parsed.length === 0) return undefined;
  if (Array.isArray(parsed) && parsed.every((block) => isStoredBlock(block, knownTypes))) return parsed;
  console.warn('A rich-text body holds blocks the editor does not know; it is shown as plain text');
  return rawTextParagraph(typeof parsed === 'string' ? parsed : stored);
};

/** What is stored for the editor's document. */
export const serializeBlocks = (blocks: readonly unknown[]): string => JSON.stringify(blocks);

const plainTextBlocks = (text: string): unknown[] => JSON.parse(plainTextDeltaString(text)) as unknown[];

/**
 * A stored body with plain text added at its end, one paragraph per line (text exported into a note). A body that is
 * not block JSON keeps its text, as paragraphs before the new ones.
 */
export const appendPlainText = (stored: string, text: string): string => {
  if (!stored.trim()) return plainTextDeltaString(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = undefined;
  }
  const existing = Array.isArray(parsed) ? parsed : plainTextBlocks(sectionPlainText(stored));
  return serializeBlocks([...existing, ...plainTextBlocks(text)]);
};
