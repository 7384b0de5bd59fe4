import type { Resource, ResourcePatch, TextSection } from '@chartside/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/api/api-error';
import { resourceFixture } from './resource-fixtures';
import { ResourceSaver } from './resource-saver';

/** A server that holds each PATCH until the test answers it, checking versions as the real one does. */
function heldServer(initial: Resource) {
  let current = initial;
  const held: { body: ResourcePatch; answer: () => void }[] = [];
  const patch = vi.fn(
    (body: ResourcePatch) =>
      new Promise<Resource>((resolve, reject) => {
        held.push({
          body,
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
    saveElsewhere: (changes: Partial<Resource>) => (current = { ...current, ...changes, version: current.version + 1 }),
    /** Lets the microtasks after an answer run. */
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

const saverFor = (server: ReturnType<typeof heldServer>, initial: Resource) =>
  new ResourceSaver({ initial, patch: server.patch, fetchLatest: async () => server.latest(), onServerCopy: vi.fn(), delayMs: 10_000 });

describe('ResourceSaver', () => {
  it('runs one save at a time; a change made during a save is saved after it, on the new version', async () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ name: 'First' }, { immediate: true });
    saver.change({ description: 'Typed during the save' }, { immediate: true });
    expect(server.patch).toHaveBeenCalledTimes(1);
    server.held[0]!.answer();
    await server.settle();
    expect(server.patch).toHaveBeenCalledTimes(2);
    expect(server.held[1]!.body).toEqual({ version: 4, description: 'Typed during the save' });
    server.held[1]!.answer();
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5, name: 'First', description: 'Typed during the save' } });
  });

  it('waits for the autosave delay unless told to save at once', () => {
    vi.useFakeTimers();
    try {
      const initial = resourceFixture();
      const server = heldServer(initial);
      const saver = saverFor(server, initial);
      saver.change({ name: 'A' });
      saver.change({ name: 'AB' });
      expect(server.patch).not.toHaveBeenCalled();
      expect(saver.getState().status).toBe('pending');
      vi.advanceTimersByTime(10_000);
      expect(server.patch).toHaveBeenCalledTimes(1);
      expect(server.held[0]!.body).toEqual({ version: 3, name: 'AB' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes the server's normalized value for a field sent and not edited since", async () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ tags: ['icu'] }, { immediate: true });
    server.held[0]!.answer();
    await server.settle();
    expect(saver.getState().draft.tags).toEqual(['ICU']);
    expect(saver.unsavedChanges()).toEqual({});
  });

  it('merges a newer copy pushed while nothing is unsaved, and keeps unsaved edits to other fields', async () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.remoteChanged(server.saveElsewhere({ link: 'https://a.org' }));
    expect(saver.getState().draft.link).toBe('https://a.org');
    saver.change({ name: 'Mine' });
    saver.remoteChanged(server.saveElsewhere({ description: 'Theirs' }));
    expect(saver.getState().draft).toMatchObject({ name: 'Mine', description: 'Theirs', link: 'https://a.org' });
    expect(server.held.at(-1)?.body).toEqual({ version: 5, name: 'Mine' });
  });

  it('keeps a conflict open until the user chooses, then saves the choice', async () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ name: 'Mine', link: 'https://mine.org' });
    saver.remoteChanged(server.saveElsewhere({ name: 'Theirs' }));
    expect(saver.getState().conflict).toMatchObject({ fields: ['name'], mine: { name: 'Mine' } });
    await saver.flush();
    expect(server.patch).not.toHaveBeenCalled();
    saver.resolveConflict('mine');
    expect(server.held[0]!.body).toEqual({ version: 4, name: 'Mine', link: 'https://mine.org' });
  });

  it('reports a failed save and keeps the edit for a retry', async () => {
    const initial = resourceFixture();
    const saver = new ResourceSaver({
      initial,
      patch: async () => {
        throw new ApiError('network_error', 'Chartside could not reach the server.', 0);
      },
      fetchLatest: async () => initial,
      onServerCopy: vi.fn(),
    });
    saver.change({ favorite: true }, { immediate: true });
    await saver.flush();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saver.getState()).toMatchObject({ status: 'error', error: 'Chartside could not reach the server.', draft: { favorite: true } });
    expect(saver.unsavedChanges()).toEqual({ favorite: true });
  });

  it('on a 409 fetches the latest copy, merges it and saves my change on top of it', async () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const onServerCopy = vi.fn();
    const saver = new ResourceSaver({ initial, patch: server.patch, fetchLatest: async () => server.latest(), onServerCopy, delayMs: 10_000 });
    saver.change({ name: 'Mine' }, { immediate: true });
    server.saveElsewhere({ description: 'Theirs' });
    server.held[0]!.answer();
    await server.settle();
    expect(onServerCopy).toHaveBeenCalledWith(expect.objectContaining({ version: 4, description: 'Theirs' }), {});
    expect(server.held[1]!.body).toEqual({ version: 4, name: 'Mine' });
    server.held[1]!.answer();
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5, name: 'Mine', description: 'Theirs' } });
  });

  it('drops a copy pushed during a save when the save brought a newer one', async () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ name: 'Mine' }, { immediate: true });
    saver.remoteChanged(server.saveElsewhere({ description: 'Older' }));
    server.saveElsewhere({ description: 'Newer' });
    server.held[0]!.answer(); // 409: the latest (version 5) is fetched and merged
    await server.settle();
    expect(saver.getState()).toMatchObject({ base: { version: 5, description: 'Newer' }, draft: { name: 'Mine', description: 'Newer' } });
    expect(server.held[1]!.body).toEqual({ version: 5, name: 'Mine' });
  });

  it('merges a copy pushed during a save after it, when it is newer than the save', async () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ name: 'Mine' }, { immediate: true });
    server.held[0]!.answer();
    const pushed = { ...server.latest(), description: 'Theirs', version: 5 };
    saver.remoteChanged(pushed);
    await server.settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { version: 5 }, draft: { name: 'Mine', description: 'Theirs' } });
  });

  it('merges sections by id: two devices editing different sections both keep their edit', async () => {
    const T0 = '2025-02-01T10:00:00.000Z';
    const section = (id: string, title: string): TextSection => ({ id, title, deltaString: '', editing: false, createdAt: T0, updatedAt: T0 });
    const initial = resourceFixture({ textSections: [section('a', 'Indications'), section('b', 'Dosing')] });
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ textSections: [section('a', 'Indications (mine)'), section('b', 'Dosing')] });
    saver.remoteChanged(server.saveElsewhere({ textSections: [section('a', 'Indications'), section('b', 'Dosing (theirs)'), section('c', 'New')] }));
    expect(saver.getState().conflict).toBeUndefined();
    const merged = [section('a', 'Indications (mine)'), section('b', 'Dosing (theirs)'), section('c', 'New')];
    expect(saver.getState().draft.textSections).toEqual(merged);
    expect(server.held[0]!.body).toEqual({ version: 4, textSections: merged });
  });

  it('still asks when both devices changed the same section', () => {
    const T0 = '2025-02-01T10:00:00.000Z';
    const section = (id: string, title: string): TextSection => ({ id, title, deltaString: '', editing: false, createdAt: T0, updatedAt: T0 });
    const initial = resourceFixture({ textSections: [section('a', 'Indications')] });
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ textSections: [section('a', 'Mine')] });
    saver.remoteChanged(server.saveElsewhere({ textSections: [section('a', 'Theirs')] }));
    expect(saver.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['textSections'] } });
  });

  it('treats a save with no answer in time as failed, keeps the edit and saves it on retry', async () => {
    const initial = resourceFixture();
    let answer = false;
    const patch = vi.fn((body: ResourcePatch, { signal }: { signal: AbortSignal }) =>
      answer
        ? Promise.resolve({ ...initial, ...body, version: initial.version + 1 })
        : new Promise<Resource>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
    );
    const saver = new ResourceSaver({ initial, patch, fetchLatest: async () => initial, onServerCopy: vi.fn(), requestTimeoutMs: 20 });
    saver.change({ favorite: true }, { immediate: true });
    await vi.waitFor(() => expect(saver.getState().status).toBe('error'));
    expect(saver.getState()).toMatchObject({ error: 'The server did not answer in time.', draft: { favorite: true } });
    expect(saver.hasUnsavedWork()).toBe(true);
    answer = true;
    await saver.retry();
    expect(saver.getState()).toMatchObject({ status: 'saved', base: { favorite: true, version: 4 } });
    expect(saver.hasUnsavedWork()).toBe(false);
  });

  it('sends the save with keepalive when asked (the page is going away)', () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ name: 'Before closing' });
    void saver.flush({ keepalive: true });
    expect(server.patch).toHaveBeenCalledWith({ version: 3, name: 'Before closing' }, expect.objectContaining({ keepalive: true, signal: expect.any(AbortSignal) }));
  });

  it('sends a save too big for keepalive as a plain request', () => {
    const initial = resourceFixture();
    const server = heldServer(initial);
    const saver = saverFor(server, initial);
    saver.change({ description: 'x'.repeat(70_000) });
    void saver.flush({ keepalive: true });
    expect(server.patch).toHaveBeenCalledWith(expect.anything(), { signal: expect.any(AbortSignal) });
  });
});
