// A rich-text field (BlockNote) for any screen: resource sections and patient note sections. Creating a BlockNote
// editor is costly (~80 ms each; a patient screen has ~40), so each shows its stored text formatted but without an
// editor in the same box first (StoredBlocksView), and the editor mounts, one per idle slot (mount-queue.ts), once the
// user is using the page (platform/first-engagement.ts) and the box is within a screen of the viewport, or at once when
// the user focuses or presses on it. Keys typed before it has mounted are replayed into it; a press puts its caret where
// it landed. The editor's code loads while the page is idle all the same.
import { sectionLines } from '@chartside/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { afterFirstEngagement } from '../../platform/first-engagement';
import { whenIdle } from '../../platform/when-idle';
import { caretPointAt } from './caret-point';
import { EditorLoadBoundary } from './EditorLoadBoundary';
import { loadEditor } from './load-editor';
import { queueMount, type MountTurn } from './mount-queue';
import { appendEdits, editOfKey, editOfPaste, textWithEdits, type PendingEdit } from './pending-input';
import classes from './RichTextEditor.module.css';
import type { CaretPoint, EditorHandoff, RichTextEditorProps } from './rich-text-props';
import { StoredBlocksView } from './StoredBlocksView';

const BlockNoteRichText = lazy(() => loadEditor().then((module) => ({ default: module.BlockNoteRichText })));

/** Shown under a rich text whose editor could not be loaded. */
export const EDITOR_UNAVAILABLE = 'This text cannot be edited right now: the editor could not be loaded. Reload the page once you are online.';

/** Keys that move the caret, which the fallback has none of. */
const NAVIGATION_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

// With no IntersectionObserver (jsdom, old browsers) there is no way to know what is near: the editor mounts at once.
const canObserve = () => typeof IntersectionObserver === 'function';

interface FallbackProps extends Pick<RichTextEditorProps, 'initialContent' | 'label' | 'editable'> {
  /** The editor is on its way (queued or loading); a box far from view waits and is not busy. */
  busy: boolean;
  /** What the user has typed into it so far, shown after the stored text. */
  typedAhead: readonly PendingEdit[];
  /** The user is in the fallback (focused it or pressed on it): mount the editor now and give it the focus. */
  onEnter: () => void;
  /** Where the editor should put the caret: where the user pressed, or undefined (the end) once a key moved it. */
  onCaret: (point: CaretPoint | undefined) => void;
  onLeave: () => void;
  onEdits: (edits: PendingEdit[]) => void;
}

/**
 * The stored text, formatted, named and reachable like the editor; its keys and pastes are kept for the editor. With
 * keys typed ahead it shows plain lines, the typed text where the editor will put it.
 */
function RichTextFallback({ initialContent, label, editable, busy, typedAhead, onEnter, onCaret, onLeave, onEdits }: FallbackProps) {
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const edit = editable ? editOfKey(event.nativeEvent) : null;
    // The editor cannot follow the moves made before it is in: its caret goes to the end, as a focus without a press.
    if (NAVIGATION_KEYS.has(event.key)) onCaret(undefined);
    if (!edit) return;
    event.preventDefault();
    onEdits([edit]);
  };
  // Pressing on the box mounts the editor at once, within this event; the focus stays where this handler puts it
  // rather than following the press to a box that is gone by then.
  const mouseDown = (event: MouseEvent<HTMLDivElement>) => {
    event.preventDefault();
    onCaret(caretPointAt(event.currentTarget, event.clientX, event.clientY));
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
      {typedAhead.length === 0 ? (
        <StoredBlocksView stored={initialContent} />
      ) : (
        // A line per block in one text node, spaced like the editor's blocks.
        <div className={classes.plainLines}>{textWithEdits(sectionLines(initialContent).join('\n'), typedAhead)}</div>
      )}
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
  const pressedAt = useRef<CaretPoint | undefined>(undefined);
  const turn = useRef<MountTurn | null>(null);
  // Set once the editor is in the page (also on a focus before its turn): a turn that comes later is given straight back.
  const editorIn = useRef(false);
  const giveUpTurn = () => {
    turn.current?.finish();
    turn.current = null;
  };

  // Once the user is using the page, and within a screen of the viewport: ask the queue for a turn to mount.
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
    const stopWaiting = afterFirstEngagement(() => observer.observe(element));
    return () => {
      stopWaiting();
      observer.disconnect();
    };
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
      caretWanted: () => pressedAt.current,
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
    pressedAt.current = undefined;
  }, []);
  const caretInFallback = useCallback((point: CaretPoint | undefined) => {
    pressedAt.current = point;
  }, []);
  // The next editor's turn comes (its load fails the same way, at once: every rich text says so and stays read-only).
  const failEditor = useCallback(() => {
    setEditorFailed(true);
    giveUpTurn();
  }, []);
  // The editor's code, ahead of the first mount: a device that goes offline can still edit, and one that cannot load
  // it says so at once rather than when the user starts typing.
  useEffect(() => whenIdle(() => void loadEditor().catch(failEditor)), [failEditor]);
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
          onCaret={caretInFallback}
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
