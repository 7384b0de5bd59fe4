// Unsaved edits kept on this device, so an edit made offline (or a save that never landed) survives a reload: one
// IndexedDB entry per open record, keyed by user, record kind and id, holding the saver's StoredDraft. Written when
// the unsaved changes change (coalesced), at once when the page is hidden, and deleted once nothing is unsaved.
import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { StoredDraft } from './record-saver';

const DATABASE = 'chartside-drafts';

let draftsStore: UseStore | undefined;
/** Made on first use, so merely importing this opens nothing. */
const store = (): UseStore => (draftsStore ??= createStore(DATABASE, 'drafts'));

/** How long the draft of a burst of typing waits before it is written. */
const DRAFT_WRITE_DELAY_MS = 200;

export type RecordKind = 'patient' | 'resource' | 'admission';

export const draftKey = (userId: string, kind: RecordKind, id: string): string => `${userId}/${kind}/${id}`;

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/** Opens the database ahead of the first read (a screen that opens a record waits for that read). */
export const openDraftStore = (): void => {
  if (hasIndexedDb()) store();
};

export async function readDraft<R, D>(key: string): Promise<StoredDraft<R, D> | undefined> {
  if (!hasIndexedDb()) return undefined;
  return get<StoredDraft<R, D>>(key, store());
}

/** Bumped by each clear: a writer made before it writes nothing more, so a save finishing late cannot put a draft back. */
let generation = 0;

const keysOf = async (userId: string): Promise<string[]> => {
  const prefix = `${userId}/`;
  return (await keys(store())).filter((key): key is string => typeof key === 'string' && key.startsWith(prefix));
};

/**
 * Deletes every kept draft, whoever's (the sign-in ended: clearPersistedData). They hold patient data, which must not
 * outlive the sign-in on this device.
 */
export async function clearDrafts(): Promise<void> {
  generation += 1;
  if (hasIndexedDb()) await clear(store());
}

/** Deletes the draft kept under `key` (its record was deleted). */
export async function deleteDraft(key: string): Promise<void> {
  if (hasIndexedDb()) await del(key, store());
}

export interface DraftWriter {
  /** The draft changed: write it after DRAFT_WRITE_DELAY_MS (later changes in that time join the same write). */
  schedule(): void;
  /** Writes the current draft now (the page is being hidden). */
  flush(): Promise<void>;
  /** Whether the entry holds the current draft (no write waiting or on its way). */
  isWritten(): boolean;
  /** Stops the timer; a write on its way still lands. */
  dispose(): void;
}

/** Keeps the entry `key` equal to `current()`: written while there is unsaved work, deleted when there is none. */
export function createDraftWriter<R, D>(key: string, current: () => StoredDraft<R, D> | undefined, delayMs = DRAFT_WRITE_DELAY_MS): DraftWriter {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let writesUnderway = 0;
  const madeIn = generation;

  const write = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (!hasIndexedDb() || madeIn !== generation) return writing;
    const draft = current();
    writesUnderway += 1;
    // One write at a time, in order: the newest state always lands last.
    writing = writing
      .then(() => (draft ? set(key, draft, store()) : del(key, store())))
      .catch((error: unknown) => console.error('The unsaved edits could not be kept on this device', error))
      .finally(() => (writesUnderway -= 1));
    return writing;
  };

  return {
    schedule: () => {
      timer ??= setTimeout(() => void write(), delayMs);
    },
    flush: write,
    isWritten: () => hasIndexedDb() && timer === undefined && writesUnderway === 0,
    dispose: () => clearTimeout(timer),
  };
}

/** How many records of `userId` have edits kept on this device: asked before a sign-out deletes them. */
export async function countStoredDrafts(userId: string): Promise<number> {
  return hasIndexedDb() ? (await keysOf(userId)).length : 0;
}
