// The feed group: the feed, its manual update and the devices that get its pushes.
import type { AppDeps, DepsOf, Hook, Routers } from '../app';
import { feedRouter } from '../feed';

export type FeedGroupDeps = AppDeps & DepsOf<typeof feedRouter>;

export const feedRouters = (deps: FeedGroupDeps, hook: Hook): Routers => ({ secured: [feedRouter(deps, hook)] });
