// An encrypted resource's stored files, sealed at rest: each object is replaced in place by its bytes envelope-encrypted
// in parts of at most SEALED_PART_BYTES, each its own message, one after another, and marked sealed (with each part's
// length) in its metadata. A part's encryption context binds it to its user, its file, its position and the count, so
// parts open nowhere else and cannot be dropped or reordered. Parts let the API answer a large file one part per request
// (API Gateway's answer is capped at 6 MB), and sealing holds one part of plaintext at a time. Reads follow the mark, not
// the resource, so a file opens for its owner whatever state a resource is in.
//
// The window: a new file's bytes reach the bucket in clear by the browser's presigned PUT and are sealed when the
// resource's save that attaches them runs (seconds later). An upload never attached stays in clear until the file
// cleaner offers it (an unreferenced object, after an hour).
import { AppError, badRequest, isOwnFilePath, notFound, SEALED_PART_BYTES, type Resource } from '@chartside/shared';
import type { Readable } from 'node:stream';
import { objectKeyPattern } from '../data/file-references';
import type { EnvelopeCipher } from '../ports/envelope-cipher';
import type { FileStore, ObjectSealing } from '../ports/file-store';

export interface SealedFileDeps {
  fileStore: FileStore;
  cipher: EnvelopeCipher;
}

/**
 * The context of part `index` of `count`: a file of one part is bound to its path alone, as files sealed whole as one
 * message were, so those still open as one part.
 */
const contextOf = (userId: string, filePath: string, index: number, count: number) => ({
  userId,
  itemId: count === 1 ? filePath : `${filePath}#${index + 1}/${count}`,
});

/** How many parts a file of this many bytes is sealed in (an empty file is one empty part). */
const partCountOf = (size: number) => Math.max(1, Math.ceil(size / SEALED_PART_BYTES));

/** The stream's bytes in parts of SEALED_PART_BYTES (the last one shorter), as they arrive: at least one part. */
async function* plaintextParts(body: Readable): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let parts = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= SEALED_PART_BYTES) {
      const joined = Buffer.concat(pending);
      pending = [joined.subarray(SEALED_PART_BYTES)];
      pendingBytes -= SEALED_PART_BYTES;
      parts += 1;
      yield joined.subarray(0, SEALED_PART_BYTES);
    }
  }
  if (pendingBytes > 0 || parts === 0) yield Buffer.concat(pending);
}

/** The user's objects a resource holds: its files, and the images pasted into its sections. */
export const storedFilesOf = (userId: string, resource: Resource): string[] => {
  const pasted = [...JSON.stringify(resource.textSections).matchAll(objectKeyPattern())].map((match) => match[0]);
  return [...new Set([...resource.files.map((file) => file.filePath), ...pasted])].filter((path) => isOwnFilePath(userId, path));
};

/** Seals the object unless it is sealed already (or gone): part by part as the bytes stream in; only the ciphertext is held. */
const sealFile = async (deps: SealedFileDeps, userId: string, filePath: string) => {
  if ((await deps.fileStore.stat(filePath))?.sealed !== false) return;
  const object = await deps.fileStore.open(filePath);
  if (!object) return;
  // Sealed between the check and the read (another save of the resource): its mark came with these very bytes.
  if (object.sealed) return object.body.destroy();
  const count = partCountOf(object.size);
  const sealed: Uint8Array[] = [];
  for await (const part of plaintextParts(object.body)) {
    const context = contextOf(userId, filePath, sealed.length, count);
    sealed.push(await deps.cipher.encrypt(part, context));
  }
  if (sealed.length !== count) throw new Error(`The object ${filePath} held other than its ${object.size} bytes: it was not sealed.`);
  await deps.fileStore.put(filePath, Buffer.concat(sealed), { contentType: object.contentType, sealedParts: sealed.map((part) => part.byteLength) });
};

/** The plaintext of part `index` of a sealed object; a 400 when it was changed (or the object changed under the read). */
const openPart = async (deps: SealedFileDeps, userId: string, filePath: string, { parts }: ObjectSealing, index: number) => {
  const offset = parts.slice(0, index).reduce((sum, length) => sum + length, 0);
  const ciphertext = await deps.fileStore.readRange(filePath, { offset, length: parts[index]! });
  if (!ciphertext) throw notFound('That file');
  return (await deps.cipher.decrypt(ciphertext, contextOf(userId, filePath, index, parts.length))).plaintext;
};

/** The plaintext of every part of a sealed object, joined. */
const openAllParts = async (deps: SealedFileDeps, userId: string, filePath: string, sealing: ObjectSealing) => {
  const plaintexts: Uint8Array[] = [];
  for (const index of sealing.parts.keys()) plaintexts.push(await openPart(deps, userId, filePath, sealing, index));
  return Buffer.concat(plaintexts);
};

/** Puts the object's clear bytes back unless it is not sealed (or gone). */
const unsealFile = async (deps: SealedFileDeps, userId: string, filePath: string) => {
  const stored = await deps.fileStore.stat(filePath);
  if (!stored?.sealed) return;
  const plaintext = await openAllParts(deps, userId, filePath, stored);
  await deps.fileStore.put(filePath, plaintext, { contentType: stored.contentType });
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
 * One part of one of the user's objects, opened for the user, and how many parts it has: a sealed one's part decrypted
 * (in memory: a changed byte anywhere in the part is found before any byte is answered, as a 400), a clear one whole,
 * as it streams (one part). 404 for a key outside the user's folder or a missing one; 400 for a part past the last.
 */
export const readOwnFilePart = async (
  deps: SealedFileDeps,
  userId: string,
  filePath: string,
  part: number,
): Promise<{ body: Uint8Array | Readable; contentType: string; parts: number }> => {
  const stored = isOwnFilePath(userId, filePath) ? await deps.fileStore.stat(filePath) : undefined;
  if (!stored) throw notFound('That file');
  const count = stored.parts.length;
  if (part >= count) throw badRequest(`That file has ${count} part${count === 1 ? '' : 's'}, numbered from 0: there is no part ${part}.`);
  if (stored.sealed) return { body: await openPart(deps, userId, filePath, stored, part), contentType: stored.contentType, parts: count };
  const object = await deps.fileStore.open(filePath);
  if (!object) throw notFound('That file');
  // Sealed between the check and the read: read it again, as the sealed file it now is.
  if (object.sealed) {
    object.body.destroy();
    return readOwnFilePart(deps, userId, filePath, part);
  }
  return { body: object.body, contentType: object.contentType, parts: 1 };
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
  // The messages are a little larger than their plaintext: a file just under the limit may be refused, never one over it.
  if (stored.size > maxBytes) return 'too_large';
  try {
    return await openAllParts(deps, userId, filePath, stored);
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_request') return 'unreadable';
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
};
