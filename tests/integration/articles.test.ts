// Article metadata through the real API, with Crossref, Unpaywall and the article page played by the fixture server
// (tests/harness/article-fixtures.ts): resolving a DOI, Auto-fill from a page, and each outside failure's clear error.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { fixtureDois, knownDoi } from '../harness/article-fixtures';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
const fixtures = inject('articleFixturesUrl');

let asUser: Api;

beforeAll(async () => {
  asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
});

const nejmPdf = 'https://www.nejm.org/doi/pdf/10.1056/NEJMoa2034577';
const pmcPdf = 'https://europepmc.org/articles/pmc7745181?pdf=render';

describe('POST /api/articles/resolve-doi', () => {
  it.each([[knownDoi], [`https://doi.org/${knownDoi}`], [`doi:${knownDoi}`]])('resolves %s through Crossref', async (doi) => {
    const { status, json } = await asUser('POST', '/articles/resolve-doi', { doi });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      doi: knownDoi,
      title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
      journal_name: 'New England Journal of Medicine',
      published_date: '2020-12-31',
    });
    const authors = json.authors as string[];
    expect(authors.slice(0, 3)).toEqual(['Fernando P. Polack', 'Stephen J. Thomas', 'Nicholas Kitchin']);
    expect(authors).toHaveLength(29);
    expect(authors).toContain('Uğur Şahin');
  });

  it('gives what the create-by-DOI box stores: an article resource made from the resolved record is accepted as it is', async () => {
    const resolved = (await asUser('POST', '/articles/resolve-doi', { doi: knownDoi })).json;
    const { status, json } = await asUser('POST', '/resources', {
      name: resolved.title,
      type: 'article',
      link: `https://doi.org/${knownDoi}`,
      article: { ...resolved, crossref: true, oa_locations: [] },
    });
    expect(status).toBe(200);
    expect(json.article).toMatchObject({ doi: knownDoi, published_date: '2020-12-31', crossref: true });
  });

  it('refuses text that is not a DOI with 400', async () => {
    const { status, json } = await asUser('POST', '/articles/resolve-doi', { doi: 'heart failure' });
    expect(status).toBe(400);
    expect(json.error?.message).toBe('That is not a DOI. A DOI looks like 10.1056/NEJMoa2034577.');
  });

  it.each([
    [fixtureDois.missing, 404, 'not_found', `No article was found for DOI ${fixtureDois.missing}.`],
    [fixtureDois.rateLimited, 429, 'rate_limited', 'Crossref is receiving too many requests right now. Try again in a minute.'],
    [fixtureDois.broken, 503, 'unavailable', 'Crossref is not working right now (HTTP 503). Try again later.'],
    [fixtureDois.slow, 503, 'unavailable', 'Crossref did not answer in time. Try again later.'],
  ])('maps Crossref failing for %s to %i %s', async (doi, status, code, message) => {
    const response = await asUser('POST', '/articles/resolve-doi', { doi });
    expect(response.status).toBe(status);
    expect(response.json.error).toEqual({ code, message });
  });
});

describe('POST /api/articles/lookup (Auto-fill)', () => {
  it("fills title, date, DOI, journal and open-access PDFs from the page's citation tags and Unpaywall", async () => {
    const { status, json } = await asUser('POST', '/articles/lookup', { articleUrl: `${fixtures}/articles/nejm-bnt162b2` });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      title: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine',
      published_date: '2020-12-31',
      doi: knownDoi,
      journal_name: 'New England Journal of Medicine',
    });
    const locations = json.oa_locations as { url_for_pdf: string; host_type: string }[];
    expect(locations.map((l) => l.url_for_pdf)).toEqual([nejmPdf, pmcPdf]);
    expect(locations[1]).toMatchObject({ host_type: 'repository', version: 'publishedVersion' });
  });

  it('follows a redirect to the article page', async () => {
    const { status, json } = await asUser('POST', '/articles/lookup', { articleUrl: `${fixtures}/articles/moved` });
    expect(status).toBe(200);
    expect(json.doi).toBe(knownDoi);
  });

  it('falls back to Open Graph and PRISM tags, and leaves out a date known only to the month', async () => {
    const { status, json } = await asUser('POST', '/articles/lookup', { articleUrl: `${fixtures}/articles/og-only` });
    expect(status).toBe(200);
    expect(json).toEqual({ title: 'Heart failure & the kidney: a review', journal_name: 'Journal of Clinical Examples', oa_locations: [] });
  });

  it.each([
    ['/articles/missing', 404, 'not_found', 'No article page was found at that link.'],
    ['/articles/slow', 503, 'unavailable', 'The article page did not answer in time. Try again later.'],
  ])('maps the page at %s failing to %i %s', async (path, status, code, message) => {
    const response = await asUser('POST', '/articles/lookup', { articleUrl: `${fixtures}${path}` });
    expect(response.status).toBe(status);
    expect(response.json.error).toEqual({ code, message });
  });

  it('refuses an address that is not http or https with 400', async () => {
    for (const articleUrl of ['file:///etc/passwd', 'ftp://example.org/a', 'not a url']) {
      expect((await asUser('POST', '/articles/lookup', { articleUrl })).status, articleUrl).toBe(400);
    }
  });

  it('answers offline (nothing listening) as unavailable', async () => {
    const response = await asUser('POST', '/articles/lookup', { articleUrl: 'http://127.0.0.1:9/article' });
    expect(response.status).toBe(503);
    expect(response.json.error?.message).toBe('The article page could not be reached. Check the connection and try again.');
  });
});
