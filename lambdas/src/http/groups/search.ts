// The search group: search and questions to the library, on the search domain.
import type { AppDeps, DepsOf, Hook, Routers } from '../app';
import { libraryRouter } from '../library';
import { searchRouter } from '../search';

export type SearchGroupDeps = AppDeps & DepsOf<typeof searchRouter | typeof libraryRouter>;

export const searchRouters = (deps: SearchGroupDeps, hook: Hook): Routers => ({ secured: [searchRouter(deps, hook), libraryRouter(deps, hook)] });
