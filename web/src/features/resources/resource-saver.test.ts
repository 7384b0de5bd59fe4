import type { Resource, ResourcePatch, TextSection } from '@chartside/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/api/api-error';
import { resourceFixture } from './resource-fixtures';
import { createResourceSaver } from './resource-saver';

// The engine itself is tested in platform/autosave/record-saver.test.ts; these are the resource's own rules.
const T0 = '2025-02-01T10:00:00.000Z';
const section = (id: string, title: string): TextSection => ({ id, title, deltaString: '', editing: false, createdAt: T0, updatedAt: T0 });

const saverFor = (initial: Resource) => {
  const patch = vi.fn((body: ResourcePatch) => new Promise<Resource>(() => void body));
  const saver = createResourceSaver({ initial, patch, fetchLatest: async () => initial, onServerCopy: vi.fn(), delayMs: 10_000 });
  return { saver, patch };
};

describe('the resource saver', () => {
  it('never saves a blank name, but saves the other changes made with it', () => {
    const { saver, patch } = saverFor(resourceFixture());
    saver.change({ name: '   ', description: 'Kept' }, { immediate: true });
    expect(patch).toHaveBeenCalledWith({ version: 3, description: 'Kept' }, expect.anything(), expect.anything());
    expect(saver.unsavedChanges()).toEqual({ description: 'Kept' });
  });

  it('merges sections by id: two devices editing different sections both keep their edit', () => {
    const initial = resourceFixture({ textSections: [section('a', 'Indications'), section('b', 'Dosing')] });
    const { saver, patch } = saverFor(initial);
    saver.change({ textSections: [section('a', 'Indications (mine)'), section('b', 'Dosing')] });
    saver.remoteChanged({ ...initial, version: 4, textSections: [section('a', 'Indications'), section('b', 'Dosing (theirs)')] });
    expect(saver.getState().conflict).toBeUndefined();
    expect(patch).toHaveBeenCalledWith({ version: 4, textSections: [section('a', 'Indications (mine)'), section('b', 'Dosing (theirs)')] }, expect.anything(), expect.anything());
  });

  it('retries a failed save by itself, as every record does', async () => {
    vi.useFakeTimers();
    try {
      const initial = resourceFixture();
      let failuresLeft = 1;
      const patch = vi.fn(async (body: ResourcePatch): Promise<Resource> => {
        if (failuresLeft-- > 0) throw new ApiError('internal', 'The service is busy.', 503);
        return { ...initial, ...body, version: initial.version + 1 };
      });
      const saver = createResourceSaver({ initial, patch, fetchLatest: async () => initial, onServerCopy: vi.fn(), delayMs: 10_000 });
      saver.change({ description: 'Retried' }, { immediate: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(saver.getState()).toMatchObject({ status: 'error', failure: { attempts: 1, retrying: true } });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(patch).toHaveBeenCalledTimes(2);
      expect(saver.getState()).toMatchObject({ status: 'saved', base: { description: 'Retried' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('still asks when both devices changed the same section', () => {
    const initial = resourceFixture({ textSections: [section('a', 'Indications')] });
    const { saver } = saverFor(initial);
    saver.change({ textSections: [section('a', 'Mine')] });
    saver.remoteChanged({ ...initial, version: 4, textSections: [section('a', 'Theirs')] });
    expect(saver.getState()).toMatchObject({ status: 'conflict', conflict: { fields: ['textSections'] } });
  });
});
