// Fetching an article's open-access PDF through the real API into s3rver and DynamoDB Local, with the publisher played
// by the fixture server (tests/harness/article-fixtures.ts): stored, added to the resource and downloadable; fetched
// once however often it is asked for; and each way a publisher fails to give the PDF answered with a clear error.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { clientIdHeader, type Article, type Resource, type ResourceFile } from '@chartside/shared';
import { api, type Api, type Auth } from '../harness/api';
import { openAccessPdf } from '../harness/article-fixtures';
import { sharedRuntime } from '../harness/shared-runtime';
import { openSocket } from '../harness/socket';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const fixtures = inject('articleFixturesUrl');
const title = 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine';
const instead = "Open the article's page instead.";

let user: TestUser;
let auth: Auth;
let asUser: Api;

/** A publisher address no other test asks for, so its request count is this test's own. */
const pdfAt = (path: string) => `${fixtures}/pdfs/${path}?test=${crypto.randomUUID()}`;
const hitsOf = async (url: string) => {
  const { pathname, search } = new URL(url);
  return ((await (await fetch(`${fixtures}/hits?of=${encodeURIComponent(pathname + search)}`)).json()) as { count: number }).count;
};

const article = (pdfUrls: (string | null)[], fields: Partial<Article> = {}): Article => ({
  doi: '10.1056/NEJMoa2034577',
  title,
  journal_name: 'New England Journal of Medicine',
  published_date: '2020-12-31',
  crossref: true,
  authors: ['Fernando P. Polack'],
  oa_locations: pdfUrls.map((url_for_pdf) => ({ url_for_pdf, url: 'https://www.nejm.org/doi/full/10.1056/NEJMoa2034577', host_type: 'publisher', version: null })),
  ...fields,
});

const createArticle = async (pdfUrls: (string | null)[], fields: Partial<Article> = {}) => {
  const { status, json, text } = await asUser('POST', '/resources', { name: 'BNT162b2 trial', type: 'article', article: article(pdfUrls, fields) });
  expect(status, text).toBe(200);
  return json as unknown as Resource;
};

const fetchPdf = (as: Api, resourceId: string) => as('POST', `/resources/${resourceId}/open-access-pdf`);

const downloaded = async (filePath: string) => {
  const { json } = await asUser('POST', '/files/download-url', { filePath });
  return new Uint8Array(await (await fetch(String(json.url))).arrayBuffer());
};

beforeAll(async () => {
  user = await createUser(runtime);
  auth = await signedIn(runtime, user);
  asUser = api(runtime, auth);
});

