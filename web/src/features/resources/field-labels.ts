// What the user calls each field of a resource, in the conflict and leave-without-saving dialogs.
import type { FieldName } from './resource-saver';

export const fieldLabels: Record<FieldName, string> = {
  name: 'Name',
  type: 'Type',
  description: 'Description',
  link: 'Link',
  tags: 'Tags',
  favorite: 'Favorite',
  files: 'Files',
  textSections: 'Sections',
  article: 'Article details',
  public: 'Public',
  review: 'Review',
  encrypted: 'Encrypted',
  pdfHighlights: 'Highlights',
  articleNotes: 'Highlights',
};

/** 'Name, Description and Sections': the labels of the given fields, each once. */
export const fieldList = (fields: FieldName[]): string => {
  const labels = [...new Set(fields.map((field) => fieldLabels[field]))];
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};
