// The file cleaner: every object under userContent/ against every object key the table refers to. The scan is the dry
// run; a delete scans again and deletes only the chosen keys that are still cleanable, so a file a record took up since
// the list was shown is left alone.
import { cleanableReason, ownerOfObject, userContentPrefix, type CleanedFiles, type FileCleanerScan } from '@chartside/shared';
import { objectKeyPattern, type FileReferenceRepository } from '../data/file-references';
import type { ResourceRepository } from '../data/resource-repository';
import type { Clock } from '../ports/clock';
import type { FileStore } from '../ports/file-store';

export interface FileCleanerDeps {
  fileReferences: FileReferenceRepository;
  resources: ResourceRepository;
  fileStore: FileStore;
  clock: Clock;
}

/** Every object key a record refers to; an encrypted resource is read decrypted for its files and pasted images. */
const referencedKeys = async (deps: FileCleanerDeps): Promise<Set<string>> => {
  const { keys, encryptedResources } = await deps.fileReferences.referencedObjectKeys();
  for (const { userId, resourceId } of encryptedResources) {
    const resource = await deps.resources.get(userId, resourceId);
    for (const match of JSON.stringify(resource ?? {}).matchAll(objectKeyPattern())) keys.add(match[0]);
  }
  return keys;
};

export const scanFiles = async (deps: FileCleanerDeps): Promise<FileCleanerScan> => {
  const [objects, referenced] = await Promise.all([deps.fileStore.list(userContentPrefix('').slice(0, -1)), referencedKeys(deps)]);
  const now = deps.clock.now();
  const cleanable = objects.flatMap((object) => {
    const reason = cleanableReason({ key: object.key, storedAt: object.lastModified }, referenced.has(object.key), now);
    return reason
      ? [{ key: object.key, userId: ownerOfObject(object.key) ?? '', size: object.size, storedAt: object.lastModified.toISOString(), reason }]
      : [];
  });
  return { objects: cleanable.sort((a, b) => a.storedAt.localeCompare(b.storedAt)), scannedObjects: objects.length };
};

export const cleanFiles = async (deps: FileCleanerDeps, keys: readonly string[]): Promise<CleanedFiles> => {
  const still = new Set((await scanFiles(deps)).objects.map((object) => object.key));
  const chosen = [...new Set(keys)];
  const deleted = chosen.filter((key) => still.has(key));
  for (const key of deleted) await deps.fileStore.delete(key);
  return { deleted, skipped: chosen.filter((key) => !still.has(key)) };
};
