// The sign-out edits, kept in this browser per user: the patient record has no field for a hand-off (the note sections
// are the chart, and a draft hand-off must not land in them), and a sign-out is written and printed on one device at
// the end of a shift. Patients no longer on the panel are dropped when the sheet is saved; the sheet goes at sign-out.
import { useCallback, useState } from 'react';
import { patientNotesKey } from '../../../platform/offline/patient-notes-storage';
import type { SignoutEntry } from './ipass';

export type SavedEntries = Readonly<Record<string, Partial<SignoutEntry>>>;

export const signoutStorageKey = (userId: string): string => patientNotesKey(userId, 'signout');

const read = (userId: string): SavedEntries => {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(signoutStorageKey(userId)) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as SavedEntries) : {};
  } catch {
    return {};
  }
};

export function useSignoutEdits(userId: string, patientIds: readonly string[]) {
  const [saved, setSaved] = useState<SavedEntries>(() => read(userId));

  const write = useCallback(
    (next: SavedEntries) => {
      const onPanel = Object.fromEntries(Object.entries(next).filter(([id]) => patientIds.includes(id)));
      setSaved(onPanel);
      window.localStorage.setItem(signoutStorageKey(userId), JSON.stringify(onPanel));
    },
    [userId, patientIds],
  );

  const change = (patientId: string, part: Partial<SignoutEntry>) => write({ ...saved, [patientId]: { ...saved[patientId], ...part } });
  /** Back to what the chart says: the edits of that patient go. */
  const reset = (patientId: string) => write(Object.fromEntries(Object.entries(saved).filter(([id]) => id !== patientId)));
  return { saved, change, reset };
}
