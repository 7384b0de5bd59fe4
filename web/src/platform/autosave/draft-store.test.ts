import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDrafts, createDraftWriter, draftKey, readDraft } from './draft-store';
import type { StoredDraft } from './record-saver';

interface Note {
  id: string;
  version: number;
  body: string;
}
type NoteDraft = { body: string };

const base: Note = { id: 'n-1', version: 3, body: 'Before' };
const key = draftKey('user-1', 'patient', 'n-1');

afterEach(() => clearDrafts());

describe('the draft store', () => {
  it('keys drafts by user, record kind and id', () => {
    expect(draftKey('user-1', 'patient', 'p-9')).toBe('user-1/patient/p-9');
    expect(draftKey('user-2', 'patient', 'p-9')).not.toBe(draftKey('user-1', 'patient', 'p-9'));
    expect(draftKey('user-1', 'resource', 'p-9')).not.toBe(draftKey('user-1', 'patient', 'p-9'));
  });

  it('writes a burst of changes once, after the delay, as the last state', async () => {
    let current: StoredDraft<Note, NoteDraft> | undefined = { base, changes: { body: 'T' } };
    const writer = createDraftWriter(key, () => current, 30);
    writer.schedule();
    current = { base, changes: { body: 'Typed' } };
    writer.schedule();
    expect(writer.isWritten()).toBe(false);
    expect(await readDraft(key)).toBeUndefined();
    await expect.poll(() => readDraft(key)).toEqual({ base, changes: { body: 'Typed' } });
    await expect.poll(() => writer.isWritten()).toBe(true);
  });

  it('writes at once on flush (the page is hidden), and deletes the entry once nothing is unsaved', async () => {
    let current: StoredDraft<Note, NoteDraft> | undefined = { base, changes: { body: 'Offline edit' } };
    const writer = createDraftWriter(key, () => current, 60_000);
    writer.schedule();
    await writer.flush();
    expect(await readDraft(key)).toEqual({ base, changes: { body: 'Offline edit' } });
    current = undefined;
    await writer.flush();
    expect(await readDraft(key)).toBeUndefined();
    writer.dispose();
  });

  it('says a draft whose write failed is not kept, until a later write lands', async () => {
    const failedWrite = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A function cannot be stored in IndexedDB: its write fails as a full disk's would.
    let current: StoredDraft<Note, NoteDraft> = { base, changes: { body: (() => 'x') as unknown as string } };
    const writer = createDraftWriter(key, () => current, 60_000);
    expect(await writer.flush()).toBe(false);
    expect(writer.isWritten()).toBe(false);
    expect(failedWrite).toHaveBeenCalledWith('The unsaved edits could not be kept on this device', expect.anything());
    current = { base, changes: { body: 'Typed' } };
    expect(await writer.flush()).toBe(true);
    expect(writer.isWritten()).toBe(true);
    failedWrite.mockRestore();
  });

  it('keeps an open conflict with the draft', async () => {
    const conflict = { fields: ['body' as const], mine: { body: 'Mine' }, theirs: { ...base, version: 4, body: 'Theirs' } };
    const writer = createDraftWriter<Note, NoteDraft>(key, () => ({ base: conflict.theirs, changes: {}, conflict }));
    await writer.flush();
    expect(await readDraft(key)).toEqual({ base: conflict.theirs, changes: {}, conflict });
  });

  it("clears every user's drafts, and no writer made before puts one back", async () => {
    const other = draftKey('user-2', 'resource', 'r-1');
    const writer = createDraftWriter(key, () => ({ base, changes: { body: 'A' } }));
    await writer.flush();
    await createDraftWriter(other, () => ({ base, changes: { body: 'B' } })).flush();
    await clearDrafts();
    expect(await readDraft(key)).toBeUndefined();
    expect(await readDraft(other)).toBeUndefined();
    await writer.flush(); // a save that finished after the sign-out
    expect(await readDraft(key)).toBeUndefined();
  });

  describe('as the page goes', () => {
    const writeAheads = () => Object.keys(localStorage).filter((name) => name.startsWith('chartside-draft-ahead:'));
    /** The draft store as the next page (a reload) sees it: a fresh module, the same IndexedDB and localStorage. */
    const nextPage = async () => {
      vi.resetModules();
      return import('./draft-store');
    };
    /**
     * The page goes with `last` unsaved after `before` was written, and its IndexedDB write of `last` never lands: what is
     * left on the device is `before` in IndexedDB and the write-ahead.
     */
    const pageGoesWithoutItsWrite = async (before: StoredDraft<Note, NoteDraft>, last: StoredDraft<Note, NoteDraft> | undefined) => {
      let current: StoredDraft<Note, NoteDraft> | undefined = before;
      const writer = createDraftWriter<Note, NoteDraft>(key, () => current, 60_000);
      await writer.flush();
      current = last;
      writer.schedule();
      writer.keepAsPageGoes();
      const left = Object.fromEntries(writeAheads().map((name) => [name, localStorage.getItem(name)!]));
      await writer.flush();
      await set(key, before, createStore('chartside-drafts', 'drafts'));
      for (const [name, value] of Object.entries(left)) localStorage.setItem(name, value);
    };

    it('keeps a draft not written yet in localStorage at once, and drops it once IndexedDB holds it', async () => {
      const writer = createDraftWriter<Note, NoteDraft>(key, () => ({ base, changes: { body: 'Typed at the reload' } }), 60_000);
      writer.schedule();
      writer.keepAsPageGoes();
      expect(writeAheads()).toHaveLength(1);
      expect(localStorage.getItem(writeAheads()[0]!)).toContain('Typed at the reload');
      await writer.flush();
      expect(await readDraft(key)).toEqual({ base, changes: { body: 'Typed at the reload' } });
      expect(writeAheads()).toEqual([]);
    });

    it('lets the next page read what was typed when the IndexedDB write never landed', async () => {
      await pageGoesWithoutItsWrite({ base, changes: { body: 'Written before' } }, { base, changes: { body: 'Typed just before the reload' } });
      const next = await nextPage();
      expect(await next.readDraft(key)).toEqual({ base, changes: { body: 'Typed just before the reload' } });
      // Moved into IndexedDB: the page after that reads it there.
      expect(writeAheads()).toEqual([]);
      expect(await (await nextPage()).readDraft(key)).toEqual({ base, changes: { body: 'Typed just before the reload' } });
    });

    it('deletes a kept draft whose deletion never landed (its record was saved just before the page went)', async () => {
      await pageGoesWithoutItsWrite({ base, changes: { body: 'Saved just before the reload' } }, undefined);
      expect(await (await nextPage()).countStoredDrafts('user-1')).toBe(0);
      expect(await readDraft(key)).toBeUndefined();
    });

    it('drops an unreadable write-ahead and reads what IndexedDB holds', async () => {
      await createDraftWriter<Note, NoteDraft>(key, () => ({ base, changes: { body: 'Kept' } })).flush();
      localStorage.setItem(`chartside-draft-ahead:${key}`, '{"page": "cut off by a full dis');
      expect(await (await nextPage()).readDraft(key)).toEqual({ base, changes: { body: 'Kept' } });
      expect(writeAheads()).toEqual([]);
    });

    it('writes nothing ahead when IndexedDB already holds the draft', async () => {
      const writer = createDraftWriter<Note, NoteDraft>(key, () => ({ base, changes: { body: 'Kept' } }), 60_000);
      await writer.flush();
      writer.keepAsPageGoes();
      expect(writeAheads()).toEqual([]);
    });

    it('clears the write-aheads with the drafts, and none is written after', async () => {
      const writer = createDraftWriter<Note, NoteDraft>(key, () => ({ base, changes: { body: 'Patient data' } }), 60_000);
      writer.schedule();
      writer.keepAsPageGoes();
      await clearDrafts();
      expect(writeAheads()).toEqual([]);
      writer.schedule();
      writer.keepAsPageGoes();
      expect(writeAheads()).toEqual([]);
      expect(await (await nextPage()).readDraft(key)).toBeUndefined();
    });
  });
});
