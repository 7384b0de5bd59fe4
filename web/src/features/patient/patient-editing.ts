// What every part of the patient screen edits through: the draft (the server's copy with this device's unsaved
// edits) and the calls that change it. The autosave (use-patient-autosave.ts) provides it; the header, the sections,
// the sidebar, the templates dialog and the extraction drawer read the draft and call `change`/`changeSection`.
// A part renders again only when what it reads of the draft changes (usePatientDraft): a keystroke in one section does
// not render the header, the sidebar and the dialogs again (it cut the JavaScript a keystroke costs by more than half).
import type { FieldValue, Patient, PatientFields, PatientSection } from '@chartside/shared';
import { createContext, useContext, useState, useSyncExternalStore } from 'react';

export type PatientTopFields = Omit<PatientFields, 'fields'>;

export interface PatientEditing {
  /** The server's copy the draft is based on. */
  patient: Patient;
  /** The draft now: for an action, which reads it as it runs (a part that shows the draft reads it with usePatientDraft). */
  currentDraft: () => PatientFields;
  /** Calls `listener` after every change of the draft; answers the call that stops it. */
  subscribe: (listener: () => void) => () => void;
  /** Changes fields other than the note sections; saved PATIENT_AUTOSAVE_MS after the last change. */
  change: (fields: Partial<PatientTopFields>) => void;
  /** Replaces one note section's value. */
  changeSection: (section: PatientSection, value: FieldValue) => void;
  /** Saves now instead of waiting (a destructive or one-off action the user expects to stick at once). */
  flush: () => Promise<void>;
  /** Drops the unsaved edits and their copy kept on this device, and stops saving (the patient was deleted). */
  discard: () => void;
}

export const PatientEditingContext = createContext<PatientEditing | null>(null);

export function usePatientEditing(): PatientEditing {
  const editing = useContext(PatientEditingContext);
  if (!editing) throw new Error('usePatientEditing is used outside the patient screen');
  return editing;
}

/**
 * What `select` reads of the draft, rendering again only when that changes. `select` answers a part of the draft as it
 * is (a field, a list), not a new object: a new one each time would never be the same.
 */
export function usePatientDraft<T>(select: (draft: PatientFields) => T): T {
  const { currentDraft, subscribe } = usePatientEditing();
  return useSyncExternalStore(subscribe, () => select(currentDraft()));
}

/**
 * A key for a rich-text editor, which reads its content once: it changes when the stored value changes by something
 * other than this editor (a merge of another device's edit, clear, 'No updates/new information', auto-format), so the
 * editor opens again on the new text. `emitted` is what the editor itself last sent; its own typing keeps the key.
 */
export function useEditorKey(value: string): { key: number; emitted: (serialized: string) => void } {
  const [seen, setSeen] = useState({ key: 0, value });
  const external = seen.value !== value;
  if (external) setSeen({ key: seen.key + 1, value });
  return {
    key: external ? seen.key + 1 : seen.key,
    // What the editor sent is already on screen: the same value coming back as the prop does not reopen it.
    emitted: (serialized) => setSeen((current) => ({ key: current.key, value: serialized })),
  };
}
