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

/**
 * A resource found for a question: what the index holds of it, and its section text around the best match. An encrypted
 * resource's description and text never reach the index, so it comes with its name and tags only.
 */
export interface Passage {
  id: string;
  name: string;
  tags: string[];
  description: string;
  /** Section text around the best match (its start when only other fields matched); '' when it has none. */
  excerpt: string;
}

/** What passages are looked up for: a question, and the one asked before it (for a follow-up). */
export interface PassageLookup {
  question: string;
  context?: string;
}

export interface SearchIndex {
  /** Adds or replaces a resource. */
  upsert(document: SearchDocument): Promise<void>;
  remove(userId: string, resourceId: string): Promise<void>;
  /** Drops every resource of the user (before a reindex). */
  removeUser(userId: string): Promise<void>;
  search(userId: string, request: SearchRequest): Promise<SearchResult>;
  /**
   * The user's resources matching any word of the question (passageWords; a word of 4 letters or more also as a
   * prefix), best first by passageFieldWeights, the context's words adding to the rank but never matching alone, newest
   * first among equals; at most `limit`. None for a question of common words only.
   */
  passages(userId: string, lookup: PassageLookup, limit: number): Promise<Passage[]>;
}
