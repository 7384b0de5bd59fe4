// What a tool keeps in this browser's localStorage for the signed-in user that may name patients (a hand-off sheet, a
// call log, scratch text): never sent to the server, so it lives here alone. Every such entry is keyed under one
// prefix, so ending the sign-in (clearPersistedData) finds and deletes them all, whoever they belong to.
const PREFIX = 'chartside.patient-notes.';

/** The localStorage key of `name` (the tool's own) for `userId`. */
export const patientNotesKey = (userId: string, name: string): string => `${PREFIX}${userId}.${name}`;

export function clearPatientNotes(storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage): void {
  if (!storage) return;
  try {
    for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
  } catch {
    // Storage refused by the browser's privacy settings: nothing was kept.
  }
}
