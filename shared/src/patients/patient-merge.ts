// How two devices' edits of one patient merge (the autosave's three-way merge rules). The patient is merged as a flat
// draft: every top-level field, and one key per note section ('section:exam'), so two devices editing different
// sections merge and a conflict names the section. Tasks merge by id, tags as a set, a section's parts (text,
// structure, expanded) one by one, and lastAccessed takes the later time (never a conflict).
import { changedFields, mergeFields, mergeListById, sameValue, type FieldMerger, type FieldMergers } from '../sync/merge-fields';
import { patientSections, type FieldValue, type PatientFields, type PatientSection, type Task } from './patient';

export type PatientSectionKey = `section:${PatientSection}`;
/** A patient's editable fields, flat: the top-level fields and one key per note section. */
export type PatientDraft = Omit<PatientFields, 'fields'> & { [K in PatientSectionKey]?: FieldValue };

export const patientSectionKey = (section: PatientSection): PatientSectionKey => `section:${section}`;

/** Tags as a set: what I added joins theirs, what I removed leaves it; their order first. Never a conflict. */
export const mergeTagSets: FieldMerger<string[]> = (base, mine, theirs) => {
  const removed = new Set(base.filter((tag) => !mine.includes(tag)));
  const added = mine.filter((tag) => !base.includes(tag));
  const merged = [...theirs.filter((tag) => !removed.has(tag))];
  for (const tag of added) if (!merged.includes(tag)) merged.push(tag);
  return { value: merged };
};

/** The later of two ISO times. */
export const laterTime: FieldMerger<string> = (_base, mine, theirs) => ({ value: mine > theirs ? mine : theirs });

/**
 * A section's parts one by one: one device typing while the other collapses it (or edits its problem list) both stay.
 * A part I removed (a cleared section drops its `data`) is a change too: their other edits do not bring it back.
 */
export const mergeSectionParts: FieldMerger<FieldValue | undefined> = (base, mine, theirs, prefer) => {
  if (!mine || !theirs) return 'conflict';
  const from: FieldValue = base ?? { deltaString: '' };
  const myParts: Partial<FieldValue> = changedFields(from, mine);
  for (const part of Object.keys(from) as (keyof FieldValue)[]) if (!(part in mine) && from[part] !== undefined) myParts[part] = undefined;
  const { mine: keep, conflicts } = mergeFields(from, myParts, theirs, {}, prefer);
  if (conflicts.length > 0) return 'conflict';
  const value: FieldValue = { ...theirs, ...keep };
  for (const part of Object.keys(value) as (keyof FieldValue)[]) if (value[part] === undefined) delete value[part];
  return { value: sameValue(value, theirs) ? theirs : value };
};

export const patientFieldMergers: FieldMergers<PatientDraft> = {
  tasks: mergeListById<Task, 'id'>('id'),
  tags: mergeTagSets,
  lastAccessed: laterTime,
  ...Object.fromEntries(patientSections.map((section) => [patientSectionKey(section), mergeSectionParts])),
};
