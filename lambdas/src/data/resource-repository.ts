// The user's resources. The head item (sk RESOURCE#{id}) holds what lists show plus `tags` and `version`, which the tag
// manager reads and rewrites in place; the large part (files, sections, highlights, article) is a chunked body beside it.
// Every write names the version it was based on and bumps it, so an edit from another device is never overwritten.
import { GetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AppError, Resource, ResourceSummary, defaultResourceFields, notFound, versionConflict } from '@chartside/shared';
import { z } from 'zod';
import { chunkDeletes, chunkWrites, readChunks, type BodyPointer } from './chunked-body';
import { isVersionCheckFailure, keys, type Table } from './table';

/** The fields kept in the chunked body rather than on the head. */
type BodyField = 'files' | 'textSections' | 'article' | 'pdfHighlights' | 'articleNotes';
type Body = Pick<Resource, BodyField>;
type Head = Omit<Resource, BodyField> & { fileCount: number; sectionCount: number } & BodyPointer;

/** What a list reads of each head. */
const headAttributes = Object.keys(ResourceSummary.shape);
/** A head must stay well under DynamoDB's 400 KB item limit; only a huge tag list or description could get near it. */
const MAX_HEAD_BYTES = 350_000;
/** A read that raced a write is tried again this many times. */
const READ_ATTEMPTS = 5;

const Pointer = z.object({ partCount: z.number().int().nonnegative(), bodyVersion: z.number().int().nonnegative() });

const bodyOf = (resource: Resource): Body => ({
  files: resource.files,
  textSections: resource.textSections,
  article: resource.article,
  pdfHighlights: resource.pdfHighlights,
  articleNotes: resource.articleNotes,
});

const headOf = (resource: Resource, pointer: BodyPointer): Head => {
  const { files, textSections, article: _article, pdfHighlights: _pdfHighlights, articleNotes: _articleNotes, ...head } = resource;
  return { ...head, fileCount: files.length, sectionCount: textSections.length, ...pointer };
};

const headSize = (head: Head) => new TextEncoder().encode(JSON.stringify(head)).length;

/** What a head written before resources had every attribute (or by a test, with only tags and a version) reads as. */
const missingAttributes = () => ({ ...defaultResourceFields(), clicks: 0, version: 0, createdAt: new Date(0).toISOString(), updatedAt: new Date(0).toISOString() });

/** A summary from a head item; attributes an older item lacks read as their defaults. */
const toSummary = (item: Record<string, unknown>): ResourceSummary => {
  const withDefaults: Record<string, unknown> = { ...missingAttributes(), fileCount: 0, sectionCount: 0, ...item };
  return ResourceSummary.parse(Object.fromEntries(headAttributes.map((key) => [key, withDefaults[key]])));
};

interface Stored {
  resource: Resource;
  pointer: BodyPointer;
}

export class ResourceRepository {
  constructor(private readonly table: Table) {}

  /** Every resource of the user as a summary, newest first; bodies are not read. */
  async list(userId: string): Promise<ResourceSummary[]> {
    const names = Object.fromEntries(headAttributes.map((attribute, i) => [`#a${i}`, attribute]));
    const input: QueryCommandInput = {
      TableName: this.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.resource('') },
    };
    const summaries: ResourceSummary[] = [];
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      for (const item of page.Items ?? []) summaries.push(toSummary(item));
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** The whole resource, read consistently (the search indexer reads it this way too); undefined when it is not the user's. */
  async get(userId: string, resourceId: string): Promise<Resource | undefined> {
    return (await this.read(userId, resourceId))?.resource;
  }

  async create(userId: string, resource: Resource): Promise<void> {
    await this.write(userId, resource, undefined, true);
  }

  /**
   * Applies `change` to the resource if it is still at `expectedVersion`: 404 when missing, 409 when another write came
   * first. The result is stored with the version bumped; returns the resource before and after.
   */
  async update(userId: string, resourceId: string, expectedVersion: number, change: (current: Resource) => Resource | Promise<Resource>) {
    const stored = await this.read(userId, resourceId);
    if (!stored) throw notFound('That resource');
    if (stored.resource.version !== expectedVersion) throw versionConflict('This resource');
    const after: Resource = { ...(await change(stored.resource)), id: resourceId, version: expectedVersion + 1 };
    const bodyChanged = JSON.stringify(bodyOf(after)) !== JSON.stringify(bodyOf(stored.resource));
    await this.write(userId, after, stored.pointer, bodyChanged);
    return { before: stored.resource, after };
  }

  /** Deletes the resource and its body; returns what was deleted, or undefined when it was not there. */
  async remove(userId: string, resourceId: string): Promise<Resource | undefined> {
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const stored = await this.read(userId, resourceId);
      if (!stored) return undefined;
      const pk = keys.user(userId);
      const sk = keys.resource(resourceId);
      try {
        await this.table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: this.table.name,
                  Key: { pk, sk },
                  ConditionExpression: '#version = :version',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': stored.resource.version },
                },
              },
              ...chunkDeletes(this.table, pk, sk, stored.pointer.partCount),
            ],
          }),
        );
        return stored.resource;
      } catch (error) {
        // Changed between the read and the delete (e.g. by the tag manager): read it again and delete that.
        if (!isVersionCheckFailure(error)) throw error;
      }
    }
    throw versionConflict('This resource');
  }

  /** The head and its body, consistent with each other. */
  private async read(userId: string, resourceId: string): Promise<Stored | undefined> {
    const pk = keys.user(userId);
    const sk = keys.resource(resourceId);
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.name, Key: { pk, sk }, ConsistentRead: true }));
      if (!Item) return undefined;
      const pointer = Pointer.safeParse(Item);
      // A head without a body (written before resources had one) reads as an empty body.
      const body = pointer.success ? await readChunks(this.table, pk, sk, pointer.data) : '{}';
      if (body === undefined) continue;
      const { pk: _pk, sk: _sk, partCount: _partCount, bodyVersion: _bodyVersion, fileCount: _fileCount, sectionCount: _sectionCount, ...head } = Item;
      const resource = Resource.parse({ ...missingAttributes(), ...head, ...(JSON.parse(body) as object), id: resourceId });
      return { resource, pointer: pointer.success ? pointer.data : { partCount: 0, bodyVersion: 0 } };
    }
    throw new AppError('unavailable', 'This resource is being changed right now. Try again in a moment.');
  }

  /** One transaction: the head (version-checked against `previous`, or new) and, when it changed, the body's chunks. */
  private async write(userId: string, resource: Resource, previous: BodyPointer | undefined, bodyChanged: boolean) {
    const pk = keys.user(userId);
    const sk = keys.resource(resource.id);
    const chunks =
      previous && !bodyChanged
        ? { pointer: previous, writes: [] }
        : chunkWrites(this.table, pk, sk, JSON.stringify(bodyOf(resource)), resource.version, previous?.partCount ?? 0);
    const head = headOf(resource, chunks.pointer);
    if (headSize(head) > MAX_HEAD_BYTES) {
      throw new AppError('payload_too_large', 'The name, description, link and tags of this resource are too long to save. Remove some tags or shorten the description.');
    }
    const expected = previous ? resource.version - 1 : undefined;
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table.name,
                Item: { pk, sk, ...head },
                ...(expected === undefined
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : {
                      ConditionExpression: '#version = :expected',
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':expected': expected },
                    }),
              },
            },
            ...chunks.writes,
          ],
        }),
      );
    } catch (error) {
      if (isVersionCheckFailure(error)) throw versionConflict('This resource');
      throw error;
    }
  }
}
