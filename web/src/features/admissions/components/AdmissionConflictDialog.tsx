// The admission note's fields in the shared conflict dialog: the title, the demographics line, and of the sections only
// those both devices changed, each with its text.
import { contestedItems, sectionPlainText, type Admission, type AdmissionFields, type AdmissionSection } from '@chartside/shared';
import { ConflictDialog, type ConflictRow, type ResolveConflict } from '../../../components/ConflictDialog';
import type { FieldConflict } from '../../../platform/autosave/record-saver';
import { admissionFieldsOf } from '../admission-saver';

export type AdmissionConflict = FieldConflict<Admission, AdmissionFields>;

const labels: Record<keyof AdmissionFields, string> = { title: 'Title', demographics: 'Demographics', sections: 'Sections' };

const sectionsText = (sections: AdmissionSection[]) =>
  sections.map((section) => `${section.title || 'Untitled section'}: ${sectionPlainText(section.body).trim() || '(empty)'}`).join('\n') || '(none)';

const row = (field: keyof AdmissionFields, { mine, was, theirs }: AdmissionConflict): ConflictRow => {
  const their = admissionFieldsOf(theirs);
  if (field === 'sections') {
    const [mySections, theirSections] = contestedItems('id', was?.sections, mine.sections ?? [], their.sections);
    return { key: field, label: labels[field], mine: sectionsText(mySections), theirs: sectionsText(theirSections) };
  }
  return { key: field, label: labels[field], mine: mine[field] || '(empty)', theirs: their[field] || '(empty)' };
};

export function AdmissionConflictDialog({ conflict, onResolve }: { conflict: AdmissionConflict | undefined; onResolve: ResolveConflict }) {
  const rows = conflict?.fields.map((field) => row(field, conflict));
  return <ConflictDialog title="This note changed on another device" rows={rows} theirsVersion={conflict?.theirs.version} onResolve={onResolve} />;
}
