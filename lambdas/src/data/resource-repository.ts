// The user's resources. The head item (sk RESOURCE#{id}) holds what lists show plus `tags` and `version`, which the tag
// manager reads and rewrites in place; the large part (files, sections, highlights, article) is one body part beside it, split over items
// (see versioned-record-store.ts). An encrypted resource keeps its description, sections and highlights sealed in one
// envelope-encrypted body field (`sealed`), bound to its user and id; only name, tags, link, article and file entries
// stay readable in the table, and its stream.
import { AppError, Resource, ResourceSummary, defaultResourceFields } from '@chartside/shared';
import * as z from 'zod';
import type { EnvelopeCipher } from '../ports/envelope-cipher';
import { keys, type Table } from './table';
import { VersionedRecordStore, queryUnder, type RecordLayout } from './versioned-record-store';

/** What a list reads of each head. */
const headAttributes = Object.keys(ResourceSummary.shape);

/** What a head written before resources had every attribute (or by a test, with only tags and a version) reads as. */
const missingAttributes = () => ({ ...defaultResourceFields(), clicks: 0, version: 0, createdAt: new Date(0).toISOString(), updatedAt: new Date(0).toISOString() });

/** What an encrypted resource seals. */
const SealedFields = Resource.pick({ description: true, textSections: true, pdfHighlights: true, articleNotes: true });
type SealedFields = z.infer<typeof SealedFields>;
const clearedFields = (): SealedFields => ({ description: '', textSections: [], pdfHighlights: {}, articleNotes: [] });

/** A resource as stored: an encrypted one with its sealed fields cleared and their ciphertext (base64) in `sealed`. */
const StoredResource = Resource.extend({ sealed: z.string().optional() });
type StoredResource = z.infer<typeof StoredResource>;

const layout: RecordLayout<StoredResource, 'files' | 'textSections' | 'article' | 'pdfHighlights' | 'articleNotes' | 'sealed'> = {
  noun: 'resource',
  headPrefix: keys.resource(''),
  bodyFields: ['files', 'textSections', 'article', 'pdfHighlights', 'articleNotes', 'sealed'],
  schema: StoredResource,
  missingAttributes,
  // Lists show how many files and sections a resource has without reading its body.
  listOnlyAttributes: { fileCount: (resource) => resource.files.length, sectionCount: (resource) => resource.textSections.length },
  // Only a huge tag list or description could get near the item limit.
  headTooLarge: () =>
    new AppError('payload_too_large', 'The name, description, link and tags of this resource are too long to save. Remove some tags or shorten the description.'),
};

/** A summary from a head item; attributes an older item lacks read as their defaults. */
const toSummary = (item: Record<string, unknown>): ResourceSummary => {
  const withDefaults: Record<string, unknown> = { ...missingAttributes(), fileCount: 0, sectionCount: 0, ...item };
  return ResourceSummary.parse(Object.fromEntries(headAttributes.map((key) => [key, withDefaults[key]])));
};

/** The stored form without its ciphertext: an encrypted resource's clear parts only. */
const clearPartsOf = ({ sealed: _sealed, ...resource }: StoredResource): Resource => resource;

/**
 * With a cipher, reads decrypt and writes encrypt. Without one (the search indexer, which must never see sealed text),
 * an encrypted resource reads as its clear parts only, and writing one is refused.
 */
export class ResourceRepository {
  private readonly store: VersionedRecordStore<StoredResource, (typeof layout.bodyFields)[number]>;

  constructor(
    private readonly table: Table,
    private readonly cipher?: EnvelopeCipher,
  ) {
    this.store = new VersionedRecordStore(table, layout);
  }

  private async seal(userId: string, resource: Resource): Promise<StoredResource> {
    if (!resource.encrypted) return resource;
    if (!this.cipher) throw new Error('This resource repository has no cipher: it cannot write an encrypted resource.');
    const fields: SealedFields = { description: resource.description, textSections: resource.textSections, pdfHighlights: resource.pdfHighlights, articleNotes: resource.articleNotes };
    const ciphertext = await this.cipher.encrypt(new TextEncoder().encode(JSON.stringify(fields)), { userId, itemId: resource.id });
    return { ...resource, ...clearedFields(), sealed: Buffer.from(ciphertext).toString('base64') };
  }

  private async open(userId: string, stored: StoredResource): Promise<Resource> {
    if (stored.sealed === undefined || !this.cipher) return clearPartsOf(stored);
    const { plaintext } = await this.cipher.decrypt(Buffer.from(stored.sealed, 'base64'), { userId, itemId: stored.id });
    return { ...clearPartsOf(stored), ...SealedFields.parse(JSON.parse(new TextDecoder().decode(plaintext))) };
  }

  /** Every resource of the user as a summary, newest first; bodies are not read. */
  async list(userId: string): Promise<ResourceSummary[]> {
    const names = Object.fromEntries(headAttributes.map((attribute, i) => [`#a${i}`, attribute]));
    const items = await queryUnder(this.table, userId, keys.resource(''), { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names });
    return items.map(toSummary).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** The whole resource, read consistently (the search indexer reads it this way too); undefined when it is not the user's. */
  async get(userId: string, resourceId: string): Promise<Resource | undefined> {
    const stored = (await this.store.read(userId, resourceId))?.record;
    return stored && this.open(userId, stored);
  }

  /** Whether the user has this resource (its head alone is read). */
  async exists(userId: string, resourceId: string): Promise<boolean> {
    return (await this.store.readVersion(userId, resourceId)) !== undefined;
  }

  async create(userId: string, resource: Resource): Promise<void> {
    await this.store.create(userId, await this.seal(userId, resource));
  }

  /**
   * Applies `change` to the resource if it is still at `expectedVersion`: 404 when missing, 409 when another write came
   * first. The result is stored with the version bumped; returns the resource before and after.
   */
  async update(
    userId: string,
    resourceId: string,
    expectedVersion: number,
    change: (current: Resource) => Resource | Promise<Resource>,
  ): Promise<{ before: Resource; after: Resource }> {
    let opened: { before: Resource; after: Resource } | undefined;
    // Sealed or opened again with every write, so turning encryption on or off rewrites the fields in their new form.
    const { after } = await this.store.update(userId, resourceId, expectedVersion, async (stored) => {
      const before = await this.open(userId, stored);
      opened = { before, after: await change(before) };
      return this.seal(userId, opened.after);
    });
    if (!opened) throw new Error('The record store did not apply the change.');
    return { before: opened.before, after: { ...opened.after, id: after.id, version: after.version } };
  }

  /** Deletes the resource and its body; returns its clear parts (its file entries among them), or undefined when it was not there. */
  async remove(userId: string, resourceId: string): Promise<Resource | undefined> {
    const removed = await this.store.remove(userId, resourceId);
    return removed && clearPartsOf(removed);
  }
}
