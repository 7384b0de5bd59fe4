// The retry paths of a tag change, with repositories that lose a race on purpose (no table is reached).
import { defaultUserFields, versionConflict, type UserDocument, type UserDocumentPatch } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { TaggedItemRepository, type TaggedItem } from '../data/tagged-item-repository';
import { UserRepository } from '../data/user-repository';
import { documentTable } from '../adapters/aws/dynamodb';
import { systemClock } from '../ports/clock';
import { deleteTagEverywhere, renameTagEverywhere } from './tag-service';

const table = documentTable('unreachable', { endpoint: 'http://127.0.0.1:9', region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
const now = new Date().toISOString();
const baseDocument: UserDocument = { ...defaultUserFields(), userId: 'u', email: 'u@example.org', version: 1, createdAt: now, updatedAt: now };

/** Items in memory; the first write to each item loses to a concurrent edit that adds a tag. */
class RacingItems extends TaggedItemRepository {
  readonly items = new Map<string, TaggedItem>();
  private readonly raced = new Set<string>();
  constructor(items: TaggedItem[]) {
    super(table);
    for (const i of items) this.items.set(i.sk, i);
  }
  override async list(_userId: string, _kind: 'resource' | 'patient', carrying?: string) {
    return [...this.items.values()].filter((i) => carrying === undefined || i.tags.includes(carrying));
  }
  override async get(_userId: string, sk: string) {
    return this.items.get(sk);
  }
  override async replaceTags(_userId: string, item: TaggedItem, tags: string[]) {
    const stored = this.items.get(item.sk)!;
    if (!this.raced.has(item.sk)) {
      this.raced.add(item.sk);
      this.items.set(item.sk, { ...stored, tags: [...stored.tags, 'Added Elsewhere'], version: (stored.version ?? 0) + 1 });
      return false;
    }
    if (stored.version !== item.version) return false;
    this.items.set(item.sk, { sk: item.sk, tags, version: (item.version ?? 0) + 1 });
    return true;
  }
}

/** The user document in memory; the first patch loses to a write from another tab. */
class RacingUsers extends UserRepository {
  document: UserDocument;
  private raced = false;
  constructor(document: UserDocument) {
    super(table, systemClock);
    this.document = document;
  }
  override async get() {
    return this.document;
  }
  override async patch(_userId: string, patch: UserDocumentPatch) {
    if (!this.raced) {
      this.raced = true;
      this.document = { ...this.document, version: this.document.version + 1, attendings: ['Dr Elsewhere'] };
    }
    if (patch.version !== this.document.version) throw versionConflict('Your settings');
    const { version: _v, ...fields } = patch;
    this.document = { ...this.document, ...fields, version: this.document.version + 1 };
    return this.document;
  }
}

describe('tag changes under concurrent edits', () => {
  it('re-reads an item that changed meanwhile and keeps the other edit', async () => {
    const items = new RacingItems([{ sk: 'RESOURCE#1', tags: ['Heart'], version: 2 }]);
    const users = new RacingUsers({ ...baseDocument, resourceTags: ['Heart'] });
    const result = await renameTagEverywhere({ users, taggedItems: items }, users.document, 'resource', 'Heart', 'Cardio');
    expect(result.itemsChanged).toBe(1);
    expect(items.items.get('RESOURCE#1')).toEqual({ sk: 'RESOURCE#1', tags: ['Cardio', 'Added Elsewhere'], version: 4 });
  });

  it("re-reads the user document on a version conflict and keeps the other tab's change", async () => {
    const users = new RacingUsers({ ...baseDocument, patientTags: ['Icu'], panelTags: ['Icu'], panelTagsSelected: [] });
    const result = await deleteTagEverywhere({ users, taggedItems: new RacingItems([]) }, users.document, 'patient', 'Icu');
    expect(result.document).toMatchObject({ patientTags: [], panelTags: [], attendings: ['Dr Elsewhere'], version: 3 });
  });
});
