// The user's resources. The head item (sk RESOURCE#{id}) holds what lists show plus `tags` and `version`, which the tag
// manager reads and rewrites in place; the large part (files, sections, highlights, article) is one body part beside it, split over items
// (see versioned-record-store.ts).
import { AppError, Resource, ResourceSummary, defaultResourceFields } from '@chartside/shared';
import { keys, type Table } from './table';
import { VersionedRecordStore, queryUnder, type RecordLayout } from './versioned-record-store';

/** What a list reads of each head. */
const headAttributes = Object.keys(ResourceSummary.shape);

/** What a head written before resources had every attribute (or by a test, with only tags and a version) reads as. */
const missingAttributes = () => ({ ...defaultResourceFields(), clicks: 0, version: 0, createdAt: new Date(0).toISOString(), updatedAt: new Date(0).toISOString() });

const layout: RecordLayout<Resource, 'files' | 'textSections' | 'article' | 'pdfHighlights' | 'articleNotes'> = {
  noun: 'resource',
  headPrefix: keys.resource(''),
  bodyFields: ['files', 'textSections', 'article', 'pdfHighlights', 'articleNotes'],
  schema: Resource,
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

export class ResourceRepository {
  private readonly store: VersionedRecordStore<Resource, (typeof layout.bodyFields)[number]>;

  constructor(private readonly table: Table) {
    this.store = new VersionedRecordStore(table, layout);
  }

  /** Every resource of the user as a summary, newest first; bodies are not read. */
  async list(userId: string): Promise<ResourceSummary[]> {
    const names = Object.fromEntries(headAttributes.map((attribute, i) => [`#a${i}`, attribute]));
    const items = await queryUnder(this.table, userId, keys.resource(''), { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names });
    return items.map(toSummary).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** The whole resource, read consistently (the search indexer reads it this way too); undefined when it is not the user's. */
  async get(userId: string, resourceId: string): Promise<Resource | undefined> {
    return (await this.store.read(userId, resourceId))?.record;
  }

  async create(userId: string, resource: Resource): Promise<void> {
    await this.store.create(userId, resource);
  }

  /**
   * Applies `change` to the resource if it is still at `expectedVersion`: 404 when missing, 409 when another write came
   * first. The result is stored with the version bumped; returns the resource before and after.
   */
  async update(userId: string, resourceId: string, expectedVersion: number, change: (current: Resource) => Resource | Promise<Resource>) {
    return this.store.update(userId, resourceId, expectedVersion, change);
  }

  /** Deletes the resource and its body; returns what was deleted, or undefined when it was not there. */
  async remove(userId: string, resourceId: string): Promise<Resource | undefined> {
    return this.store.remove(userId, resourceId);
  }
}
