// The search engine behind /api/search: SQLite FTS5 locally, OpenSearch in the cloud. Every call is scoped to one user.
import type { ResourceType, SearchRequest, SearchResult } from '@chartside/shared';

/** What the index keeps of a resource: the searchable fields, and what a hit shows. */
export interface SearchDocument {
  userId: string;
  id: string;
  name: string;
  type: ResourceType;
  tags: string[];
  description: string;
  link: string;
  favorite: boolean;
  createdAt: string;
  /** The plain text of every section, one after another. */
  text: string;
}

export interface SearchIndex {
  /** Adds or replaces a resource. */
  upsert(document: SearchDocument): Promise<void>;
  remove(userId: string, resourceId: string): Promise<void>;
  /** Drops every resource of the user (before a reindex). */
  removeUser(userId: string): Promise<void>;
  search(userId: string, request: SearchRequest): Promise<SearchResult>;
}
