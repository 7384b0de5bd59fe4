// An encrypted resource's stored files, sealed at rest: each object is replaced in place by an envelope-encrypted message
// of its bytes (the encryption context binds it to its user and its own key, so it opens nowhere else) and marked sealed
// in its metadata. Reads follow that mark, not the resource, so a file opens for its owner whatever state a resource is in.
//
// The window: a new file's bytes reach the bucket in clear by the browser's presigned PUT and are sealed when the
// resource's save that attaches them runs (seconds later). An upload never attached stays in clear until the file
// cleaner offers it (an unreferenced object, after an hour).
import { AppError, isOwnFilePath, notFound, type Resource } from '@chartside/shared';
import type { Readable } from 'node:stream';
import { objectKeyPattern } from '../data/file-references';
import type { EnvelopeCipher } from '../ports/envelope-cipher';
import type { FileStore } from '../ports/file-store';

export interface SealedFileDeps {
  fileStore: FileStore;
  cipher: EnvelopeCipher;
}

const contextOf = (userId: string, filePath: string) => ({ userId, itemId: filePath });

/** The user's objects a resource holds: its files, and the images pasted into its sections. */
export const storedFilesOf = (userId: string, resource: Resource): string[] => {
  const pasted = [...JSON.stringify(resource.textSections).matchAll(objectKeyPattern())].map((match) => match[0]);
  return [...new Set([...resource.files.map((file) => file.filePath), ...pasted])].filter((path) => isOwnFilePath(userId, path));
};

/** Seals the object unless it is sealed already (or gone). The bytes stream into the cipher; only the ciphertext is held. */
const sealFile = async (deps: SealedFileDeps, userId: string, filePath: string) => {
  if ((await deps.fileStore.stat(filePath))?.sealed !== false) return;
  const object = await deps.fileStore.open(filePath);
  if (!object) return;
  // Sealed between the check and the read (another save of the resource): its mark came with these very bytes.
  if (object.sealed) return object.body.destroy();
  const ciphertext = await deps.cipher.encrypt(object.body, contextOf(userId, filePath));
  await deps.fileStore.put(filePath, ciphertext, { contentType: object.contentType, sealed: true });
};

/** Puts the object's clear bytes back unless it is not sealed (or gone). */
const unsealFile = async (deps: SealedFileDeps, userId: string, filePath: string) => {
  if ((await deps.fileStore.stat(filePath))?.sealed !== true) return;
  const object = await deps.fileStore.open(filePath);
  if (!object) return;
  if (!object.sealed) return object.body.destroy();
  const { plaintext } = await deps.cipher.decrypt(object.body, contextOf(userId, filePath));
  await deps.fileStore.put(filePath, plaintext, { contentType: object.contentType });
};

/**
 * After a write of a resource: every file of an encrypted one is sealed (each write checks them all, so a file attached
 * or a seal that failed before is sealed by the next save); turning encryption off opens them again.
 */
export const syncSealedFiles = async (deps: SealedFileDeps, userId: string, before: Resource | undefined, after: Resource): Promise<void> => {
  if (after.encrypted) await Promise.all(storedFilesOf(userId, after).map((path) => sealFile(deps, userId, path)));
  else if (before?.encrypted) await Promise.all(storedFilesOf(userId, after).map((path) => unsealFile(deps, userId, path)));
};

/**
 * One of the user's objects, opened for the user: a sealed one decrypted (in memory: a changed byte anywhere is found
 * before any byte is answered, as a 400), a clear one as it streams. 404 for a key outside the user's folder or a missing one.
 */
export const readOwnFile = async (deps: SealedFileDeps, userId: string, filePath: string): Promise<{ body: Uint8Array | Readable; contentType: string }> => {
  const object = isOwnFilePath(userId, filePath) ? await deps.fileStore.open(filePath) : undefined;
  if (!object) throw notFound('That file');
  if (!object.sealed) return object;
  const { plaintext } = await deps.cipher.decrypt(object.body, contextOf(userId, filePath));
  return { body: plaintext, contentType: object.contentType };
};

/**
 * One of the user's files for the server's own use (a chat attachment the model reads), decrypted when sealed:
 * undefined when missing or not the user's, `too_large` past maxBytes, `unreadable` when a sealed one was changed.
 */
export const readOwnFileBytes = async (
  deps: SealedFileDeps,
  userId: string,
  filePath: string,
  maxBytes: number,
): Promise<Uint8Array | undefined | 'too_large' | 'unreadable'> => {
  const stored = isOwnFilePath(userId, filePath) ? await deps.fileStore.stat(filePath) : undefined;
  if (!stored?.sealed) return stored && deps.fileStore.read(filePath, maxBytes);
  // The message is a little larger than its plaintext: a file just under the limit may be refused, never one over it.
  if (stored.size > maxBytes) return 'too_large';
  try {
    const { body } = await readOwnFile(deps, userId, filePath);
    return body instanceof Uint8Array ? body : undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_request') return 'unreadable';
    throw error;
  }
};
