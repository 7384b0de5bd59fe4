// What the search index keeps of a resource: its searchable fields and what a hit shows. One mapping for both engines.
import { sectionPlainText, type Resource } from '@chartside/shared';
import type { SearchDocument } from '../ports/search-index';

/** Each section contributes its title and its plain text, so a section's heading is searchable too. */
const sectionsText = (resource: Pick<Resource, 'textSections'>): string =>
  resource.textSections
    .map((section) => [section.title.trim(), sectionPlainText(section.deltaString)].filter(Boolean).join('\n'))
    .filter(Boolean)
    .join('\n\n');

/** An encrypted resource is found by its name and tags only: its description and sections never reach the index. */
export const toSearchDocument = (userId: string, resource: Resource): SearchDocument => ({
  userId,
  id: resource.id,
  name: resource.name,
  type: resource.type,
  tags: resource.tags,
  description: resource.encrypted ? '' : resource.description,
  link: resource.link,
  favorite: resource.favorite,
  createdAt: resource.createdAt,
  text: resource.encrypted ? '' : sectionsText(resource),
});
