// A rich-text field (BlockNote) for any screen: resource sections now, patient note sections later. The editor is a
// lazy chunk; until it has loaded, the stored text shows as plain text in the same box, so nothing jumps.
import { sectionPlainText } from '@chartside/shared';
import { lazy, Suspense } from 'react';
import classes from './RichTextEditor.module.css';

export interface RichTextEditorProps {
  /** The stored body (BlockNote blocks as JSON; other text is shown as a paragraph). Read once, when the editor opens. */
  initialContent: string;
  /** Called with the serialized document after each change. */
  onChange?: (serialized: string) => void;
  editable: boolean;
  /** The accessible name of the editable area. */
  label: string;
}

const BlockNoteRichText = lazy(() => import('./BlockNoteRichText').then((module) => ({ default: module.BlockNoteRichText })));

function RichTextFallback({ initialContent, label }: Pick<RichTextEditorProps, 'initialContent' | 'label'>) {
  return (
    <div className={classes.fallback} aria-label={label} aria-busy="true">
      {sectionPlainText(initialContent)}
    </div>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <div className={classes.frame} data-editable={props.editable}>
      <Suspense fallback={<RichTextFallback initialContent={props.initialContent} label={props.label} />}>
        <BlockNoteRichText {...props} />
      </Suspense>
    </div>
  );
}
