// Binds a RecordSaver to an open record's screen: server copies (refetches, realtime pushes) flow in; unsaved edits are
// kept on this device (draft-store) and restored on the next open; a pending save is flushed when the page is hidden
// or the server can be reached again. Leaving with unsaved work is guarded: in-app navigation waits for the save (and
// asks when it fails or conflicts), closing the tab asks through the browser's own prompt, unless the edits wait
// offline and are safely kept on this device.
import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { connectivity } from '../connectivity/connectivity';
import { getAppPersister } from '../offline';
import { createDraftWriter, readDraft, type DraftWriter } from './draft-store';
import type { RecordSaver, Versioned } from './record-saver';

export interface RecordAutosaveOptions<R extends Versioned, D extends object, Body> {
  /** The latest server copy (the query's data): a newer one is merged into the draft. */
  record: R;
  /** Called once, on the first render. */
  createSaver: () => RecordSaver<R, D, Body>;
  /** Where unsaved edits are kept on this device (draftKey()); undefined while the user is not known yet. */
  draftKey: string | undefined;
}

/** Restores the draft kept under `key`, then keeps it up to date while the screen is open. Answers the key once restored. */
function useKeptDraft<R extends Versioned, D extends object, Body>(saver: RecordSaver<R, D, Body>, key: string | undefined, writerRef: { current: DraftWriter | undefined }) {
  const [restoredKey, setRestoredKey] = useState<string>();
  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    void readDraft<R, D>(key).then(
      (stored) => {
        if (cancelled) return;
        // Written only after the restore: before it, the empty draft would delete the kept one.
        const writer = createDraftWriter<R, D>(key, () => saver.storedDraft());
        writerRef.current = writer;
        unsubscribe = saver.subscribe(writer.schedule);
        if (stored) saver.restore(stored);
        // The whole screen renders now: as a transition, in slices that leave the main thread free, not one long task.
        startTransition(() => setRestoredKey(key));
      },
      (error: unknown) => {
        // What is kept there is unknown: no writer for this key, so it is neither overwritten nor deleted.
        console.warn('The edits kept on this device could not be read; this screen will not keep its edits there', error);
        if (!cancelled) startTransition(() => setRestoredKey(key));
      },
    );
    const keepAsPageGoes = () => writerRef.current?.keepAsPageGoes();
    const keepWhenHidden = () => {
      if (document.visibilityState === 'hidden') keepAsPageGoes();
    };
    window.addEventListener('pagehide', keepAsPageGoes);
    document.addEventListener('visibilitychange', keepWhenHidden);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', keepAsPageGoes);
      document.removeEventListener('visibilitychange', keepWhenHidden);
      const writer = writerRef.current;
      writerRef.current = undefined;
      // The last save is on its way: the kept draft follows it (deleted once it lands, kept if it fails).
      void saver.flush().finally(() => {
        unsubscribe?.();
        void writer?.flush();
        writer?.dispose();
      });
    };
  }, [saver, key, writerRef]);
  return restoredKey;
}

export function useRecordAutosave<R extends Versioned, D extends object, Body>({ record, createSaver, draftKey }: RecordAutosaveOptions<R, D, Body>) {
  const [saver] = useState(createSaver);
  const state = useSyncExternalStore(saver.subscribe, saver.getState);
  const unsavedWork = saver.hasUnsavedWork();
  const writerRef = useRef<DraftWriter | undefined>(undefined);
  const restoredKey = useKeptDraft(saver, draftKey, writerRef);
  /**
   * False until the kept draft of the known user is read: the screen waits (also while the user is not known yet), so
   * an editor does not open on text about to change.
   */
  const ready = draftKey !== undefined && restoredKey === draftKey;

  useEffect(() => saver.remoteChanged(record), [saver, record]);

  // A save's answer is in the query cache: it is written to this device at once (not after the persister's quiet
  // spell), so a reload straight after, offline, shows what was saved.
  useEffect(() => {
    if (state.status === 'saved') void getAppPersister()?.flush().catch(() => undefined);
  }, [state.status, state.base]);

  useEffect(() => {
    // Paired with dispose() below: StrictMode unmounts and mounts the screen again, and its retries must still run.
    saver.resume();
    // The page may be going away: keepalive lets the save outlive it.
    const flushAsPageGoes = () => void saver.flush({ keepalive: true });
    // Edits made offline (or a save that failed for want of the server) go out when it can be reached again.
    const stopFollowingConnectivity = connectivity.subscribe((online) => {
      if (online) void saver.flush();
    });
    window.addEventListener('pagehide', flushAsPageGoes);
    return () => {
      window.removeEventListener('pagehide', flushAsPageGoes);
      stopFollowingConnectivity();
      // Only reached with nothing unsaved, or after 'Leave anyway': one last try, its answer lands in the query cache.
      void saver.flush();
      saver.dispose();
    };
  }, [saver]);

  // Offline edits kept on this device are not lost by leaving: they are restored and saved on the next open.
  const keptOffline = useCallback(() => saver.getState().status === 'offline' && writerRef.current?.isWritten() === true, [saver]);

  useEffect(() => {
    if (!unsavedWork) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!keptOffline()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsavedWork, keptOffline]);

  // Leaving for another page waits for the save; the user is asked only when it fails or conflicts.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && saver.hasUnsavedWork() && !keptOffline());
  const blocked = blocker.state === 'blocked';
  /** Offline, the edits could not be kept on this device either (no writer, or its write failed): the user is asked. */
  const [notKeptOffline, setNotKeptOffline] = useState(false);
  useEffect(() => {
    if (!blocked) return;
    if (!unsavedWork) blocker.proceed?.();
    else if (state.status === 'pending') void saver.flush();
    else if (state.status === 'offline') {
      // Offline edits may go as soon as they are kept: a draft write still waiting (every change of the saver's state
      // schedules one) lands first, so leaving just after typing, or as the save finds the network gone, asks nothing.
      let current = true;
      void (async () => {
        const writer = writerRef.current;
        let landed = writer !== undefined;
        while (writer && current && landed && !keptOffline()) landed = await writer.flush();
        if (!current) return;
        if (landed) blocker.proceed?.();
        else setNotKeptOffline(true);
      })();
      return () => {
        current = false;
      };
    }
  }, [blocked, blocker, unsavedWork, state.status, saver, keptOffline]);
  const leaving =
    blocked && unsavedWork && (state.status === 'error' || state.status === 'conflict' || (state.status === 'offline' && notKeptOffline))
      ? {
          stay: () => {
            setNotKeptOffline(false);
            blocker.reset?.();
          },
          leaveAnyway: () => blocker.proceed?.(),
        }
      : undefined;

  return { ...state, saver, leaving, ready };
}
