import type { Resource, ResourcePatch } from '@chartside/shared';
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
});
