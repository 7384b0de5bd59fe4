// Plain text of a rich-text section, for search and copying. Sections hold BlockNote blocks as JSON.

interface InlineNode {
  type?: string;
  text?: unknown;
  content?: unknown;
}

const inlineText = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((node: InlineNode) => (typeof node?.text === 'string' ? node.text : inlineText(node?.content))).join('');
};

/** Table content is { type: 'tableContent', rows: [{ cells: [...] }] }. */
const tableText = (content: unknown): string[] => {
  const rows = (content as { rows?: { cells?: unknown[] }[] } | undefined)?.rows;
  if (!Array.isArray(rows)) return [];
  return rows.map((row) => (row.cells ?? []).map((cell) => inlineText((cell as { content?: unknown })?.content ?? cell)).join('\t'));
};

const blockLines = (blocks: unknown): string[] => {
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block: { content?: unknown; children?: unknown }) => {
    const content = block?.content;
    const own = content && !Array.isArray(content) && typeof content === 'object' ? tableText(content) : [inlineText(content)];
    return [...own, ...blockLines(block?.children)];
  });
};

/** The section's text, one line per block. Text that is not BlockNote JSON is returned as it is (spec: unparsable text is kept). */
export const sectionPlainText = (deltaString: string): string => {
  if (!deltaString.trim()) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(deltaString);
  } catch {
    return deltaString;
  }
  if (!Array.isArray(parsed)) return typeof parsed === 'string' ? parsed : deltaString;
  return blockLines(parsed)
    .filter((line) => line.length > 0)
    .join('\n');
};

/** BlockNote's serialized document: a non-empty array of blocks, each an object with a string `type`. */
const isBlockList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.length > 0 && value.every((block) => typeof block === 'object' && block !== null && !Array.isArray(block) && typeof (block as { type?: unknown }).type === 'string');

/** The section's lines as its editor lays them out, one per block, empty blocks included: a rich text's stand-in. */
export const sectionLines = (deltaString: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(deltaString);
    if (isBlockList(parsed)) return blockLines(parsed);
  } catch {
    // Not JSON: the editor shows it as plain text, as below.
  }
  return sectionPlainText(deltaString).split('\n');
};

/**
 * A stored text as a plain input edits it: BlockNote block JSON becomes its text, one line per block; anything else
 * is shown exactly as stored. Unlike `sectionPlainText`, which reads JSON strings and drops other JSON, so typing
 * '"stable"', '[1]' or ' leading space' into an input shows just that.
 */
export const editablePlainText = (stored: string): string => {
  if (!stored.trimStart().startsWith('[')) return stored;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return stored;
  }
  return isBlockList(parsed) ? blockLines(parsed).filter((line) => line.length > 0).join('\n') : stored;
};
