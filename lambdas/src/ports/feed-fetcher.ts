// A feed (RSS, Atom or JSON Feed) from the web. Failures are AppErrors whose message says what went wrong with the source
// (not reachable, timed out, too large, not a feed); the refresh stores that message as the source's error.

export interface FetchedFeedItem {
  /** The item's guid or id, else its link: what makes it the same item at the next fetch. */
  key: string;
  title: string;
  link: string;
  /** ISO time, when the feed gives one. */
  published?: string;
  /** Sanitized HTML. */
  summary: string;
}

export interface FeedValidators {
  etag?: string;
  lastModified?: string;
}

export type FetchedFeed = { changed: false } | { changed: true; validators: FeedValidators; items: FetchedFeedItem[] };

export interface FeedFetcher {
  /** A conditional GET with the validators of the last fetch: `changed: false` when the source answered 304. */
  fetch(url: string, validators: FeedValidators): Promise<FetchedFeed>;
}
