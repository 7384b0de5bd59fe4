import { mergeListById } from '@chartside/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { RecordSaver, type RecordSaverDeps } from './record-saver';

/** A small record kind of this test's own: the engine knows records only through its deps. */
interface Item {
  id: string;
  text: string;
}
interface Note {
  id: string;
  version: number;
  title: string;
  body: string;
  tags: string[];
  items: Item[];
}
type NoteFields = Omit<Note, 'id' | 'version'>;
type NotePatch = Partial<NoteFields> & { version: number };

const note = (overrides: Partial<Note> = {}): Note => ({ id: 'n-1', version: 3, title: 'Sepsis', body: '', tags: [], items: [], ...overrides });
const draftOf = ({ id: _id, version: _version, ...fields }: Note): NoteFields => fields;

/** A server that holds each PATCH until the test answers it, checking versions as the real one does (and upper-casing tags). */
function heldServer(initial: Note) {
  let current = initial;
  const held: { body: NotePatch; answer: () => void; fail: (error: Error) => void }[] = [];
  const patch = vi.fn(
    (body: NotePatch) =>
      new Promise<Note>((resolve, reject) => {
        held.push({
          body,
          fail: reject,
          answer: () => {
            if (body.version !== current.version) return reject(new ApiError('version_conflict', 'Changed elsewhere.', 409));
            const { version: _version, ...changes } = body;
            current = { ...current, ...changes, tags: changes.tags?.map((t) => t.toUpperCase()) ?? current.tags, version: current.version + 1 };
            resolve(current);
          },
        });
      }),
  );
  return {
    patch,
    held,
    latest: () => current,
    saveElsewhere: (changes: Partial<Note>) => (current = { ...current, ...changes, version: current.version + 1 }),
    /** Lets the microtasks after an answer run. */
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

const saverFor = (server: ReturnType<typeof heldServer>, initial: Note, deps: Partial<RecordSaverDeps<Note, NoteFields, NotePatch>> = {}) =>
  new RecordSaver<Note, NoteFields, NotePatch>({
    initial,
    draftOf,
    patchBody: (changes, version) => ({ version, ...changes }),
    patch: server.patch,
    fetchLatest: async () => server.latest(),
    onServerCopy: vi.fn(),
    mergers: { items: mergeListById<Item, 'id'>('id') },
    delayMs: 10_000,
    // No retry timers left behind by the tests that do not look at retries.
    retryDelaysMs: [],
    ...deps,
  });

/** A PATCH that fails `times` times with `status`, then saves. */
const failingPatch = (initial: Note, status: number, times = Infinity) => {
  let failuresLeft = times;
  return vi.fn(async (body: NotePatch): Promise<Note> => {
    if (failuresLeft-- > 0) throw new ApiError(status === 404 ? 'not_found' : 'internal', `Failed with ${status}.`, status);
    return { ...initial, ...body, version: initial.version + 1 };
  });
};

describe('RecordSaver', () => {
  it('runs one save at a time; a change made during a save is saved after it, on the new version', async () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ title: 'First' }, { immediate: true });
    saver.change({ body: 'Typed during the save' }, { immediate: true });
    expect(server.patch).toHaveBeenCalledTimes(1);
    server.held[0]!.answer();
    await server.settle();
    expect(server.patch).toHaveBeenCalledTimes(2);
    expect(server.held[1]!.body).toEqual({ version: 4, body: 'Typed during the save' });
    server.held[1]!.answer();
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5, title: 'First', body: 'Typed during the save' } });
  });

  it('waits for the autosave delay unless told to save at once', () => {
    vi.useFakeTimers();
    try {
      const initial = note();
      const server = heldServer(initial);
      const saver = saverFor(server, initial);
      saver.change({ title: 'A' });
      saver.change({ title: 'AB' });
      expect(server.patch).not.toHaveBeenCalled();
      expect(saver.getState().status).toBe('pending');
      vi.advanceTimersByTime(9_999);
      expect(server.patch).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(server.patch).toHaveBeenCalledTimes(1);
      expect(server.held[0]!.body).toEqual({ version: 3, title: 'AB' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips a change to the values the draft already has, and a save of a draft equal to the saved copy', async () => {
    const initial = note({ title: 'Same' });
    const server = heldServer(initial);
    const stamp = vi.fn(() => ({ tags: ['stamped'] }));
    saverFor(server, initial, { stamp }).change({ title: 'Same' }, { immediate: true });
    expect(stamp).not.toHaveBeenCalled();
    const saver = saverFor(server, initial);
    saver.change({ title: 'Same' }, { immediate: true });
    expect(saver.getState().status).toBe('idle');
    saver.change({ title: 'Other' });
    saver.change({ title: 'Same' });
    await saver.flush();
    expect(server.patch).not.toHaveBeenCalled();
    expect(saver.getState().status).toBe('saved');
  });

  it('adds the stamp to every real change', () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial, { stamp: () => ({ body: 'opened now' }) });
    saver.change({ title: 'Changed' }, { immediate: true });
    expect(server.held[0]!.body).toEqual({ version: 3, title: 'Changed', body: 'opened now' });
  });

  it("takes the server's normalized value for a field sent and not edited since", async () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ tags: ['icu'] }, { immediate: true });
    server.held[0]!.answer();
    await server.settle();
    expect(saver.getState().draft.tags).toEqual(['ICU']);
    expect(saver.unsavedChanges()).toEqual({});
  });

  it('leaves out what `savable` filters, and still reports it in the stored draft', () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial, { savable: ({ title: _title, ...rest }) => rest });
    saver.change({ title: 'Not yet', body: 'Saved' }, { immediate: true });
    expect(server.held[0]!.body).toEqual({ version: 3, body: 'Saved' });
    expect(saver.storedDraft()?.changes).toEqual({ title: 'Not yet', body: 'Saved' });
  });

  it('merges a newer copy pushed while nothing is unsaved, and keeps unsaved edits to other fields', () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.remoteChanged(server.saveElsewhere({ tags: ['A'] }));
    expect(saver.getState().draft.tags).toEqual(['A']);
    saver.change({ title: 'Mine' });
    saver.remoteChanged(server.saveElsewhere({ body: 'Theirs' }));
    expect(saver.getState().draft).toMatchObject({ title: 'Mine', body: 'Theirs', tags: ['A'] });
    expect(server.held.at(-1)?.body).toEqual({ version: 5, title: 'Mine' });
  });

  it('keeps a conflict open until the user chooses, then saves the choice', async () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ title: 'Mine', body: 'Also mine' });
    saver.remoteChanged(server.saveElsewhere({ title: 'Theirs' }));
    expect(saver.getState().conflict).toMatchObject({ fields: ['title'], mine: { title: 'Mine' } });
    await saver.flush();
    expect(server.patch).not.toHaveBeenCalled();
    saver.resolveConflict('mine', saver.getState().conflict!.theirs.version);
    expect(server.held[0]!.body).toEqual({ version: 4, title: 'Mine', body: 'Also mine' });
  });

  it('does not apply a choice made on their copy once a newer one has come: the conflict stays open on the newer copy', () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ title: 'Mine' });
    saver.remoteChanged(server.saveElsewhere({ title: 'Theirs' }));
    const shownVersion = saver.getState().conflict!.theirs.version;
    // Their next save arrives as the user clicks: 'Keep mine' was chosen against 'Theirs', not 'Theirs, typed on'.
    saver.remoteChanged(server.saveElsewhere({ title: 'Theirs, typed on' }));
    saver.resolveConflict('mine', shownVersion);
    expect(saver.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['title'], mine: { title: 'Mine' }, theirs: { title: 'Theirs, typed on' } } });
    expect(server.patch).not.toHaveBeenCalled();
    saver.resolveConflict('mine', saver.getState().conflict!.theirs.version);
    expect(server.held[0]!.body).toEqual({ version: 5, title: 'Mine' });
  });

  it("'Use theirs' keeps their value and saves my other changes", () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ title: 'Mine', body: 'Also mine' });
    saver.remoteChanged(server.saveElsewhere({ title: 'Theirs' }));
    saver.resolveConflict('theirs', saver.getState().conflict!.theirs.version);
    expect(saver.getState().draft).toMatchObject({ title: 'Theirs', body: 'Also mine' });
    expect(server.held[0]!.body).toEqual({ version: 4, body: 'Also mine' });
  });

  it.each([
    ['mine', 'Mine, typed on'],
    ['theirs', 'Theirs'],
  ] as const)(
    "an edit typed into a field in conflict before its dialog shows is part of my side: shown, and kept by 'Keep mine' (%s)",
    (choice, chosen) => {
      const initial = note();
      const server = heldServer(initial);
      const saver = saverFor(server, initial);
      saver.change({ title: 'Mine' });
      saver.remoteChanged(server.saveElsewhere({ title: 'Theirs' }));
      // Until the user chooses, the field shows my text: typing goes on from it.
      expect(saver.getState().draft.title).toBe('Mine');
      saver.change({ title: 'Mine, typed on' });
      expect(saver.getState().conflict).toMatchObject({ fields: ['title'], mine: { title: 'Mine, typed on' } });
      saver.resolveConflict(choice, saver.getState().conflict!.theirs.version);
      expect(saver.getState().draft.title).toBe(chosen);
      expect(saver.hasUnsavedWork()).toBe(choice === 'mine');
    },
  );

  it.each([
    ['mine', 'Mine'],
    ['theirs', 'Theirs'],
  ] as const)("settles with '%s' only the item both changed: my edit of another item and theirs both stay", (choice, chosen) => {
    const initial = note({ items: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }, { id: 'c', text: 'C' }] });
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ items: [{ id: 'a', text: 'Mine' }, { id: 'b', text: 'Only I changed b' }, { id: 'c', text: 'C' }] });
    saver.remoteChanged(server.saveElsewhere({ items: [{ id: 'a', text: 'Theirs' }, { id: 'b', text: 'B' }, { id: 'c', text: 'Only they changed c' }] }));
    expect(saver.getState().conflict).toMatchObject({ fields: ['items'] });
    saver.resolveConflict(choice, saver.getState().conflict!.theirs.version);
    const merged = [{ id: 'a', text: chosen }, { id: 'b', text: 'Only I changed b' }, { id: 'c', text: 'Only they changed c' }];
    expect(saver.getState().draft.items).toEqual(merged);
    expect(server.held[0]!.body).toEqual({ version: 4, items: merged });
  });

  it('settles a conflict kept across a reload part by part, from where it started', () => {
    const initial = note({ items: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }, { id: 'c', text: 'C' }] });
    const server = heldServer(initial);
    const first = saverFor(server, initial);
    first.change({ items: [{ id: 'a', text: 'Mine' }, { id: 'b', text: 'B' }, { id: 'c', text: 'C' }] });
    first.remoteChanged(server.saveElsewhere({ items: [{ id: 'a', text: 'Theirs' }, { id: 'b', text: 'B' }, { id: 'c', text: 'Theirs c' }] }));
    // Another copy arrives while the conflict is open (b changed there). My list was made from the first one: against
    // the copy seen since, my untouched c would look like a change back.
    first.remoteChanged(server.saveElsewhere({ items: [{ id: 'a', text: 'Theirs' }, { id: 'b', text: 'Theirs later' }, { id: 'c', text: 'Theirs c' }] }));
    const second = saverFor(server, server.latest());
    second.restore(first.storedDraft()!);
    second.resolveConflict('mine', second.getState().conflict!.theirs.version);
    expect(second.getState().draft.items).toEqual([
      { id: 'a', text: 'Mine' },
      { id: 'b', text: 'Theirs later' },
      { id: 'c', text: 'Theirs c' },
    ]);
  });

  it('reports a failed save and keeps the edit for a retry', async () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial, {
      patch: async () => {
        throw new ApiError('network_error', 'Chartside could not reach the server.', 0);
      },
    });
    saver.change({ title: 'Kept' }, { immediate: true });
    await saver.flush();
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'error', error: 'Chartside could not reach the server.', draft: { title: 'Kept' } });
    expect(saver.unsavedChanges()).toEqual({ title: 'Kept' });
    expect(saver.hasUnsavedWork()).toBe(true);
  });

  it('retries a failed save by itself after the backoff delays, the last one repeating', async () => {
    vi.useFakeTimers();
    try {
      const initial = note();
      let failuresLeft = 3;
      const patch = vi.fn(async (body: NotePatch) => {
        if (failuresLeft-- > 0) throw new ApiError('internal', 'The service is busy.', 503);
        return { ...initial, ...body, version: 4 };
      });
      const saver = saverFor(heldServer(initial), initial, { patch, retryDelaysMs: [2_000, 5_000] });
      saver.change({ title: 'Retried' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(saver.getState().status).toBe('error');
      await vi.advanceTimersByTimeAsync(1_999);
      expect(patch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(patch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(patch).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(patch).toHaveBeenCalledTimes(4);
      expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 4, title: 'Retried' } });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(patch).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offline, a failed save waits calmly for the network: no error, no retry timer, no request while offline', async () => {
    vi.useFakeTimers();
    try {
      const initial = note();
      let offline = false;
      const patch = vi.fn(async (): Promise<Note> => {
        offline = true; // the network went during the request
        throw new ApiError('network_error', 'Chartside could not reach the server.', 0);
      });
      const saver = saverFor(heldServer(initial), initial, { patch, isOffline: () => offline, retryDelaysMs: [2_000] });
      saver.change({ title: 'Offline edit' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(saver.getState()).toMatchObject({ status: 'offline', error: undefined });
      expect(saver.hasUnsavedWork()).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000);
      saver.change({ title: 'Another offline edit' });
      // Said at once: not 'Saving…' until the autosave delay has passed.
      expect(saver.getState().status).toBe('offline');
      await vi.advanceTimersByTimeAsync(10_000);
      await saver.flush({ keepalive: true });
      expect(patch).toHaveBeenCalledTimes(1);
      expect(saver.getState().status).toBe('offline');
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a 409 fetches the latest copy, merges it and saves my change on top of it', async () => {
    const initial = note();
    const server = heldServer(initial);
    const onServerCopy = vi.fn();
    const saver = saverFor(server, initial, { onServerCopy });
    saver.change({ title: 'Mine' }, { immediate: true });
    server.saveElsewhere({ body: 'Theirs' });
    server.held[0]!.answer();
    await server.settle();
    expect(onServerCopy).toHaveBeenCalledWith(expect.objectContaining({ version: 4, body: 'Theirs' }), {});
    expect(server.held[1]!.body).toEqual({ version: 4, title: 'Mine' });
    server.held[1]!.answer();
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5, title: 'Mine', body: 'Theirs' } });
  });

  describe("a save whose answer was lost (the server applied it, then died)", () => {
    const typedMeanwhile = 'Seen at the bedside. Typed while it was down.';
    /** The first save lands unanswered; more is typed, and a retry is on its way. */
    const lostAnswerThenTyped = async () => {
      const initial = note();
      const server = heldServer(initial);
      const saver = saverFor(server, initial);
      saver.change({ body: 'Seen at the bedside.' }, { immediate: true });
      server.saveElsewhere({ body: 'Seen at the bedside.' }); // the server applied it…
      server.held[0]!.fail(new ApiError('network_error', 'Chartside could not reach the server.', 0)); // …and died before answering
      await server.settle();
      saver.change({ body: typedMeanwhile });
      void saver.retry();
      return { server, saver };
    };
    /** The held save at `index` meets a 409; the latest copy holds my first save: no conflict, the typing saved on top. */
    const savedOnTop = async ({ server, saver }: Awaited<ReturnType<typeof lostAnswerThenTyped>>, index: number) => {
      server.held[index]!.answer();
      await server.settle();
      expect(saver.getState().conflict).toBeUndefined();
      expect(server.held[index + 1]!.body).toEqual({ version: 4, body: typedMeanwhile });
      server.held[index + 1]!.answer();
      await server.settle();
      expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5, body: typedMeanwhile } });
    };

    it('is known as my own in the latest copy: no conflict, later typing saved on top', async () => {
      await savedOnTop(await lostAnswerThenTyped(), 1);
    });

    it('is known as my own when a later save of the same field went unanswered too (a 503 while the server started)', async () => {
      const lost = await lostAnswerThenTyped();
      lost.server.held[1]!.fail(new ApiError('unavailable', 'The service is busy right now.', 503)); // not applied
      await lost.server.settle();
      void lost.saver.retry();
      await savedOnTop(lost, 2);
    });
  });

  it('still asks when the latest copy holds a value my lost save did not send', async () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ body: 'Mine.' }, { immediate: true });
    server.saveElsewhere({ body: 'Theirs.' });
    server.held[0]!.fail(new ApiError('unavailable', 'The service is busy right now.', 503));
    await server.settle();
    void saver.retry();
    server.held[1]!.answer();
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['body'], mine: { body: 'Mine.' } } });
  });

  it('drops a copy pushed during a save when the save brought a newer one', async () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ title: 'Mine' }, { immediate: true });
    saver.remoteChanged(server.saveElsewhere({ body: 'Older' }));
    server.saveElsewhere({ body: 'Newer' });
    server.held[0]!.answer(); // 409: the latest (version 5) is fetched and merged
    await server.settle();
    expect(saver.getState()).toMatchObject({ base: { version: 5, body: 'Newer' }, draft: { title: 'Mine', body: 'Newer' } });
    expect(server.held[1]!.body).toEqual({ version: 5, title: 'Mine' });
  });

  it('merges a copy pushed during a save after it, when it is newer than the save', async () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ title: 'Mine' }, { immediate: true });
    server.held[0]!.answer();
    saver.remoteChanged({ ...server.latest(), body: 'Theirs', version: 5 });
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5 }, draft: { title: 'Mine', body: 'Theirs' } });
  });

  it("uses a field's merger: two devices editing different items of a list both keep their edit", () => {
    const initial = note({ items: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }] });
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ items: [{ id: 'a', text: 'A (mine)' }, { id: 'b', text: 'B' }] });
    saver.remoteChanged(server.saveElsewhere({ items: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B (theirs)' }, { id: 'c', text: 'New' }] }));
    expect(saver.getState().conflict).toBeUndefined();
    const merged = [{ id: 'a', text: 'A (mine)' }, { id: 'b', text: 'B (theirs)' }, { id: 'c', text: 'New' }];
    expect(saver.getState().draft.items).toEqual(merged);
    expect(server.held[0]!.body).toEqual({ version: 4, items: merged });
  });

  it('still asks when both devices changed the same item', () => {
    const initial = note({ items: [{ id: 'a', text: 'A' }] });
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ items: [{ id: 'a', text: 'Mine' }] });
    saver.remoteChanged(server.saveElsewhere({ items: [{ id: 'a', text: 'Theirs' }] }));
    expect(saver.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['items'] } });
  });

  it('treats a save with no answer in time as failed, keeps the edit and saves it on retry', async () => {
    const initial = note();
    let answer = false;
    const patch = vi.fn((body: NotePatch, { signal }: { signal: AbortSignal }) =>
      answer
        ? Promise.resolve({ ...initial, ...body, version: initial.version + 1 })
        : new Promise<Note>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    );
    const saver = saverFor(heldServer(initial), initial, { patch, requestTimeoutMs: 20 });
    saver.change({ title: 'Slow' }, { immediate: true });
    await vi.waitFor(() => expect(saver.getState().status).toBe('error'));
    expect(saver.getState()).toMatchObject({ error: 'The server did not answer in time.', draft: { title: 'Slow' } });
    answer = true;
    await saver.retry();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { title: 'Slow', version: 4 } });
    expect(saver.hasUnsavedWork()).toBe(false);
  });

  it('sends the save with keepalive when asked (the page is going away), unless it is too big for it', () => {
    const initial = note();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ title: 'Before closing' });
    void saver.flush({ keepalive: true });
    expect(server.patch).toHaveBeenCalledWith({ version: 3, title: 'Before closing' }, expect.objectContaining({ keepalive: true, signal: expect.any(AbortSignal) }), initial);
    const bigServer = heldServer(initial);
    const big = saverFor(bigServer, initial);
    big.change({ body: 'x'.repeat(70_000) });
    void big.flush({ keepalive: true });
    expect(bigServer.patch).toHaveBeenCalledWith(expect.anything(), { signal: expect.any(AbortSignal) }, initial);
  });

  describe('failed saves', () => {
    afterEach(() => vi.useRealTimers());

    it('counts the failed tries of a run; a save that lands or a new edit starts a new run', async () => {
      vi.useFakeTimers();
      const initial = note();
      const patch = failingPatch(initial, 503, 2);
      const saver = saverFor(heldServer(initial), initial, { patch, retryDelaysMs: [1_000] });
      saver.change({ title: 'Retried' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(saver.getState().failure).toEqual({ attempts: 1, retrying: true });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(saver.getState()).toMatchObject({ status: 'error', failure: { attempts: 2, retrying: true } });
      saver.change({ body: 'A new edit' });
      expect(saver.getState().failure).toBeUndefined();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(saver.getState()).toMatchObject({ status: 'saved', failure: undefined });
    });

    it.each([400, 403, 404, 413, 422])('does not retry a save the server refused for good (%i), and keeps the edit', async (status) => {
      vi.useFakeTimers();
      const initial = note();
      const patch = failingPatch(initial, status);
      const saver = saverFor(heldServer(initial), initial, { patch, retryDelaysMs: [1_000] });
      saver.change({ title: 'Refused' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(patch).toHaveBeenCalledTimes(1);
      expect(saver.getState()).toMatchObject({ status: 'error', error: `Failed with ${status}.`, failure: { attempts: 1, retrying: false } });
      expect(saver.storedDraft()).toMatchObject({ changes: { title: 'Refused' } });
    });

    it.each([408, 429, 500, 503])('retries a save that may go through later (%i)', async (status) => {
      vi.useFakeTimers();
      const initial = note();
      const patch = failingPatch(initial, status, 1);
      const saver = saverFor(heldServer(initial), initial, { patch, retryDelaysMs: [1_000] });
      saver.change({ title: 'Retried' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(patch).toHaveBeenCalledTimes(2);
      expect(saver.getState().status).toBe('saved');
    });

    it("says what failed in the record's own words when told how", async () => {
      const initial = note();
      const saver = saverFor(heldServer(initial), initial, { patch: failingPatch(initial, 404), failureMessage: () => 'Deleted elsewhere.' });
      saver.change({ title: 'Mine' });
      await saver.flush();
      expect(saver.getState()).toMatchObject({ status: 'error', error: 'Deleted elsewhere.' });
    });

    it('retries by default, and waits for the network while the browser is offline', async () => {
      vi.useFakeTimers();
      const initial = note();
      const patch = failingPatch(initial, 503, 1);
      const saver = new RecordSaver<Note, NoteFields, NotePatch>({
        initial,
        draftOf,
        patchBody: (changes, version) => ({ version, ...changes }),
        patch,
        fetchLatest: async () => initial,
        onServerCopy: vi.fn(),
        delayMs: 10_000,
      });
      saver.change({ title: 'Retried' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(saver.getState().failure).toEqual({ attempts: 1, retrying: true });
      const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        await vi.advanceTimersByTimeAsync(60_000);
        expect(saver.getState().status).toBe('offline');
        expect(patch).toHaveBeenCalledTimes(1);
      } finally {
        offline.mockRestore();
      }
      await saver.flush();
      expect(saver.getState().status).toBe('saved');
    });

    it('after a 409 whose fetched copy is not newer than mine, backs off instead of saving again at once', async () => {
      vi.useFakeTimers();
      const initial = note();
      const patch = vi.fn(async (): Promise<Note> => {
        throw new ApiError('version_conflict', 'Changed elsewhere.', 409);
      });
      const saver = saverFor(heldServer(initial), initial, { patch, fetchLatest: async () => initial, retryDelaysMs: [1_000] });
      saver.change({ title: 'Mine' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(patch).toHaveBeenCalledTimes(1);
      expect(saver.getState()).toMatchObject({ status: 'error', failure: { attempts: 1, retrying: true } });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(patch).toHaveBeenCalledTimes(2);
    });

    it('retries again once resumed after dispose (StrictMode unmounts and mounts the screen again)', async () => {
      vi.useFakeTimers();
      const initial = note();
      const patch = failingPatch(initial, 503, 1);
      const saver = saverFor(heldServer(initial), initial, { patch, retryDelaysMs: [1_000] });
      saver.dispose();
      saver.resume();
      saver.change({ title: 'Retried' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(patch).toHaveBeenCalledTimes(2);
      expect(saver.getState().status).toBe('saved');
    });

    it('reschedules a retry stopped by dispose when resumed', async () => {
      vi.useFakeTimers();
      const initial = note();
      const patch = failingPatch(initial, 503, 1);
      const saver = saverFor(heldServer(initial), initial, { patch, retryDelaysMs: [1_000] });
      saver.change({ title: 'Retried' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(0);
      saver.dispose();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(patch).toHaveBeenCalledTimes(1);
      saver.resume();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(patch).toHaveBeenCalledTimes(2);
    });
  });

  describe('discard (the record was deleted)', () => {
    it('drops the unsaved work and saves nothing any more, not even a failure of the save on its way', async () => {
      const initial = note();
      const server = heldServer(initial);
      const saver = saverFor(server, initial);
      saver.change({ title: 'Mine' }, { immediate: true });
      saver.discard();
      expect(saver.hasUnsavedWork()).toBe(false);
      expect(saver.storedDraft()).toBeUndefined();
      saver.change({ body: 'After the delete' }, { immediate: true });
      await saver.flush();
      server.held[0]!.fail(new ApiError('not_found', 'Gone.', 404));
      await server.settle();
      expect(server.patch).toHaveBeenCalledTimes(1);
      expect(saver.hasUnsavedWork()).toBe(false);
      expect(saver.getState().status).toBe('idle');
    });
  });

  describe('unsaved work kept across a reload', () => {
    it('lays edits made before the restore on top of the kept ones', () => {
      const initial = note();
      const server = heldServer(initial);
      const saver = saverFor(server, initial);
      saver.change({ title: 'Typed before the restore' });
      saver.restore({ base: initial, changes: { title: 'Kept title', body: 'Kept body' } });
      expect(saver.getState().draft).toMatchObject({ title: 'Typed before the restore', body: 'Kept body' });
    });

    it('has no stored draft when nothing is unsaved', () => {
      const saver = saverFor(heldServer(note()), note());
      expect(saver.storedDraft()).toBeUndefined();
      saver.change({ title: 'Edited' });
      expect(saver.storedDraft()).toEqual({ base: note(), changes: { title: 'Edited' } });
    });

    it('restores the stored changes on the same version and saves them', () => {
      const initial = note();
      const server = heldServer(initial);
      const saver = saverFor(server, initial);
      saver.restore({ base: initial, changes: { body: 'Typed offline' } });
      expect(saver.getState().draft.body).toBe('Typed offline');
      expect(server.held[0]!.body).toEqual({ version: 3, body: 'Typed offline' });
    });

    it('merges a newer server copy into the restored changes, three-way', () => {
      const stored = note();
      const server = heldServer(stored);
      const newer = server.saveElsewhere({ title: 'Renamed elsewhere' });
      const saver = saverFor(server, newer);
      saver.restore({ base: stored, changes: { body: 'Typed offline' } });
      expect(saver.getState()).toMatchObject({ base: { version: 4 }, draft: { title: 'Renamed elsewhere', body: 'Typed offline' } });
      expect(server.held[0]!.body).toEqual({ version: 4, body: 'Typed offline' });
    });

    it('shows a conflict when the server copy changed the same field', () => {
      const stored = note();
      const server = heldServer(stored);
      const newer = server.saveElsewhere({ body: 'Theirs' });
      const saver = saverFor(server, newer);
      saver.restore({ base: stored, changes: { body: 'Mine, offline' } });
      expect(saver.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['body'], mine: { body: 'Mine, offline' } } });
      expect(server.patch).not.toHaveBeenCalled();
    });

    it('keeps an open conflict across the reload', () => {
      const initial = note();
      const server = heldServer(initial);
      const first = saverFor(server, initial);
      first.change({ body: 'Mine' });
      first.remoteChanged(server.saveElsewhere({ body: 'Theirs' }));
      const stored = first.storedDraft()!;
      const second = saverFor(server, server.latest());
      second.restore(stored);
      expect(second.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['body'], mine: { body: 'Mine' } } });
      second.resolveConflict('mine', second.getState().conflict!.theirs.version);
      expect(server.held[0]!.body).toEqual({ version: 4, body: 'Mine' });
    });

    it('ends saved when the save of restored changes meets a copy that already holds them (the keepalive save landed)', async () => {
      const stored = note();
      const server = heldServer(stored);
      const saver = saverFor(server, stored);
      saver.restore({ base: stored, changes: { body: 'Sent as the page went' } });
      server.saveElsewhere({ body: 'Sent as the page went' });
      server.held[0]!.answer();
      await server.settle();
      expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 4 } });
      expect(saver.hasUnsavedWork()).toBe(false);
      expect(server.patch).toHaveBeenCalledTimes(1);
    });

    it('drops stored changes the server already has (a save that landed before the reload)', () => {
      const stored = note();
      const server = heldServer(stored);
      const saved = server.saveElsewhere({ body: 'Saved as the page went' });
      const saver = saverFor(server, saved);
      saver.restore({ base: stored, changes: { body: 'Saved as the page went' } });
      expect(saver.hasUnsavedWork()).toBe(false);
      expect(saver.getState().status).toBe('saved');
      expect(server.patch).not.toHaveBeenCalled();
    });
  });
});
