// How an answer from the library reads: its plain text as paragraphs and lists, and each citation ([2], [1, 3]) as the
// numbers of the sources it names, so the page can link them. Nothing in the text is ever read as markup.

export type AnswerBlock = { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] };

const LIST_ITEM = /^[-*•]\s+(.*)$/;

/** Paragraphs apart by blank lines; lines starting with '- ' (or '* ', '• ') as list items. */
export const answerBlocks = (text: string): AnswerBlock[] => {
  const blocks: AnswerBlock[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      const item = LIST_ITEM.exec(line)?.[1];
      const last = blocks.at(-1);
      if (item !== undefined) {
        if (last?.kind === 'list') last.items.push(item);
        else blocks.push({ kind: 'list', items: [item] });
      } else if (last?.kind === 'paragraph') last.lines.push(line);
      else blocks.push({ kind: 'paragraph', lines: [line] });
    }
    // A blank line ends a paragraph or a list.
    blocks.push({ kind: 'paragraph', lines: [] });
  }
  return blocks.filter((block) => (block.kind === 'paragraph' ? block.lines.length > 0 : block.items.length > 0));
};

export type CitedPart = { text: string } | { source: number };

const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\]/g;

/**
 * A line of the answer with each citation as the 1-based numbers of its sources. A citation naming a number with no
 * source (the model miscounted) stays as text.
 */
export const citedParts = (line: string, sourceCount: number): CitedPart[] => {
  const parts: CitedPart[] = [];
  let at = 0;
  for (const match of line.matchAll(CITATION)) {
    const numbers = match[1]!.split(',').map((n) => Number(n.trim()));
    if (!numbers.every((n) => n >= 1 && n <= sourceCount)) continue;
    if (match.index > at) parts.push({ text: line.slice(at, match.index) });
    parts.push(...numbers.map((source) => ({ source })));
    at = match.index + match[0].length;
  }
  if (at < line.length) parts.push({ text: line.slice(at) });
  return parts;
};
