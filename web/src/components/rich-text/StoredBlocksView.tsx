// A stored rich text laid out as its editor shows it (headings, lists, check boxes, quotes, code, tables, dividers;
// bold, italic, underline, strike, code and colours), without an editor: what a rich text shows until the user works
// in it. Each block with a line of text carries `data-textblock`, in document order, as the editor's text blocks come
// (outside tables), so a press on it can tell the editor where to put the caret (caret-point.ts).
import { sectionLines } from '@chartside/shared';
import { Fragment, memo, type CSSProperties, type ReactNode } from 'react';
import classes from './RichTextEditor.module.css';

interface StyledText {
  type?: string;
  text?: unknown;
  content?: unknown;
  styles?: Record<string, unknown>;
}

interface ViewBlock {
  type: string;
  props?: Record<string, unknown>;
  content?: unknown;
  children?: unknown;
}

const isViewBlock = (value: unknown): value is ViewBlock =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';

/**
 * The stored blocks; a body that is not BlockNote JSON reads line by line (sectionLines, the rule every stand-in of a
 * stored text follows). The editor opens such a body as one paragraph, so a press on a line after the first puts its
 * caret at the end.
 */
const blocksOf = (stored: string): ViewBlock[] => {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed) && parsed.every(isViewBlock)) return parsed;
  } catch {
    // Not JSON: its lines below.
  }
  return stored.trim() ? sectionLines(stored).map((line) => ({ type: 'paragraph', content: line })) : [];
};

// BlockNote's named colours, as Mantine's (its palette has no brown or purple of that name).
const mantineColor: Record<string, string> = { gray: 'gray', brown: 'orange', red: 'red', orange: 'orange', yellow: 'yellow', green: 'green', blue: 'blue', purple: 'grape', pink: 'pink' };

const colours = (text: unknown, background: unknown): CSSProperties => {
  const style: CSSProperties = {};
  if (typeof text === 'string' && mantineColor[text]) style.color = `var(--mantine-color-${mantineColor[text]}-text)`;
  if (typeof background === 'string' && mantineColor[background]) style.backgroundColor = `var(--mantine-color-${mantineColor[background]}-light)`;
  return style;
};

const styledText = (node: StyledText, key: number): ReactNode => {
  const styles = node.styles ?? {};
  let shown: ReactNode = typeof node.text === 'string' ? node.text : '';
  if (styles.code) shown = <code>{shown}</code>;
  if (styles.bold) shown = <strong>{shown}</strong>;
  if (styles.italic) shown = <em>{shown}</em>;
  if (styles.underline) shown = <u>{shown}</u>;
  if (styles.strike) shown = <s>{shown}</s>;
  const style = colours(styles.textColor, styles.backgroundColor);
  return (
    <span key={key} style={Object.keys(style).length > 0 ? style : undefined}>
      {shown}
    </span>
  );
};

const inline = (content: unknown): ReactNode => {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  return content.map((node: StyledText, i) =>
    node?.type === 'link' ? (
      <span key={i} className={classes.viewLink}>
        {inline(node.content)}
      </span>
    ) : (
      styledText(node ?? {}, i)
    ),
  );
};

/** A table's rows of cells (a cell is its inline content, or a tableCell holding it). */
const tableRows = (content: unknown): unknown[][] => {
  const rows = (content as { rows?: { cells?: unknown[] }[] } | undefined)?.rows;
  return Array.isArray(rows) ? rows.map((row) => (Array.isArray(row?.cells) ? row.cells : [])) : [];
};

const cellContent = (cell: unknown) => (Array.isArray(cell) || typeof cell === 'string' ? cell : (cell as { content?: unknown } | null)?.content);

/** A bullet's mark by how deep it is nested, as BlockNote draws them. */
const BULLETS = ['•', '◦', '▪'];

/**
 * The blocks, each child list after its block. A line break goes before every block but the document's first: it is
 * collapsed away on screen (between blocks), but keeps the box's text one line per block, as the editor's is read.
 * The list marks are drawn by CSS from `data-mark`, so they are not part of the text either.
 */
function BlockList({ blocks, depth }: { blocks: readonly unknown[]; depth: number }) {
  let number = 0;
  return blocks.filter(isViewBlock).map((block, i) => {
    const props = block.props ?? {};
    number = block.type === 'numberedListItem' ? (number === 0 && typeof props.start === 'number' ? props.start : number + 1) : 0;
    const marks: Record<string, string> = { numberedListItem: `${number}.`, checkListItem: props.checked ? '☑' : '☐', bulletListItem: BULLETS[depth % BULLETS.length]!, toggleListItem: '▸' };
    const mark = marks[block.type];
    const children = Array.isArray(block.children) && block.children.length > 0 ? block.children : undefined;
    return (
      <Fragment key={i}>
        {(depth > 0 || i > 0) && '\n'}
        <div
          className={classes.viewBlock}
          data-type={block.type}
          data-mark={mark}
          data-level={block.type === 'heading' ? String(props.level ?? 1) : undefined}
          data-checked={block.type === 'checkListItem' ? String(Boolean(props.checked)) : undefined}
          style={{ ...colours(props.textColor, props.backgroundColor), textAlign: typeof props.textAlignment === 'string' ? (props.textAlignment as CSSProperties['textAlign']) : undefined }}
        >
          <BlockContent block={block} />
        </div>
        {children && (
          <div className={classes.viewChildren}>
            <BlockList blocks={children} depth={depth + 1} />
          </div>
        )}
      </Fragment>
    );
  });
}

function BlockContent({ block }: { block: ViewBlock }) {
  const props = block.props ?? {};
  if (block.type === 'divider') return <hr className={classes.viewDivider} />;
  if (block.type === 'table') {
    return (
      <table className={classes.viewTable}>
        <tbody>
          {tableRows(block.content).map((cells, r) => (
            <tr key={r}>
              {cells.map((cell, c) => (
                <td key={c}>{inline(cellContent(cell))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (['image', 'video', 'audio', 'file'].includes(block.type)) {
    const about = [props.name, props.caption].filter((part) => typeof part === 'string' && part).join(' · ');
    return <span className={classes.viewFile}>{about || block.type}</span>;
  }
  return (
    <div className={classes.viewText} data-textblock="">
      {inline(block.content)}
    </div>
  );
}

/**
 * The stored text, formatted; it draws no box of its own (the fallback is the box). Rendered again only for another
 * text: a patient screen re-renders its forty sections on every change of the patient.
 */
export const StoredBlocksView = memo(function StoredBlocksView({ stored }: { stored: string }) {
  return <BlockList blocks={blocksOf(stored)} depth={0} />;
});
