// The file cleaner: the objects under userContent/ a page at a time, each against the object keys its owner's records
// refer to (read for the owners in that page only, so memory stays bounded by one page and its users, not by the
// deployment). The scan is the dry run; a delete checks each chosen key again and deletes only those still cleanable,
// so a file a record took up since the list was shown is left alone.
import { AppError, cleanableReason, ownerOfObject, userContentPrefix, type CleanableObject, type CleanedFiles, type FileCleanerScan } from '@chartside/shared';
import { objectKeyPattern, type FileReferenceRepository } from '../data/file-references';
import type { ResourceRepository } from '../data/resource-repository';
import type { Clock } from '../ports/clock';
import type { FileStore, StoredObject } from '../ports/file-store';

export interface FileCleanerDeps {
  fileReferences: FileReferenceRepository;
  resources: ResourceRepository;
  fileStore: FileStore;
  clock: Clock;
}

/** 'userContent/' */
const USER_CONTENT = userContentPrefix('').slice(0, -1);

/**
 * Every object key one user's records refer to; an encrypted resource is read decrypted for its files and pasted
 * images. Undefined when one of them cannot be decrypted (changed since it was stored): what it refers to is unknown,
 * so none of that user's files may be called unreferenced.
 */
const referencedKeysOf = async (deps: FileCleanerDeps, userId: string): Promise<Set<string> | undefined> => {
  const { keys, encryptedResourceIds } = await deps.fileReferences.referencedObjectKeysOf(userId);
  for (const resourceId of encryptedResourceIds) {
    const resource = await deps.resources.get(userId, resourceId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'bad_request') return 'unreadable' as const;
      throw error;
    });
    if (resource === 'unreadable') return undefined;
    for (const match of JSON.stringify(resource ?? {}).matchAll(objectKeyPattern())) keys.add(match[0]);
  }
  return keys;
};

interface Sorted {
  cleanable: CleanableObject[];
  /** How many objects were left alone because their owner has a record that cannot be decrypted. */
  heldBack: number;
}

/** The objects that may be deleted, each owner's references read once (objects come in key order, grouped by owner). */
const cleanableAmong = async (deps: FileCleanerDeps, objects: readonly StoredObject[]): Promise<Sorted> => {
  const referencesOf = new Map<string, Promise<Set<string> | undefined>>();
  const now = deps.clock.now();
  const sorted: Sorted = { cleanable: [], heldBack: 0 };
  for (const object of objects) {
    const userId = ownerOfObject(object.key);
    if (!userId) continue;
    if (!referencesOf.has(userId)) referencesOf.set(userId, referencedKeysOf(deps, userId));
    const references = await referencesOf.get(userId)!;
    if (!references) {
      sorted.heldBack += 1;
      continue;
    }
    const reason = cleanableReason({ key: object.key, storedAt: object.lastModified }, references.has(object.key), now);
    if (reason) sorted.cleanable.push({ key: object.key, userId, size: object.size, storedAt: object.lastModified.toISOString(), reason });
  }
  return sorted;
};

/** One page of the dry run: up to `limit` objects from `cursor` on, the cleanable ones among them, and the next page's cursor. */
export const scanFiles = async (deps: FileCleanerDeps, page: { cursor?: string | undefined; limit: number }): Promise<FileCleanerScan> => {
  const listed = await deps.fileStore.listPage(USER_CONTENT, page);
  const { cleanable, heldBack } = await cleanableAmong(deps, listed.objects);
  return {
    objects: cleanable.sort((a, b) => a.storedAt.localeCompare(b.storedAt)),
    scannedObjects: listed.objects.length,
    heldBackObjects: heldBack,
    nextCursor: listed.nextCursor,
  };
};

export const cleanFiles = async (deps: FileCleanerDeps, keys: readonly string[]): Promise<CleanedFiles> => {
  const chosen = [...new Set(keys)];
  const stored = (await Promise.all(chosen.map((key) => (ownerOfObject(key) ? deps.fileStore.stat(key) : undefined)))).filter((object) => object !== undefined);
  const still = new Set((await cleanableAmong(deps, stored)).cleanable.map((object) => object.key));
  const deleted = chosen.filter((key) => still.has(key));
  for (const key of deleted) await deps.fileStore.delete(key);
  return { deleted, skipped: chosen.filter((key) => !still.has(key)) };
};
