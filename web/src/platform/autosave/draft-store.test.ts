import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
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
});
