// The autosave of one open resource. Edits go into a local draft; a save runs RESOURCE_AUTOSAVE_MS after the last
// change (or at once when asked), one at a time, sending only the changed fields with the version they were based
// on. A 409 means another device saved first: its copy is fetched and merged field by field (mergeFields; sections
// and files item by item). A field both sides changed is never overwritten silently: the user picks 'Keep mine' or
// 'Use theirs'. A request that gets no answer in REQUEST_TIMEOUT_MS is a failed save: the edit is kept for a retry.
import {
  changedFields,
  isResourceName,
  mergeFields,
  RESOURCE_AUTOSAVE_MS,
  resourceFieldMergers,
  sameValue,
  type Resource,
  type ResourceFields,
  type ResourcePatch,
} from '@chartside/shared';
import { ApiError } from '../../platform/api/api-error';

/** pending: changes wait for their save; saving: a save is on its way. */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'conflict';

export type FieldName = keyof ResourceFields;

export interface FieldConflict {
  fields: FieldName[];
  /** My values of the conflicting fields. */
  mine: Partial<ResourceFields>;
  theirs: Resource;
}

export interface SaverState {
  /** The server's copy the draft is based on. */
  base: Resource;
  draft: ResourceFields;
  status: SaveStatus;
  error?: string;
  conflict?: FieldConflict;
}

export interface RequestSettings {
  /** Aborts the request when it has no answer in time. */
  signal: AbortSignal;
  /** Lets the request outlive the page (the save when the page is hidden or closed). */
  keepalive?: boolean;
}

export interface SaverDeps {
  initial: Resource;
  patch: (body: ResourcePatch, settings: RequestSettings) => Promise<Resource>;
  fetchLatest: (settings: RequestSettings) => Promise<Resource>;
  /** Every copy the server hands back (a save's answer, the latest after a 409), for the query cache. */
  onServerCopy: (resource: Resource, changed: Partial<ResourceFields>) => void;
  delayMs?: number;
  requestTimeoutMs?: number;
}

/** A save or fetch with no answer after this long is treated as failed, so the status never stays 'saving'. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Browsers refuse a keepalive request whose body passes 64 KiB: a bigger save goes as a plain request. */
const KEEPALIVE_MAX_BYTES = 60_000;

export const fieldsOf = ({ id: _id, clicks: _clicks, version: _version, createdAt: _createdAt, updatedAt: _updatedAt, ...fields }: Resource): ResourceFields =>
  fields;

const keysOf = <T extends object>(value: T) => Object.keys(value) as (keyof T)[];

const pick = <T extends object>(value: T, keys: (keyof T)[]): Partial<T> => {
  const picked: Partial<T> = {};
  for (const key of keys) picked[key] = value[key];
  return picked;
};

const messageOf = (error: unknown) => {
  // By name: the timeout's DOMException may come from another realm than this one's DOMException.
  if (error instanceof Object && 'name' in error && error.name === 'TimeoutError') return 'The server did not answer in time.';
  return error instanceof Error ? error.message : 'The resource could not be saved.';
};

export class ResourceSaver {
  private state: SaverState;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | undefined;
  private saveAgain = false;
  /** A newer copy that arrived while a save was on its way: merged once the save is done. */
  private remoteDuringSave: Resource | undefined;

  constructor(private readonly deps: SaverDeps) {
    this.state = { base: deps.initial, draft: fieldsOf(deps.initial), status: 'idle' };
  }

  getState = (): SaverState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The fields the draft changed from the server's copy. */
  unsavedChanges(): Partial<ResourceFields> {
    const changes = changedFields(fieldsOf(this.state.base), this.state.draft);
    // A resource always has a name: a blank one is not saved (the form says a name is required).
    if (changes.name !== undefined && !isResourceName(changes.name)) delete changes.name;
    return changes;
  }

