// The feed's rules over the repository: settings with source ids derived from the address, and the refresh that fetches
// every source of a user (a few at a time), stores the new items (deduplicated by guid or link, newest MAX_FEED_ITEMS
// kept), records each source's outcome (a failing source keeps its error, nothing else is affected), tells the user's
// open tabs the new unread count and pushes new items matching the user's keywords to the devices that opted in.
import { createHash } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import {
  AppError,
  MAX_FEED_ITEMS,
  matchingKeywords,
  versionConflict,
  type FeedItem,
  type FeedRefreshResponse,
  type FeedSettings,
  type PutFeedSettingsBody,
} from '@chartside/shared';
import type { FeedRepository, StoredSourceStatus } from '../data/feed-repository';
import type { Clock } from '../ports/clock';
import type { FeedFetcher, FetchedFeed } from '../ports/feed-fetcher';
import type { Broadcast } from '../ws/broadcast';
import { notifyNewFeedItems, type FeedPushDeps } from './feed-push';

export interface FeedDeps extends FeedPushDeps {
  feed: FeedRepository;
  feedFetcher: FeedFetcher;
  broadcast: Broadcast;
  clock: Clock;
  logger: Logger;
}

/** Sources fetched at once for one user: enough to hide slow ones, few enough to be polite to one machine. */
const FETCH_CONCURRENCY = 8;

const digest = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);
export const sourceIdOf = (url: string) => digest(url, 16);
const itemIdOf = (sourceId: string, key: string) => digest(`${sourceId}\n${key}`, 24);

const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ');

/** Runs `run` over `values`, at most `limit` at a time, keeping the order of the results. */
export const mapLimited = async <T, R>(values: readonly T[], limit: number, run: (value: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(values.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, values.length) }, async () => {
      while (next < values.length) {
        const index = next++;
        results[index] = await run(values[index]!);
      }
    }),
  );
  return results;
};

export const feedSettings = async (deps: Pick<FeedDeps, 'feed'>, userId: string): Promise<FeedSettings> => {
  const [stored, statuses] = await Promise.all([deps.feed.getSettings(userId), deps.feed.sourceStatuses(userId)]);
  return {
    version: stored.version,
    keywords: stored.keywords,
    sources: stored.sources.map((source) => {
      const status = statuses.get(source.id);
      return { ...source, ...(status && { status: { checkedAt: status.checkedAt, itemCount: status.itemCount, ...(status.error && { error: status.error }) } }) };
    }),
  };
};

const announce = async (deps: Pick<FeedDeps, 'feed' | 'broadcast'>, userId: string) => {
  await deps.broadcast(userId, { type: 'feed.updated', unread: await deps.feed.unreadCount(userId) });
};

/** Replaces sources and keywords; a removed source's items and status go with it. */
export const saveFeedSettings = async (deps: Pick<FeedDeps, 'feed' | 'broadcast'>, userId: string, body: PutFeedSettingsBody): Promise<FeedSettings> => {
  const stored = await deps.feed.getSettings(userId);
  if (stored.version !== body.version) throw versionConflict('The feed settings');
  const sources = body.sources.map((source) => ({ ...source, id: sourceIdOf(source.url) }));
  await deps.feed.putSettings(userId, { version: stored.version + 1, sources, keywords: body.keywords });
  const kept = new Set(sources.map((s) => s.id));
  const removed = stored.sources.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (removed.length > 0) {
    const gone = new Set(removed);
    await deps.feed.writeItems(userId, [], (await deps.feed.listItems(userId)).filter((item) => gone.has(item.sourceId)));
    await deps.feed.removeSourceStatuses(userId, removed);
    await announce(deps, userId);
  }
  return feedSettings(deps, userId);
};

type Outcome = { sourceId: string; fetched: FetchedFeed } | { sourceId: string; error: string };

const fetchSource = async (deps: FeedDeps, source: { id: string; url: string }, status: StoredSourceStatus | undefined): Promise<Outcome> => {
  try {
    const validators = { etag: status?.etag, lastModified: status?.lastModified };
    return { sourceId: source.id, fetched: await deps.feedFetcher.fetch(source.url, status?.error ? {} : validators) };
  } catch (error) {
    if (error instanceof AppError) return { sourceId: source.id, error: error.message };
    deps.logger.warn('feed source failed', { sourceId: source.id, error: error instanceof Error ? error.message : String(error) });
    return { sourceId: source.id, error: 'The feed could not be read.' };
  }
};

