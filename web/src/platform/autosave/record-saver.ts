// The autosave of one open record (a resource, a patient). Edits go into a local draft (a flat object of fields); a
// save runs `delayMs` after the last change (or at once when asked), one at a time, sending only the changed fields
// with the version they were based on. A 409 means another device saved first: its copy is fetched and merged field
// by field (mergeFields, with finer per-field mergers); a save whose answer was lost (the server died after writing) is
// known in that copy as my own, not as theirs. A field both sides changed is never overwritten silently: the
// user picks 'Keep mine' or 'Use theirs'. A request with no answer in time is a failed save: the edit is kept for a
// retry, by itself after a backoff (unless the server refused it for good: a 4xx other than 408/409/429); offline it
// waits for the network. What differs per kind of record (its draft's shape, its patch body, its API calls) comes in
// as deps.
import { changedFields, mergeFields, sameValue, type ConflictChoice, type FieldMergers } from '@chartside/shared';
import { ApiError, errorName } from '../api/api-error';
import { connectivity } from '../connectivity/connectivity';

/**
 * pending: changes wait for their save; saving: a save is on its way; offline: the server cannot be reached (the
 * browser is offline, or the server does not answer), the changes wait for it.
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'offline' | 'conflict';

export interface Versioned {
  version: number;
}

export interface FieldConflict<R, D> {
  fields: (keyof D)[];
  /** My values of the conflicting fields. */
  mine: Partial<D>;
  /**
   * The values both sides started from, so the user's choice settles only the parts both changed (a list's items, a
   * section's parts). Missing in a conflict kept on a device before it was recorded: the choice then takes whole values.
   */
  was?: Partial<D>;
  theirs: R;
}

export interface SaverState<R, D> {
  /** The server's copy the draft is based on. */
  base: R;
  draft: D;
  status: SaveStatus;
  error?: string;
  conflict?: FieldConflict<R, D>;
  /** The failed tries in a row (cleared by a save that lands or a new edit), and whether another try follows by itself. */
  failure?: SaveFailure;
}

interface SaveFailure {
  attempts: number;
  retrying: boolean;
}

/** What a saver keeps of unsaved work across a reload: the copy it was based on, the changes, an open conflict. */
export interface StoredDraft<R, D> {
  base: R;
  changes: Partial<D>;
  conflict?: FieldConflict<R, D>;
}

export interface RequestSettings {
  /** Aborts the request when it has no answer in time. */
  signal: AbortSignal;
  /** Lets the request outlive the page (the save when the page is hidden or closed). */
  keepalive?: boolean;
}

export interface RecordSaverDeps<R extends Versioned, D extends object, Body> {
  initial: R;
  /** The editable fields of a server copy, as a flat draft. */
  draftOf: (record: R) => D;
  /** The PATCH body of some changed fields, based on `version`. */
  patchBody: (changes: Partial<D>, version: number) => Body;
  /** Sends the save; resolves with the record as saved: `base` (the copy the body was made from) is what its answer applies to. */
  patch: (body: Body, settings: RequestSettings, base: R) => Promise<R>;
  fetchLatest: (settings: RequestSettings) => Promise<R>;
  /** Every copy the server hands back (a save's answer, the latest after a 409), for the query cache. */
  onServerCopy: (record: R, changed: Partial<D>) => void;
  /** Finer three-way merges of fields both sides changed (lists by id, sets, the later of two times). */
  mergers?: FieldMergers<D>;
  /** Drops changes that must not be saved yet (a blank resource name). */
  savable?: (changes: Partial<D>) => Partial<D>;
  /** Fields set along with every real change (a patient's lastAccessed). */
  stamp?: () => Partial<D>;
  /** Whether the server cannot be reached (default: the app's connectivity signal): a save then waits calmly for it. */
  isOffline?: () => boolean;
  /** A failed save is retried by itself after these delays, the last one repeating (default RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
  /** The message of a failure the user should read in the record's own words (a patient deleted elsewhere). */
  failureMessage?: (error: unknown) => string | undefined;
  delayMs: number;
  requestTimeoutMs?: number;
}

/** A save or fetch with no answer after this long is treated as failed, so the status never stays 'saving'. */
const REQUEST_TIMEOUT_MS = 15_000;
/** After a failed save (online), the next tries come after these delays; the last one repeats. */
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

const serverUnreachable = () => !connectivity.isOnline();
/** Browsers refuse a keepalive request whose body passes 64 KiB: a bigger save goes as a plain request. */
const KEEPALIVE_MAX_BYTES = 60_000;

const keysOf = <T extends object>(value: T) => Object.keys(value) as (keyof T)[];

