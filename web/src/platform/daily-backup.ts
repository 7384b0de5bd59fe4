// The daily backup of the user document (spec sections 3 and 9): asked for once per date, BACKUP_DELAY_MS after the
// user document loads. The date done is remembered per user in this browser; the server is idempotent anyway.
import { BACKUP_DELAY_MS, backupsContract } from '@chartside/shared';
import { useEffect } from 'react';
import { useApi } from './platform-context';

export const backupDoneKey = (userId: string): string => `chartside.dailyBackup.${userId}`;

/** The user's local calendar date, YYYY-MM-DD. */
export const localDate = (now: Date = new Date()): string =>
  [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0')).join('-');

const readDone = (userId: string): string | null => {
  try {
    return window.localStorage.getItem(backupDoneKey(userId));
  } catch {
    return null;
  }
};

/**
 * Backs up the user document once per local date. `loadedAt` is when the document last loaded: a tab left open
 * past midnight backs up the new date on its next load.
 */
export function useDailyBackup(userId: string | undefined, loadedAt: number): void {
  const api = useApi();

  useEffect(() => {
    if (!userId || !loadedAt) return;
    const backupDate = localDate();
    if (readDone(userId) === backupDate) return;
    const timer = setTimeout(() => {
      api
        .call(backupsContract.daily, { body: { backupDate } })
        .then(() => window.localStorage.setItem(backupDoneKey(userId), backupDate))
        // Spec section 8: failures like this one are only logged; the next load tries again.
        .catch((error: unknown) => console.warn('The daily backup did not run', error));
    }, BACKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, userId, loadedAt]);
}