const statusAfter = (outcome: Outcome, previous: StoredSourceStatus | undefined, checkedAt: string): StoredSourceStatus => {
  if ('error' in outcome) return { checkedAt, itemCount: 0, error: outcome.error };
  if (!outcome.fetched.changed) return { ...previous, checkedAt, itemCount: previous?.itemCount ?? 0 };
  const { etag, lastModified } = outcome.fetched.validators;
  return { checkedAt, itemCount: outcome.fetched.items.length, ...(etag && { etag }), ...(lastModified && { lastModified }) };
};

/** Fetches every source of the user now (the manual update and the schedule both call this). */
export const refreshFeed = async (deps: FeedDeps, userId: string): Promise<FeedRefreshResponse> => {
  const [settings, statuses] = await Promise.all([deps.feed.getSettings(userId), deps.feed.sourceStatuses(userId)]);
  if (settings.sources.length === 0) return { added: 0, sources: [] };
  const outcomes = await mapLimited(settings.sources, FETCH_CONCURRENCY, (source) => fetchSource(deps, source, statuses.get(source.id)));
  const now = deps.clock.now().toISOString();

  // The stored items are read only when some source has changed: most scheduled runs are all 304.
  const anyChanged = outcomes.some((outcome) => 'fetched' in outcome && outcome.fetched.changed);
  const existing = anyChanged ? await deps.feed.listItems(userId) : [];
  const known = new Set(existing.map((item) => item.id));
  const fresh: FeedItem[] = [];
  for (const outcome of outcomes) {
    if (!('fetched' in outcome) || !outcome.fetched.changed) continue;
    for (const item of outcome.fetched.items) {
      const id = itemIdOf(outcome.sourceId, item.key);
      if (known.has(id)) continue;
      known.add(id);
      const keywords = matchingKeywords(settings.keywords, `${item.title} ${textOf(item.summary)}`);
      fresh.push({ id, sourceId: outcome.sourceId, title: item.title, link: item.link, published: item.published ?? now, summary: item.summary, read: false, keywords });
    }
  }
  // Bounded per user: the newest MAX_FEED_ITEMS stay, whether already stored or new.
  const newestFirst = [...existing, ...fresh].sort((a, b) => b.published.localeCompare(a.published));
  const kept = new Set(newestFirst.slice(0, MAX_FEED_ITEMS).map((item) => item.id));
  const added = fresh.filter((item) => kept.has(item.id));
  const dropped = existing.filter((item) => !kept.has(item.id));
  await deps.feed.writeItems(userId, added, dropped);
  await deps.feed.putSourceStatuses(userId, new Map(outcomes.map((outcome) => [outcome.sourceId, statusAfter(outcome, statuses.get(outcome.sourceId), now)])));
  if (added.length > 0 || dropped.length > 0) await announce(deps, userId);
  await notifyNewFeedItems(deps, userId, added);

  const addedBySource = new Map<string, number>();
  for (const item of added) addedBySource.set(item.sourceId, (addedBySource.get(item.sourceId) ?? 0) + 1);
  return {
    added: added.length,
    sources: outcomes.map((outcome) => ({ id: outcome.sourceId, added: addedBySource.get(outcome.sourceId) ?? 0, ...('error' in outcome && { error: outcome.error }) })),
  };
};

export const setFeedItemRead = async (deps: Pick<FeedDeps, 'feed' | 'broadcast'>, userId: string, itemId: string, read: boolean): Promise<FeedItem> => {
  const item = await deps.feed.setRead(userId, itemId, read);
  await announce(deps, userId);
  return item;
};

export const markAllFeedItemsRead = async (deps: Pick<FeedDeps, 'feed' | 'broadcast'>, userId: string): Promise<number> => {
  const updated = await deps.feed.markAllRead(userId);
  if (updated > 0) await announce(deps, userId);
  return updated;
};