  /** Edits the draft; saves after the autosave delay, or at once for file, section, favorite and mode changes. */
  change(fields: Partial<ResourceFields>, { immediate = false }: { immediate?: boolean } = {}): void {
    this.update({ draft: { ...this.state.draft, ...fields }, status: this.state.conflict ? 'conflict' : 'pending' });
    if (immediate) void this.flush();
    else {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.flush(), this.deps.delayMs ?? RESOURCE_AUTOSAVE_MS);
    }
  }

  /** Whether leaving now would lose something: edits not saved yet, a failed save or an open conflict. */
  hasUnsavedWork(): boolean {
    return keysOf(this.unsavedChanges()).length > 0 || this.state.status === 'error' || this.state.status === 'conflict';
  }

  /**
   * Saves now. A call during a save queues one more save after it. Nothing saves while a conflict waits for the user.
   * `keepalive` is for the page being hidden or closed: the request is not cancelled with the page.
   */
  flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    if (this.state.conflict) return Promise.resolve();
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

  /** A copy of the resource from the server (a refetch, a push). Older or equal versions are ignored. */
  remoteChanged(theirs: Resource): void {
    if (theirs.version <= this.state.base.version) return;
    if (this.inFlight) this.remoteDuringSave = theirs;
    else this.merge(theirs);
  }

  resolveConflict(choice: 'mine' | 'theirs'): void {
    const conflict = this.state.conflict;
    if (!conflict) return;
    const draft = choice === 'mine' ? { ...this.state.draft, ...conflict.mine } : this.state.draft;
    this.update({ draft, conflict: undefined, status: 'pending' });
    void this.flush();
  }

  private update(next: Partial<SaverState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private settings(keepalive = false): RequestSettings {
    return { signal: AbortSignal.timeout(this.deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS), ...(keepalive ? { keepalive } : {}) };
  }

  private async run(keepalive: boolean): Promise<void> {
    const changes = this.unsavedChanges();
    if (keysOf(changes).length === 0) {
      if (this.state.status === 'pending') this.update({ status: 'saved' });
      return;
    }
    this.update({ status: 'saving', error: undefined });
    try {
      const body: ResourcePatch = { version: this.state.base.version, ...changes };
      const fitsKeepalive = keepalive && new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_MAX_BYTES;
      const saved = await this.deps.patch(body, this.settings(fitsKeepalive));
      this.accept(saved, changes);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') return this.recoverFromConflict();
      this.update({ status: 'error', error: messageOf(error) });
    }
  }

  /** Takes a save's answer. Fields sent and not edited since take the server's value (it normalizes tags). */
  private accept(saved: Resource, sent: Partial<ResourceFields>): void {
    const draft: ResourceFields = { ...this.state.draft };
    for (const key of keysOf(sent)) if (sameValue(draft[key], sent[key])) Object.assign(draft, pick(fieldsOf(saved), [key]));
    this.update({ base: saved, draft });
    this.update({ status: keysOf(this.unsavedChanges()).length > 0 ? 'pending' : 'saved' });
    this.deps.onServerCopy(saved, sent);
  }

  private async recoverFromConflict(): Promise<void> {
    try {
      const latest = await this.deps.fetchLatest(this.settings());
      this.deps.onServerCopy(latest, {});
      this.merge(latest);
    } catch (error) {
      this.update({ status: 'error', error: messageOf(error) });
    }
  }

  /** Rebases the draft on `theirs`: my changes to fields they left alone are kept; the same field changed on both sides is a conflict. */
  private merge(theirs: Resource): void {
    const mine = { ...this.unsavedChanges(), ...this.state.conflict?.mine };
    const { mine: keep, conflicts } = mergeFields(fieldsOf(this.state.base), mine, fieldsOf(theirs), resourceFieldMergers);
    // A conflict the user has not decided yet stays one, unless their new copy now agrees with mine.
    for (const field of this.state.conflict?.fields ?? []) {
      if (conflicts.includes(field) || sameValue(theirs[field], mine[field])) continue;
      conflicts.push(field);
      delete keep[field];
    }
    const draft = { ...fieldsOf(theirs), ...keep };
    if (conflicts.length > 0) {
      this.update({ base: theirs, draft, status: 'conflict', conflict: { fields: conflicts, mine: pick(mine, conflicts), theirs } });
      return;
    }
    const pending = keysOf(keep).length > 0;
    this.update({ base: theirs, draft, conflict: undefined, status: pending ? 'pending' : this.state.status === 'error' ? 'saved' : this.state.status });
    if (pending && this.inFlight) this.saveAgain = true;
    else if (pending) void this.flush();
  }
}
