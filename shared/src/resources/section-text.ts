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