const pick = <T extends object>(value: T, keys: (keyof T)[]): Partial<T> => {
  const picked: Partial<T> = {};
  for (const key of keys) picked[key] = value[key];
  return picked;
};

const messageOf = (error: unknown) => {
  if (errorName(error) === 'TimeoutError') return 'The server did not answer in time.';
  return error instanceof Error ? error.message : 'The changes could not be saved.';
};

/** A refusal that trying again cannot change (a 4xx other than a timeout, a conflict or too many requests). */
const isPermanent = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 409, 429].includes(error.status);

export class RecordSaver<R extends Versioned, D extends object, Body = unknown> {
  private state: SaverState<R, D>;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private disposed = false;
  private discarded = false;
  private inFlight: Promise<void> | undefined;
  private saveAgain = false;
  /** A newer copy that arrived while a save was on its way: merged once the save is done. */
  private remoteDuringSave: R | undefined;
  /**
   * What failed saves sent that the server may have applied all the same (no answer, or a 5xx: the server died or gave
   * up after the write landed), every value of each field, until a save lands: any of them may be the one that landed
   * (a save lost with the server, then a longer one answered 503 while it started). A newer copy holding one holds my own save.
   */
  private unanswered: Partial<Record<keyof D, unknown[]>> = {};

  constructor(private readonly deps: RecordSaverDeps<R, D, Body>) {
    this.state = { base: deps.initial, draft: deps.draftOf(deps.initial), status: 'idle' };
  }

  getState = (): SaverState<R, D> => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The fields the draft changed from the server's copy (and that may be saved). */
  unsavedChanges(): Partial<D> {
    const changes = changedFields(this.deps.draftOf(this.state.base), this.state.draft);
    return this.deps.savable ? this.deps.savable(changes) : changes;
  }

