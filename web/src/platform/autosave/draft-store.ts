// Unsaved edits kept on this device, so an edit made offline (or a save that never landed) survives a reload: one
// IndexedDB entry per open record, keyed by user, record kind and id, holding the saver's StoredDraft. Written when
// the unsaved changes change (coalesced), at once when the page is hidden, and deleted once nothing is unsaved.
//
// IndexedDB writes are asynchronous: one started as the page goes (a reload straight after typing) may never land, and
// neither may the keepalive save beside it. So as the page goes, a draft not yet written is also put, synchronously,
// into localStorage (the write-ahead): the next page moves it into IndexedDB before reading. A write-ahead is dropped
// once the IndexedDB write of the same state lands; one left by an earlier page is newer than the IndexedDB entry.
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

/** This page's id: write-aheads of earlier pages (a reload, another tab) are moved into IndexedDB; its own are not. */
const thisPage = crypto.randomUUID();
const WRITE_AHEAD_PREFIX = 'chartside-draft-ahead:';

/** A draft kept synchronously as a page went: its state, or null when nothing was left unsaved (the entry goes). */
interface WriteAhead {
  page: string;
  /** A StoredDraft (stored as it is, whatever the record kind), or null. */
  draft: unknown;
}

/** localStorage may be missing, refused or full: the IndexedDB write still goes, so a failure here is only logged. */
const withLocalStorage = <T>(act: (storage: Storage) => T): T | undefined => {
  try {
    return act(localStorage);
  } catch (error) {
    console.error('The unsaved edits could not be kept on this device synchronously', error);
    return undefined;
  }
};

const writeAhead = (key: string, draft: unknown) =>
  withLocalStorage((storage) => storage.setItem(WRITE_AHEAD_PREFIX + key, JSON.stringify({ page: thisPage, draft: draft ?? null } satisfies WriteAhead)));

const dropWriteAhead = (key: string) => withLocalStorage((storage) => storage.removeItem(WRITE_AHEAD_PREFIX + key));

const writeAheadKeys = (): string[] =>
  withLocalStorage((storage) => Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key?.startsWith(WRITE_AHEAD_PREFIX) === true)) ?? [];

const parsedWriteAhead = (text: string): WriteAhead | undefined => {
  try {
    const value = JSON.parse(text) as Partial<WriteAhead> | null;
    return typeof value?.page === 'string' && 'draft' in value ? (value as WriteAhead) : undefined;
  } catch {
    return undefined;
  }
};

/** Moves the write-aheads earlier pages left for drafts whose key passes `wanted` into IndexedDB. */
async function settleWriteAheads(wanted: (key: string) => boolean): Promise<void> {
  for (const storageKey of writeAheadKeys()) {
    const key = storageKey.slice(WRITE_AHEAD_PREFIX.length);
    const text = withLocalStorage((storage) => storage.getItem(storageKey));
    if (!wanted(key) || !text) continue;
    const ahead = parsedWriteAhead(text);
    if (!ahead) {
      console.error('An unreadable copy of unsaved edits was dropped from this device', key);
      dropWriteAhead(key);
      continue;
    }
    if (ahead.page === thisPage) continue;
    await (ahead.draft === null ? del(key, store()) : set(key, ahead.draft, store()));
    // Only once it is in IndexedDB: a page going away before this line leaves the write-ahead for the next one.
    dropWriteAhead(key);
  }
}

export async function readDraft<R, D>(key: string): Promise<StoredDraft<R, D> | undefined> {
  if (!hasIndexedDb()) return undefined;
  await settleWriteAheads((candidate) => candidate === key);
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
  for (const storageKey of writeAheadKeys()) withLocalStorage((storage) => storage.removeItem(storageKey));
  if (hasIndexedDb()) await clear(store());
}

/** Deletes the draft kept under `key` (its record was deleted). */
export async function deleteDraft(key: string): Promise<void> {
  if (hasIndexedDb()) await del(key, store());
}

export interface DraftWriter {
  /** The draft changed: write it after DRAFT_WRITE_DELAY_MS (later changes in that time join the same write). */
  schedule(): void;
  /** Writes the current draft now (the screen closes, or leaves offline); answers whether that write landed. */
  flush(): Promise<boolean>;
  /** The page is hidden or going away: a draft not written yet is kept synchronously too (the write-ahead), then written. */
  keepAsPageGoes(): void;
  /** Whether the entry holds the current draft (no write waiting or on its way, and the last one landed). */
  isWritten(): boolean;
  /** Stops the timer; a write on its way still lands. */
  dispose(): void;
}

/** Keeps the entry `key` equal to `current()`: written while there is unsaved work, deleted when there is none. */
export function createDraftWriter<R, D>(key: string, current: () => StoredDraft<R, D> | undefined, delayMs = DRAFT_WRITE_DELAY_MS): DraftWriter {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  let writesUnderway = 0;
  let writesStarted = 0;
  /** The last write that ended failed: the entry may not hold the draft, whatever came before. */
  let lastWriteFailed = false;
  /** The first write that holds the state of this page's write-ahead: once it lands, the write-ahead goes. */
  let writeAheadCoveredBy: number | undefined;
  const madeIn = generation;
  const cleared = () => !hasIndexedDb() || madeIn !== generation;

  const write = (): Promise<boolean> => {
    clearTimeout(timer);
    timer = undefined;
    if (cleared()) return writing.then(() => false);
    const draft = current();
    const number = (writesStarted += 1);
    writesUnderway += 1;
    // One write at a time, in order: the newest state always lands last.
    writing = writing
      // A clear since this write began wins: the draft is not put back.
      .then(() => (cleared() ? undefined : draft ? set(key, draft, store()) : del(key, store())))
      .then(() => {
        lastWriteFailed = false;
        if (writeAheadCoveredBy === undefined || number < writeAheadCoveredBy) return;
        writeAheadCoveredBy = undefined;
        dropWriteAhead(key);
      })
      .catch((error: unknown) => {
        lastWriteFailed = true;
        console.error('The unsaved edits could not be kept on this device', error);
      })
      .finally(() => (writesUnderway -= 1));
    return writing.then(() => !lastWriteFailed);
  };
  const isWritten = () => hasIndexedDb() && timer === undefined && writesUnderway === 0 && !lastWriteFailed;

  return {
    schedule: () => {
      timer ??= setTimeout(() => void write(), delayMs);
    },
    flush: write,
    keepAsPageGoes: () => {
      if (cleared() || isWritten()) return;
      writeAhead(key, current());
      writeAheadCoveredBy = writesStarted + 1;
      void write();
    },
    isWritten,
    dispose: () => clearTimeout(timer),
  };
}

/** How many records of `userId` have edits kept on this device: asked before a sign-out deletes them. */
export async function countStoredDrafts(userId: string): Promise<number> {
  if (!hasIndexedDb()) return 0;
  await settleWriteAheads((key) => key.startsWith(`${userId}/`));
  return (await keysOf(userId)).length;
}
