// The Documents page's view of the files bucket: the user's lasting objects (temporary uploads are not documents), each
// named and placed from the records that hold it. A resource's file keeps its name in the resource, so renaming or
// deleting it changes the resource (deleting removes it from the resource's Files, which deletes the object); any other
// file's name is a document record.
import {
  extensionOf,
  filePathFor,
  isOwnFilePath,
  mimeTypeFor,
  notFound,
  type CreateDocumentBody,
  type DocumentFile,
  type DocumentList,
  type Resource,
  type ResourceFile,
  type Upload,
} from '@chartside/shared';
import type { DocumentRepository } from '../data/document-repository';
import { patchResource, type ResourceDeps } from './resource-service';
import { startUpload } from './uploads';
import type { Caller } from './user-tags';

export interface DocumentDeps extends ResourceDeps {
  documents: DocumentRepository;
}

const isImage = (extension: string) => mimeTypeFor(extension).startsWith('image/');

/** Every lasting file of the user, newest first, and the bytes they take. */
export const listDocuments = async (deps: DocumentDeps, userId: string): Promise<DocumentList> => {
  const ownPrefix = filePathFor(userId, '', false);
  const tempPrefix = filePathFor(userId, '', true);
  const [objects, names, summaries] = await Promise.all([deps.fileStore.list(ownPrefix), deps.documents.names(userId), deps.resources.list(userId)]);
  // Only resources with files are read whole.
  const withFiles = await Promise.all(summaries.filter((summary) => summary.fileCount > 0).map((summary) => deps.resources.get(userId, summary.id)));
  const holders = new Map<string, { file: ResourceFile; resource: Resource }>();
  for (const resource of withFiles) {
    for (const file of resource?.files ?? []) holders.set(file.filePath, { file, resource: resource! });
  }

  const files = objects
    .filter((object) => !object.key.startsWith(tempPrefix))
    .map((object): DocumentFile => {
      const fileId = object.key.slice(ownPrefix.length);
      const extension = extensionOf(fileId);
      const held = holders.get(object.key);
      const named = names.get(fileId);
      const made = `${isImage(extension) ? 'Pasted image' : 'Unnamed file'}${extension ? `.${extension}` : ''}`;
      return {
        fileId,
        filePath: object.key,
        name: held?.file.name ?? named ?? made,
        extension,
        mimeType: held?.file.mimeType || mimeTypeFor(extension),
        size: object.size,
        storedAt: object.lastModified.toISOString(),
        resource: held ? { id: held.resource.id, name: held.resource.name } : null,
        source: held ? 'resource' : named !== undefined ? 'upload' : 'other',
      };
    })
    .sort((a, b) => b.storedAt.localeCompare(a.storedAt));
  return { files, usedBytes: files.reduce((sum, file) => sum + file.size, 0) };
};

/** One lasting file of the user, or 404 (a key outside the user's folder, a temporary upload, a missing one). */
export const getDocument = async (deps: DocumentDeps, userId: string, fileId: string): Promise<DocumentFile> => {
  const filePath = filePathFor(userId, fileId, false);
  const file = isOwnFilePath(userId, filePath) ? (await listDocuments(deps, userId)).files.find((f) => f.filePath === filePath) : undefined;
  if (!file) throw notFound('That file');
  return file;
};

/** Keeps the name, then answers the presigned PUT (the type and size rules are the body's). */
export const createDocument = async (deps: DocumentDeps, userId: string, body: CreateDocumentBody): Promise<Upload> => {
  const upload = await startUpload(deps, userId, { ...body, temp: false });
  await deps.documents.setName(userId, upload.file);
  return upload;
};

/** The resource holding a file, read fresh (with its version) for a change. */
const holderOf = async (deps: DocumentDeps, userId: string, file: DocumentFile): Promise<Resource> => {
  const resource = file.resource && (await deps.resources.get(userId, file.resource.id));
  if (!resource) throw notFound('The resource holding that file');
  return resource;
};

export const renameDocument = async (deps: DocumentDeps, caller: Caller, fileId: string, name: string): Promise<DocumentFile> => {
  const file = await getDocument(deps, caller.userId, fileId);
  if (file.resource) {
    const resource = await holderOf(deps, caller.userId, file);
    const files = resource.files.map((entry) => (entry.filePath === file.filePath ? { ...entry, name } : entry));
    await patchResource(deps, caller, resource.id, { version: resource.version, files });
  } else {
    await deps.documents.setName(caller.userId, { fileId, filePath: file.filePath, name });
  }
  return { ...file, name, source: file.resource ? 'resource' : 'upload' };
};

export const deleteDocument = async (deps: DocumentDeps, caller: Caller, fileId: string) => {
  const file = await getDocument(deps, caller.userId, fileId);
  if (file.resource) {
    // Taking it out of the resource's Files deletes the object too (patchResource deletes what a resource let go).
    const resource = await holderOf(deps, caller.userId, file);
    await patchResource(deps, caller, resource.id, { version: resource.version, files: resource.files.filter((entry) => entry.filePath !== file.filePath) });
  } else {
    await deps.fileStore.delete(file.filePath);
    await deps.documents.removeName(caller.userId, fileId);
  }
  return { deleted: true as const, removedFrom: file.resource };
};
