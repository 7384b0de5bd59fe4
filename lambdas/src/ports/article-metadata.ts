// Article metadata from the outside world: Crossref for a DOI; an article page's citation meta tags plus Unpaywall for
// auto-fill. Failures are AppErrors: not_found, rate_limited, unavailable (offline, timed out, or the service failed).
import type { ArticleLookup, ResolvedDoi } from '@chartside/shared';

export interface ArticleMetadata {
  resolveDoi(doi: string): Promise<ResolvedDoi>;
  lookup(articleUrl: string): Promise<ArticleLookup>;
}
