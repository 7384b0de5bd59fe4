// Which objects of the files bucket the file cleaner offers to delete.
import { filePathFor, TEMP_FILE_DAYS, userContentPrefix } from '../resources/files';

const HOUR_MS = 60 * 60 * 1000;
/** Temporary uploads (chat attachments) are kept this long; the bucket's lifecycle rule expires them too. */
export const TEMP_MAX_AGE_MS = TEMP_FILE_DAYS * 24 * HOUR_MS;
/** An object no record refers to yet may be an upload on its way to its record (a resource saves after the PUT). */
export const UNREFERENCED_GRACE_MS = HOUR_MS;

/** The user whose folder holds an object key, or undefined for a key outside userContent/{uid}/. */
export const ownerOfObject = (key: string): string | undefined => {
  const userId = key.split('/')[1];
  return userId && key.startsWith(userContentPrefix(userId)) && key.length > userContentPrefix(userId).length ? userId : undefined;
};

/** Why an object may be deleted, or undefined when it must stay. */
export const cleanableReason = (object: { key: string; storedAt: Date }, referenced: boolean, now: Date): 'temporary' | 'unreferenced' | undefined => {
  const userId = ownerOfObject(object.key);
  if (!userId) return undefined;
  const age = now.getTime() - object.storedAt.getTime();
  if (object.key.startsWith(filePathFor(userId, '', true))) return age >= TEMP_MAX_AGE_MS ? 'temporary' : undefined;
  return !referenced && age >= UNREFERENCED_GRACE_MS ? 'unreferenced' : undefined;
};
