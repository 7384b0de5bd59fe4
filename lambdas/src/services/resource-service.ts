// The resource library's writes: create, patch and delete, with the rules that span the resource, the user's tag list
// and the files bucket. Each write is pushed to the user's other tabs and devices as resource.updated.
import type { Logger } from '@aws-lambda-powertools/logger';
import {
  AppError,
  MAX_LIST_ITEMS,
  MAX_RESOURCE_BYTES,
  addTags,
  badRequest,
  completeFileEntry,
  defaultResourceFields,
  filePathFor,
  isResourceName,
  isOwnFilePath,
  notFound,
  type CreateResourceBody,
  type Resource,
  type ResourceFile,
  type ResourcePatch,
  versionConflict,
} from '@chartside/shared';
import type { ResourceRepository } from '../data/resource-repository';
import type { UserRepository } from '../data/user-repository';
import type { Clock } from '../ports/clock';
import type { EnvelopeCipher } from '../ports/envelope-cipher';
import type { FileStore } from '../ports/file-store';
import type { Broadcast } from '../ws/broadcast';
import { assertRecordFits } from './record-size';
import { syncSealedFiles } from './sealed-files';
import { addToUserTags, type Caller } from './user-tags';

export interface ResourceDeps {
  resources: ResourceRepository;
  users: UserRepository;
  fileStore: FileStore;
  /** Seals an encrypted resource's files (sealed-files.ts). */
  cipher: EnvelopeCipher;
  clock: Clock;
  broadcast: Broadcast;
  logger: Logger;
}

/** A file the server stored is added over this many lost races with other writes of the resource: it is stored already. */
const MAX_ADD_FILE_ATTEMPTS = 5;

const assertFits = (resource: Resource) =>
  assertRecordFits(resource, MAX_RESOURCE_BYTES, 'This resource', 'Move large content into files or split it into several resources.');

/**
 * Every file must be one of the caller's own lasting objects; missing extension and MIME type are filled in. A temporary
 * upload expires after a day, so a resource holding one would soon point at nothing.
 */
const ownFiles = (userId: string, files: readonly ResourceFile[]): ResourceFile[] =>
  files.map((file) => {
    if (!isOwnFilePath(userId, file.filePath)) throw badRequest(`The file "${file.name}" is not one of your files.`);
    if (file.filePath.startsWith(filePathFor(userId, '', true))) throw badRequest('Temporary uploads cannot be attached to a resource.');
    return completeFileEntry(file);
  });

/** Deletes storage objects; a failure is logged, not raised (the resource write already succeeded). Returns how many went. */
const deleteObjects = async (deps: ResourceDeps, userId: string, paths: readonly string[]) => {
  const results = await Promise.all(
    paths
      .filter((path) => isOwnFilePath(userId, path))
      .map(async (path) => {
        try {
          await deps.fileStore.delete(path);
          return 1;
        } catch (error) {
          deps.logger.warn('file delete failed', { error: error instanceof Error ? error.name : String(error) });
          return 0;
        }
      }),
  );
  return results.reduce<number>((sum, n) => sum + n, 0);
};

/**
 * Seals (or opens) the resource's files after its write. A failure is logged, not raised: the write succeeded, and the
 * resource's next save checks every file again.
 */
const sealFilesAfterWrite = async (deps: ResourceDeps, userId: string, before: Resource | undefined, after: Resource) => {
  try {
    await syncSealedFiles(deps, userId, before, after);
  } catch (error) {
    deps.logger.warn('file sealing failed', { error: error instanceof Error ? error.name : String(error), resourceId: after.id });
  }
};

const announce = (deps: ResourceDeps, caller: Caller, resourceId: string, version: number | null) =>
  deps.broadcast(caller.userId, { type: 'resource.updated', resourceId, version }, { exceptClientId: caller.clientId });

export const createResource = async (deps: ResourceDeps, caller: Caller, body: CreateResourceBody): Promise<Resource> => {
  const now = deps.clock.now().toISOString();
  const resource: Resource = {
    ...defaultResourceFields(),
    name: body.name,
    type: body.type,
    description: body.description ?? '',
    link: body.link ?? '',
    tags: addTags([], body.tags ?? []),
    article: body.article ?? null,
    id: crypto.randomUUID(),
    clicks: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  assertFits(resource);
  await deps.resources.create(caller.userId, resource);
  await addToUserTags(deps, caller, 'resourceTags', resource.tags);
  await announce(deps, caller, resource.id, resource.version);
  return resource;
};

export const patchResource = async (deps: ResourceDeps, caller: Caller, resourceId: string, patch: ResourcePatch): Promise<Resource> => {
  const { version, ...changes } = patch;
  const { before, after } = await deps.resources.update(caller.userId, resourceId, version, (current) => {
    const next: Resource = {
      ...current,
      ...changes,
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
      ...(changes.tags ? { tags: addTags([], changes.tags) } : {}),
      ...(changes.files ? { files: ownFiles(caller.userId, changes.files) } : {}),
      updatedAt: deps.clock.now().toISOString(),
    };
    if (!isResourceName(next.name)) throw badRequest('Name is required');
    assertFits(next);
    return next;
  });
  const kept = new Set(after.files.map((f) => f.filePath));
  await deleteObjects(
    deps,
    caller.userId,
    before.files.map((f) => f.filePath).filter((path) => !kept.has(path)),
  );
  await sealFilesAfterWrite(deps, caller.userId, before, after);
  if (changes.tags) await addToUserTags(deps, caller, 'resourceTags', after.tags);
  await announce(deps, caller, resourceId, after.version);
  return after;
};

/**
 * Adds a file the server stored (an article's fetched PDF) to the resource, unless one with its id is there already.
 * Returns the file the resource holds and the resource.
 */
export const addStoredFile = async (deps: ResourceDeps, caller: Caller, resourceId: string, file: ResourceFile) => {
  for (let attempt = 0; attempt < MAX_ADD_FILE_ATTEMPTS; attempt += 1) {
    const current = await deps.resources.get(caller.userId, resourceId);
    if (!current) throw notFound('That resource');
    const held = current.files.find((f) => f.fileId === file.fileId);
    if (held) return { file: held, resource: current };
    if (current.files.length >= MAX_LIST_ITEMS) throw badRequest('This resource holds as many files as it can. Remove one first.');
    try {
      const { after } = await deps.resources.update(caller.userId, resourceId, current.version, (latest) => {
        const next: Resource = { ...latest, files: [...latest.files, file], updatedAt: deps.clock.now().toISOString() };
        assertFits(next);
        return next;
      });
      await sealFilesAfterWrite(deps, caller.userId, after, after);
      await announce(deps, caller, resourceId, after.version);
      return { file, resource: after };
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'version_conflict')) throw error;
    }
  }
  throw versionConflict('This resource');
};

export const deleteResource = async (deps: ResourceDeps, caller: Caller, resourceId: string) => {
  const deleted = await deps.resources.remove(caller.userId, resourceId);
  if (!deleted) throw notFound('That resource');
  const filesDeleted = await deleteObjects(
    deps,
    caller.userId,
    deleted.files.map((f) => f.filePath),
  );
  await announce(deps, caller, resourceId, null);
  return { deleted: true as const, filesDeleted };
};
