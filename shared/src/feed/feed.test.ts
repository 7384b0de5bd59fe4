import { describe, expect, it } from 'vitest';
import { FEED_PRESETS, FeedSourceInput, matchingKeywords, PutFeedSettingsBody } from './feed';

describe('matchingKeywords', () => {
  it.each([
    [['sepsis'], 'Sepsis bundle adherence', ['sepsis']],
    [['Sepsis', 'AKI'], 'acute kidney injury (aki) after sepsis', ['Sepsis', 'AKI']],
    [['metformin'], 'Statins in older adults', []],
    [[], 'anything', []],
  ])('matchingKeywords(%j, %j) is %j', (keywords, text, want) => expect(matchingKeywords(keywords, text)).toEqual(want));
});

describe('feed sources', () => {
  it.each([
    ['https://www.bmj.com/rss/recent.xml', true],
    ['http://127.0.0.1:8080/feed.json', true],
    ['javascript:alert(1)', false],
    ['ftp://example.org/feed.xml', false],
    ['https://exa mple.org/feed', false],
    ['not a url', false],
  ])('%j is a feed address: %j', (url, ok) => expect(FeedSourceInput.safeParse({ url, title: 'x' }).success).toBe(ok));

  it('every preset is a valid source, each address once', () => {
    const body = { version: 0, keywords: [], sources: FEED_PRESETS.map(({ url, title }) => ({ url, title })) };
    expect(PutFeedSettingsBody.safeParse(body).success).toBe(true);
  });
});
