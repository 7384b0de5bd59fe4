// The patient's fields in the shared conflict dialog: a section by its title, rich text as plain text, tasks and tags
// as lists.
import { contestedItems, fieldText, sectionPlainText, sectionTitle, type FieldValue } from '@chartside/shared';
import { ConflictDialog, type ResolveConflict } from '../../../components/ConflictDialog';
import { patientDraftOf, sectionOfKey, type PatientConflict, type PatientDraft, type PatientDraftKey } from '../patient-saver';
import type { PatientTopFields } from '../patient-editing';

const topLabels: Record<keyof PatientTopFields, string> = {
  lastname: 'Last name',
  firstname: 'First name',
  dob: 'Date of birth',
  mrn: 'MRN',
  room: 'Room',
  appointment: 'Appointment',
  attending: 'Attending',
  primarydx: 'Primary diagnosis',
  oneliner: 'ID',
  notes: 'Notes',
  tags: 'Tags',
  tasks: 'Tasks',
  visibleFields: 'Visible fields',
  lastAccessed: 'Last opened',
};

const EMPTY = '(empty)';

export const conflictLabel = (key: PatientDraftKey): string => {
  const section = sectionOfKey(key);
  return section ? sectionTitle(section) : topLabels[key as keyof PatientTopFields];
};

/** A readable form of one draft key's value. */
const conflictValue = (key: PatientDraftKey, draft: Partial<PatientDraft>): string => {
  const section = sectionOfKey(key);
  if (section) return fieldText(section, draft[key] as FieldValue | undefined) || EMPTY;
  switch (key) {
    case 'oneliner':
    case 'notes':
      return sectionPlainText(draft[key] ?? '').trim() || EMPTY;
    case 'tasks':
      return draft.tasks?.map((task) => `${task.completed ? '☑' : '☐'} ${task.text}`).join('\n') || '(none)';
    case 'tags':
    case 'visibleFields':
      return draft[key]?.join(', ') || '(none)';
    default: {
      const value = draft[key];
      return typeof value === 'string' ? value || EMPTY : JSON.stringify(value);
    }
  }
};

export function PatientConflictDialog({ conflict, onResolve }: { conflict: PatientConflict | undefined; onResolve: ResolveConflict }) {
  const theirs = conflict && patientDraftOf(conflict.theirs);
  const rows =
    conflict && theirs
      ? conflict.fields.map((key) => {
          if (key !== 'tasks') return { key, label: conflictLabel(key), mine: conflictValue(key, conflict.mine), theirs: conflictValue(key, theirs) };
          // Only the tasks both devices changed: the choice settles those, the other changes of each side stay.
          const [myTasks, theirTasks] = contestedItems('id', conflict.was?.tasks, conflict.mine.tasks ?? [], theirs.tasks);
          return { key, label: conflictLabel(key), mine: conflictValue(key, { tasks: myTasks }), theirs: conflictValue(key, { tasks: theirTasks }) };
        })
      : undefined;
  return <ConflictDialog title="This patient changed on another device" rows={rows} theirsVersion={conflict?.theirs.version} onResolve={onResolve} />;
}
