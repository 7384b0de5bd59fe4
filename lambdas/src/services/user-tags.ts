// Adding an item's new tags to the user's own tag list (spec: a new tag is added to the user's tag list and to the item).
import { AppError, addTags, versionConflict, type UserDocument } from '@chartside/shared';
import type { UserRepository } from '../data/user-repository';
import type { Broadcast } from '../ws/broadcast';

/** A lost race on the user's tag list is read again and retried this many times. */
const MAX_TAG_LIST_ATTEMPTS = 5;

export interface UserTagsDeps {
  users: UserRepository;
  broadcast: Broadcast;
}

/** Who is writing: the verified user, their document (read on demand), and the tab that should not hear its own change. */
export interface Caller {
  userId: string;
  userDocument: () => Promise<UserDocument>;
  clientId: string | undefined;
}

/** Adds new tags to one of the user's tag lists, re-reading the document when another write got there first. */
export const addToUserTags = async (deps: UserTagsDeps, caller: Caller, list: 'resourceTags' | 'patientTags', tags: readonly string[]) => {
  if (tags.length === 0) return;
  let document = await caller.userDocument();
  for (let attempt = 0; attempt < MAX_TAG_LIST_ATTEMPTS; attempt += 1) {
    const updatedList = addTags(document[list], tags);
    if (updatedList.length === document[list].length) return;
    try {
      const updated = await deps.users.patch(caller.userId, { version: document.version, [list]: updatedList }, document);
      await deps.broadcast(caller.userId, { type: 'user.updated', version: updated.version }, { exceptClientId: caller.clientId });
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'version_conflict')) throw error;
      document = (await deps.users.get(caller.userId)) ?? document;
    }
  }
  throw versionConflict('Your tags');
};
