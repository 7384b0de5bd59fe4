// The playground's scratch text, kept on this device only (localStorage, one entry per signed-in user): it never goes
// to the server. It goes at sign-out, as anything typed there may name a patient. A browser that refuses storage
// (private mode, full) keeps the text in the page alone.
import { patientNotesKey } from '../../platform/offline/patient-notes-storage';

const keyOf = (userId: string) => patientNotesKey(userId, 'playground');

export const readScratch = (userId: string): string => {
  try {
    return localStorage.getItem(keyOf(userId)) ?? '';
  } catch {
    return '';
  }
};

/** Stores the text; false when the browser refused. */
export const writeScratch = (userId: string, text: string): boolean => {
  try {
    localStorage.setItem(keyOf(userId), text);
    return true;
  } catch {
    return false;
  }
};

export const clearScratch = (userId: string): void => {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing was kept.
  }
};
