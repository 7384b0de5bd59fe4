// A rich-text field (BlockNote) for any screen: resource sections and patient note sections. Creating a BlockNote
// editor is costly (~80 ms each; a patient screen has ~40), so each shows its stored text as plain text in the same box
// first, and the editor mounts, one per idle slot (mount-queue.ts), once the box is within a screen of the viewport,
// or at once when the user focuses or clicks it. Keys typed before it has mounted are replayed into it.
import { sectionLines } from '@chartside/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { EditorLoadBoundary } from './EditorLoadBoundary';
import { loadEditor } from './load-editor';
import { queueMount, type MountTurn } from './mount-queue';
import { appendEdits, editOfKey, editOfPaste, textWithEdits, type PendingEdit } from './pending-input';
import classes from './RichTextEditor.module.css';
import type { EditorHandoff, RichTextEditorProps } from './rich-text-props';

const BlockNoteRichText = lazy(() => loadEditor().then((module) => ({ default: module.BlockNoteRichText })));

/** Shown under a rich text whose editor could not be loaded. */
export const EDITOR_UNAVAILABLE = 'This text cannot be edited right now: the editor could not be loaded. Reload the page once you are online.';

// With no IntersectionObserver (jsdom, old browsers) there is no way to know what is near: the editor mounts at once.
const canObserve = () => typeof IntersectionObserver === 'function';

interface FallbackProps extends Pick<RichTextEditorProps, 'initialContent' | 'label' | 'editable'> {
  /** The editor is on its way (queued or loading); a box far from view waits and is not busy. */
  busy: boolean;
  /** What the user has typed into it so far, shown after the stored text. */
  typedAhead: readonly PendingEdit[];
  /** The user is in the fallback (focused it or pressed on it): mount the editor now and give it the focus. */
  onEnter: () => void;
  onLeave: () => void;
  onEdits: (edits: PendingEdit[]) => void;
}

/** The stored text as plain text, named and reachable like the editor; its keys and pastes are kept for the editor. */
function RichTextFallback({ initialContent, label, editable, busy, typedAhead, onEnter, onLeave, onEdits }: FallbackProps) {
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const edit = editable ? editOfKey(event.nativeEvent) : null;
    if (!edit) return;
    event.preventDefault();
    onEdits([edit]);
  };
  // Pressing on the box mounts the editor at once, within this event; the focus stays where this handler puts it
  // rather than following the press to a box that is gone by then.
  const mouseDown = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.focus();
  };
  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (!editable) return;
    event.preventDefault();
    onEdits([editOfPaste(event.clipboardData)]);
  };
  return (
    <div
      className={classes.fallback}
      role="textbox"
      aria-label={label}
      aria-multiline="true"
      aria-readonly={editable ? undefined : 'true'}
      aria-busy={busy}
      tabIndex={0}
      onFocus={onEnter}
      onMouseDown={mouseDown}
      onBlur={onLeave}
      onKeyDown={keyDown}
      onPaste={paste}
    >
      {/* A line per block in one text node (a patient screen shows thousands of lines), spaced like the editor's blocks. */}
      {textWithEdits(sectionLines(initialContent).join('\n'), typedAhead)}
    </div>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [mountWanted, setMountWanted] = useState(() => !canObserve());
  const [queued, setQueued] = useState(false);
  const [editorMounted, setEditorMounted] = useState(false);
  const [editorFailed, setEditorFailed] = useState(false);
  // A ref for the editor's handoff, a state for the fallback to show them.
  const pendingEdits = useRef<PendingEdit[]>([]);
  const [typedAhead, setTypedAhead] = useState<readonly PendingEdit[]>([]);
  const userInFallback = useRef(false);
  const turn = useRef<MountTurn | null>(null);
  // Set once the editor is in the page (also on a focus before its turn): a turn that comes later is given straight back.
  const editorIn = useRef(false);
  const giveUpTurn = () => {
    turn.current?.finish();
    turn.current = null;
  };

  // Within a screen of the viewport: ask the queue for a turn to mount.
  useEffect(() => {
    const element = frame.current;
    if (!element || !canObserve()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        if (editorIn.current) return;
        turn.current ??= queueMount(() => (editorIn.current ? giveUpTurn() : setMountWanted(true)));
        setQueued(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // An editor that goes away before its turn, or while mounting, gives the turn up.
  useEffect(() => giveUpTurn, []);

  const handoff = useMemo<EditorHandoff>(
    () => ({
      takePendingEdits: () => {
        const edits = pendingEdits.current;
        pendingEdits.current = [];
        return edits;
      },
      focusWanted: () => userInFallback.current,
      mounted: () => {
        editorIn.current = true;
        setEditorMounted(true);
        giveUpTurn();
      },
    }),
    [],
  );

  const enterFallback = useCallback(() => {
    userInFallback.current = true;
    setMountWanted(true);
  }, []);
  const leaveFallback = useCallback(() => {
    userInFallback.current = false;
  }, []);
  // The next editor's turn comes (its load fails the same way, at once: every rich text says so and stays read-only).
  const failEditor = useCallback(() => {
    setEditorFailed(true);
    giveUpTurn();
  }, []);
  const keepEdits = useCallback((edits: PendingEdit[]) => {
    pendingEdits.current = appendEdits(pendingEdits.current, edits);
    setTypedAhead(pendingEdits.current);
  }, []);

  return (
    <div ref={frame} className={classes.frame} data-editable={props.editable}>
      {!editorMounted && (
        <RichTextFallback
          initialContent={props.initialContent}
          label={props.label}
          editable={props.editable && !editorFailed}
          busy={!editorFailed && (queued || mountWanted)}
          typedAhead={typedAhead}
          onEnter={enterFallback}
          onLeave={leaveFallback}
          onEdits={keepEdits}
        />
      )}
      {mountWanted && (
        // The fallback above stays until the editor has mounted, so the chunk's loading shows nothing more.
        <EditorLoadBoundary onFailed={failEditor}>
          <Suspense fallback={null}>
            <BlockNoteRichText {...props} handoff={handoff} />
          </Suspense>
        </EditorLoadBoundary>
      )}
      {editorFailed && props.editable && (
        <p role="alert" className={classes.unavailable}>
          {EDITOR_UNAVAILABLE}
        </p>
      )}
    </div>
  );
}
