// The files group: resources, articles, files, documents, encrypted files and the file cleaner, on the files bucket and
// the data key.
import type { AppDeps, DepsOf, Hook, Routers } from '../app';
import { articlesRouter } from '../articles';
import { documentsRouter } from '../documents';
import { fileCleanerRouter } from '../file-cleaner';
import { filesRouter } from '../files';
import { resourcesRouter } from '../resources';
import { secureFilesRouter } from '../secure-files';

export type FilesGroupDeps = AppDeps &
  DepsOf<
    | typeof resourcesRouter
    | typeof articlesRouter
    | typeof filesRouter
    | typeof documentsRouter
    | typeof fileCleanerRouter
    | typeof secureFilesRouter
  >;

export const filesRouters = (deps: FilesGroupDeps, hook: Hook): Routers => ({
  secured: [
    resourcesRouter(deps, hook),
    articlesRouter(deps, hook),
    filesRouter(deps, hook),
    documentsRouter(deps, hook),
    fileCleanerRouter(deps, hook),
    secureFilesRouter(deps, hook),
  ],
});