  /**
   * Edits the draft; saves after the autosave delay, or at once when asked. Setting the values it already has does
   * nothing. An edit of a field in conflict (typed before its dialog showed) is part of my side of the conflict.
   */
  change(fields: Partial<D>, { immediate = false }: { immediate?: boolean } = {}): void {
    const { draft, conflict } = this.state;
    if (this.discarded || keysOf(fields).every((key) => sameValue(draft[key], fields[key]))) return;
    // A new edit starts a new run of tries. Known offline, it waits for the network, and says so at once.
    this.failures = 0;
    const status = conflict ? 'conflict' : this.offline() ? 'offline' : 'pending';
    const next: Partial<SaverState<R, D>> = { draft: { ...draft, ...fields, ...this.deps.stamp?.() }, status, failure: undefined };
    const mineNow = pick<Partial<D>>(fields, (conflict?.fields ?? []).filter((field) => field in fields));
    if (conflict && keysOf(mineNow).length > 0) next.conflict = { ...conflict, mine: { ...conflict.mine, ...mineNow } };
    this.update(next);
    if (immediate) void this.flush();
    else {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), this.deps.delayMs);
    }
  }

  /** Whether leaving now would lose something: edits not saved yet, a failed save or an open conflict. */
  hasUnsavedWork(): boolean {
    return keysOf(this.unsavedChanges()).length > 0 || ['error', 'offline', 'conflict'].includes(this.state.status);
  }

  /** The unsaved work to keep across a reload, or undefined when there is none. */
  storedDraft(): StoredDraft<R, D> | undefined {
    const { base, conflict } = this.state;
    const changes = changedFields(this.deps.draftOf(base), this.state.draft);
    if (keysOf(changes).length === 0 && !conflict) return undefined;
    return conflict ? { base, changes, conflict } : { base, changes };
  }

  /**
   * Starts again from unsaved work kept across a reload: its base with its changes (and its open conflict); a newer
   * server copy than its base is then merged in as any remote copy is. Edits made here before the restore lie on top
   * of the kept ones.
   */
  restore(stored: StoredDraft<R, D>): void {
    const current = this.state.base;
    const typedHere = changedFields(this.deps.draftOf(current), this.state.draft);
    const { base, changes, conflict } = stored;
    // The fields in conflict show my side until the user chooses (a draft kept by an older version held theirs there).
    const mine = conflict ? pick<Partial<D>>(conflict.mine, conflict.fields) : {};
    this.update({ base, draft: { ...this.deps.draftOf(base), ...changes, ...mine, ...typedHere }, conflict, status: conflict ? 'conflict' : 'pending' });
    if (current.version > base.version) this.merge(current);
    else void this.flush();
  }

  /**
   * Saves now. A call during a save queues one more save after it. Nothing saves while a conflict waits for the user.
   * `keepalive` is for the page being hidden or closed: the request is not cancelled with the page.
   */
  flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
    if (this.state.conflict || this.discarded) return Promise.resolve();
    if (this.inFlight) {
      this.saveAgain = true;
      return this.inFlight;
    }
    this.inFlight = this.run(keepalive).finally(() => {
      this.inFlight = undefined;
      const remote = this.remoteDuringSave;
      this.remoteDuringSave = undefined;
      // The save may have brought a copy newer than the one that arrived during it.
      if (remote && remote.version > this.state.base.version) this.merge(remote);
      if (this.saveAgain) {
        this.saveAgain = false;
        void this.flush();
      }
    });
    return this.inFlight;
  }

  retry = (): Promise<void> => this.flush();

  /** Stops the timers and the retries (the screen is gone); a save on its way still lands. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    clearTimeout(this.retryTimer);
  }

  /** Undoes dispose() (the screen is back: React's StrictMode unmounts and mounts it again); a pending retry is rescheduled. */
  resume(): void {
    if (!this.disposed) return;
    this.disposed = false;
    const { status, failure } = this.state;
    if (status === 'pending') this.timer = setTimeout(() => void this.flush(), this.deps.delayMs);
    if (status === 'error' && failure?.retrying) this.scheduleRetry();
  }

  /** Drops the unsaved work for good (the record was deleted): no save goes out any more, nothing is left to guard. */
  discard(): void {
    this.dispose();
    this.discarded = true;
    this.saveAgain = false;
    this.update({ draft: this.deps.draftOf(this.state.base), conflict: undefined, status: 'idle', error: undefined, failure: undefined });
  }

  /** A copy of the record from the server (a refetch, a push). Older or equal versions are ignored. */
  remoteChanged(theirs: R): void {
    if (this.discarded || theirs.version <= this.state.base.version) return;
    if (this.inFlight) this.remoteDuringSave = theirs;
    else this.merge(theirs);
  }

  /**
   * The user's answer to a conflict. Only what both sides changed takes the chosen side; the rest of each side's changes
   * to those fields stays (my edit of one section and theirs of another both survive 'Use theirs' or 'Keep mine').
   * The choice was made on their copy `theirsVersion`: if a newer copy has come since, it is not applied (it would
   * settle words the user has not seen) and the conflict stays open, showing the newer copy.
   */
  resolveConflict(choice: ConflictChoice, theirsVersion: number): void {
    const conflict = this.state.conflict;
    if (!conflict || conflict.theirs.version !== theirsVersion) return;
    const { fields, mine, was = {}, theirs } = conflict;
    const theirDraft = this.deps.draftOf(theirs);
    const known = fields.filter((field) => field in was);
    const { mine: keep } = mergeFields<D>({ ...theirDraft, ...was }, pick<Partial<D>>(mine, known), theirDraft, this.deps.mergers, choice);
    const wholeMine = choice === 'mine' ? pick<Partial<D>>(mine, fields.filter((field) => !(field in was))) : {};
    this.update({ draft: { ...this.state.draft, ...pick(theirDraft, fields), ...keep, ...wholeMine }, conflict: undefined, status: 'pending' });
    void this.flush();
  }

  private offline = (): boolean => (this.deps.isOffline ?? serverUnreachable)();

  private update(next: Partial<SaverState<R, D>>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private settings(keepalive = false): RequestSettings {
    return { signal: AbortSignal.timeout(this.deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS), ...(keepalive ? { keepalive } : {}) };
  }

  private async run(keepalive: boolean): Promise<void> {
    const changes = this.unsavedChanges();
    if (keysOf(changes).length === 0) {
      if (['pending', 'error', 'offline'].includes(this.state.status)) this.update({ status: 'saved', error: undefined, failure: undefined });
      return;
    }
    // Known offline: no request that cannot go out (nor a keepalive one as the page is unloaded); coming back flushes.
    if (this.offline()) {
      this.update({ status: 'offline', error: undefined });
      return;
    }
    this.update({ status: 'saving', error: undefined });
    try {
      const base = this.state.base;
      const body = this.deps.patchBody(changes, base.version);
      const fitsKeepalive = keepalive && new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_MAX_BYTES;
      const saved = await this.deps.patch(body, this.settings(fitsKeepalive), base);
      this.failures = 0;
      this.accept(saved, changes);
    } catch (error) {
      if (this.discarded) return;
      if (error instanceof ApiError && error.code === 'version_conflict') return this.recoverFromConflict(error);
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (!refused) this.rememberUnanswered(changes);
      this.failed(error);
    }
  }

  /** Keeps what a save sent that may have landed unanswered; a retry of the same value is kept once. */
  private rememberUnanswered(changes: Partial<D>): void {
    for (const key of keysOf(changes)) {
      const values = this.unanswered[key] ?? [];
      if (!values.some((value) => sameValue(value, changes[key]))) this.unanswered[key] = [...values, changes[key]];
    }
  }

  /**
   * A failed save keeps the edit. Offline it waits for the network; otherwise it is retried after a backoff, unless
   * the server refused it for good (retrying would fail the same way: the user reads why, the draft stays).
   */
  private failed(error: unknown): void {
    if (this.offline()) {
      this.update({ status: 'offline', error: undefined, failure: undefined });
      return;
    }
    this.failures += 1;
    const delays = this.deps.retryDelaysMs ?? RETRY_DELAYS_MS;
    const retrying = !isPermanent(error) && delays.length > 0;
    this.update({ status: 'error', error: this.deps.failureMessage?.(error) ?? messageOf(error), failure: { attempts: this.failures, retrying } });
    if (retrying) this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.disposed) return;
    const delays = this.deps.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.failures - 1, delays.length - 1)];
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  /** Takes a save's answer. Fields sent and not edited since take the server's value (it normalizes tags). */
  private accept(saved: R, sent: Partial<D>): void {
    const draft: D = { ...this.state.draft };
    const savedDraft = this.deps.draftOf(saved);
    for (const key of keysOf(sent)) if (sameValue(draft[key], sent[key])) Object.assign(draft, pick(savedDraft, [key]));
    this.unanswered = {};
    this.update({ base: saved, draft, failure: undefined });
    this.update({ status: keysOf(this.unsavedChanges()).length > 0 ? 'pending' : 'saved' });
    this.deps.onServerCopy(saved, sent);
  }

  private async recoverFromConflict(conflict: ApiError): Promise<void> {
    try {
      const latest = await this.deps.fetchLatest(this.settings());
      // Not newer than my base (a stale read): saving again at once would loop; it is a failed save, tried again later.
      if (latest.version <= this.state.base.version) return this.failed(conflict);
      this.deps.onServerCopy(latest, {});
      this.merge(latest);
    } catch (error) {
      this.failed(error);
    }
  }

  /** Rebases the draft on `theirs`: my changes to fields they left alone are kept; the same field changed on both sides is a conflict. */
  private merge(theirs: R): void {
    const { draftOf } = this.deps;
    const theirDraft = draftOf(theirs);
    const base = draftOf(this.state.base);
    const mine: Partial<D> = { ...changedFields(base, this.state.draft), ...this.state.conflict?.mine };
    // A field of theirs that holds what one of my unanswered saves sent is my own save, landed: they did not change it, I did.
    const landed = keysOf(this.unanswered).filter((key) => this.unanswered[key]!.some((sent) => sameValue(theirDraft[key], sent)));
    const from: D = { ...base, ...pick(theirDraft, landed) };
    const { mine: keep, conflicts } = mergeFields<D>(from, mine, theirDraft, this.deps.mergers);
    // A conflict the user has not decided yet stays one, unless their new copy now agrees with mine.
    for (const field of this.state.conflict?.fields ?? []) {
      if (conflicts.includes(field) || sameValue(theirDraft[field], mine[field])) continue;
      conflicts.push(field);
      delete keep[field];
    }
    // A field in conflict keeps my value on screen until the user chooses: what they type there is on my side.
    const draft: D = { ...theirDraft, ...keep, ...pick<Partial<D>>(mine, conflicts) };
    if (conflicts.length > 0) {
      // A conflict still open keeps where it started: my values were made from that, not from the copy seen since.
      const openWas = this.state.conflict?.was ?? {};
      const was = { ...pick<Partial<D>>(from, conflicts), ...pick<Partial<D>>(openWas, conflicts.filter((field) => field in openWas)) };
      this.update({ base: theirs, draft, status: 'conflict', conflict: { fields: conflicts, mine: pick<Partial<D>>(mine, conflicts), was, theirs } });
      return;
    }
    const pending = keysOf(keep).length > 0;
    // Nothing of mine left to save: what was waiting, being saved (the 409 of a save whose edit theirs already holds),
    // failing or in conflict is on the server.
    const settled = ['pending', 'saving', 'error', 'conflict'].includes(this.state.status) ? 'saved' : this.state.status;
    this.update({ base: theirs, draft, conflict: undefined, status: pending ? 'pending' : settled });
    if (pending && this.inFlight) this.saveAgain = true;
    else if (pending) void this.flush();
  }
}
