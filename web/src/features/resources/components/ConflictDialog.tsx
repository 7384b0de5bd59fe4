// The resource's fields in the shared conflict dialog: labels and readable values of each kind of field.
import { contestedItems, sectionPlainText, type ResourceFields } from '@chartside/shared';
import { ConflictDialog, type ResolveConflict } from '../../../components/ConflictDialog';
import { resourceTypeStyles } from '../../../components/ResourceTypeIcon';
import { fieldLabels } from '../field-labels';
import { fieldsOf, type FieldName, type ResourceConflict } from '../resource-saver';

/** A readable form of a field's value. */
const show = (field: FieldName, fields: Partial<ResourceFields>): string => {
  switch (field) {
    case 'type':
      return fields.type ? resourceTypeStyles[fields.type].label : '';
    case 'tags':
      return fields.tags?.join(', ') || '(none)';
    case 'files':
      return fields.files?.map((f) => f.name).join(', ') || '(none)';
    case 'textSections':
      // Each section with its text: both devices may have typed into the same one, and the user keeps one version.
      return fields.textSections?.map((s, i) => `${s.title || `Section ${i + 1}`}: ${sectionPlainText(s.deltaString).trim() || '(empty)'}`).join('\n') || '(none)';
    case 'favorite':
      return fields.favorite ? 'Yes' : 'No';
    case 'article':
      return fields.article ? [fields.article.title, fields.article.doi].filter(Boolean).join(' · ') : '(none)';
    default: {
      const value = fields[field];
      return typeof value === 'string' ? value || '(empty)' : JSON.stringify(value);
    }
  }
};

/** My and their values of a conflicting field; of a list, only the items both devices changed (what the choice settles). */
const sides = (field: FieldName, { mine, was, theirs }: ResourceConflict): [Partial<ResourceFields>, Partial<ResourceFields>] => {
  const their = fieldsOf(theirs);
  if (field === 'textSections') {
    const [mySections, theirSections] = contestedItems('id', was?.textSections, mine.textSections ?? [], their.textSections);
    return [{ textSections: mySections }, { textSections: theirSections }];
  }
  if (field === 'files') {
    const [myFiles, theirFiles] = contestedItems('filePath', was?.files, mine.files ?? [], their.files);
    return [{ files: myFiles }, { files: theirFiles }];
  }
  return [mine, their];
};

export function ResourceConflictDialog({ conflict, onResolve }: { conflict: ResourceConflict | undefined; onResolve: ResolveConflict }) {
  const rows = conflict?.fields.map((field) => {
    const [mine, theirs] = sides(field, conflict);
    return { key: field, label: fieldLabels[field], mine: show(field, mine), theirs: show(field, theirs) };
  });
  return <ConflictDialog title="This resource changed on another device" rows={rows} theirsVersion={conflict?.theirs.version} onResolve={onResolve} />;
}