describe('POST /api/resources/{id}/open-access-pdf', () => {
  it("stores the first address's PDF as a lasting file of the user, adds it to the resource and tells the other tabs", async () => {
    const url = pdfAt('article.pdf');
    const resource = await createArticle(['', null, url]);
    const otherTab = await openSocket(runtime, { ...auth, clientId: 'other-tab' });

    const { status, json, text } = await asUser('POST', `/resources/${resource.id}/open-access-pdf`, undefined, { [clientIdHeader]: 'this-tab' });
    expect(status, text).toBe(200);
    const { file, resource: updated } = json as unknown as { file: ResourceFile; resource: Resource };
    expect(file).toMatchObject({ name: `${title}.pdf`, extension: 'pdf', mimeType: 'application/pdf', isTemp: false, size: openAccessPdf.length });
    expect(file.filePath).toBe(`userContent/${user.userId}/${file.fileId}`);
    expect(updated).toMatchObject({ id: resource.id, version: 2, files: [file] });
    expect((await asUser('GET', `/resources/${resource.id}`)).json).toMatchObject({ version: 2, files: [file] });
    expect(await downloaded(file.filePath)).toEqual(openAccessPdf);
    expect(await otherTab.next((m) => m.type === 'resource.updated')).toEqual({ type: 'resource.updated', resourceId: resource.id, version: 2 });
    otherTab.close();
  });

  it('answers the PDF it fetched before, without fetching or storing it again', async () => {
    const url = pdfAt('article.pdf');
    const resource = await createArticle([url]);
    const first = await fetchPdf(asUser, resource.id);
    expect(first.status).toBe(200);
    const again = await Promise.all([fetchPdf(asUser, resource.id), fetchPdf(asUser, resource.id)]);
    for (const { status, json } of again) {
      expect(status).toBe(200);
      expect(json).toEqual(first.json);
    }
    const stored = (await asUser('GET', `/resources/${resource.id}`)).json as unknown as Resource;
    expect(stored.files).toHaveLength(1);
    expect(stored.version).toBe(2);
    expect(await hitsOf(url)).toBe(1);
  });

  it('keeps one copy when two clicks arrive at once', async () => {
    const resource = await createArticle([pdfAt('article.pdf')]);
    const answers = await Promise.all([fetchPdf(asUser, resource.id), fetchPdf(asUser, resource.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.json.file).toEqual(answers[1]!.json.file);
    expect(((await asUser('GET', `/resources/${resource.id}`)).json as unknown as Resource).files).toHaveLength(1);
  });

  it('follows a redirect to the PDF', async () => {
    const resource = await createArticle([pdfAt('moved')]);
    const { status, json } = await fetchPdf(asUser, resource.id);
    expect(status).toBe(200);
    expect(await downloaded((json.file as ResourceFile).filePath)).toEqual(openAccessPdf);
  });

  it('passes over an address that gives no PDF for the next one that does', async () => {
    const resource = await createArticle([pdfAt('sign-in'), pdfAt('article.pdf')]);
    const { status, json } = await fetchPdf(asUser, resource.id);
    expect(status).toBe(200);
    expect((json.resource as Resource).files).toHaveLength(1);
  });

  it('names the file after the DOI when the article has no title', async () => {
    const resource = await createArticle([pdfAt('article.pdf')], { title: '' });
    const { json } = await fetchPdf(asUser, resource.id);
    expect((json.file as ResourceFile).name).toBe('10.1056_NEJMoa2034577.pdf');
  });

  it.each([
    ['sign-in', 502, 'bad_gateway', `The publisher did not send a PDF (often it sends a sign-in page instead). ${instead}`],
    ['forbidden', 502, 'bad_gateway', `The publisher refused the PDF (403). ${instead}`],
    ['huge', 413, 'payload_too_large', `The PDF is larger than 50 MB, so it was not saved. ${instead}`],
    ['stalled', 503, 'unavailable', 'The publisher did not answer in time. Try again later.'],
  ])('answers a publisher whose /pdfs/%s gives no PDF with %i %s, and leaves the resource as it was', async (path, status, code, message) => {
    const resource = await createArticle([pdfAt(path)]);
    const response = await fetchPdf(asUser, resource.id);
    expect(response.status).toBe(status);
    expect(response.json.error).toEqual({ code, message });
    expect((await asUser('GET', `/resources/${resource.id}`)).json).toMatchObject({ version: 1, files: [] });
  });

  it("answers 404 to another user, fetching nothing and leaving the owner's resource as it was", async () => {
    const url = pdfAt('article.pdf');
    const resource = await createArticle([url]);
    const asOther = api(runtime, await signedIn(runtime, await createUser(runtime)));
    const { status, json } = await fetchPdf(asOther, resource.id);
    expect(status).toBe(404);
    expect(json.error).toEqual({ code: 'not_found', message: 'That resource was not found.' });
    expect(await hitsOf(url)).toBe(0);
    expect((await asUser('GET', `/resources/${resource.id}`)).json).toMatchObject({ version: 1, files: [] });
  });

  it('refuses a resource that is not an article, or an article without a PDF address, with 400', async () => {
    const guide = (await asUser('POST', '/resources', { name: 'HF guideline', type: 'guide' })).json as unknown as Resource;
    expect((await fetchPdf(asUser, guide.id)).json.error).toEqual({ code: 'bad_request', message: 'Only an article resource has an open-access PDF to fetch.' });
    const withoutPdf = await createArticle(['', null]);
    const response = await fetchPdf(asUser, withoutPdf.id);
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({ code: 'bad_request', message: `This article has no open-access PDF address. ${instead}` });
  });

  it('answers 404 for a resource that does not exist', async () => {
    expect((await fetchPdf(asUser, 'no-such-resource')).status).toBe(404);
  });
});
