// Home in Chromium against the real runtime: the search (query, tag facet, Flagged, page size, pages, all kept in the
// URL), the home lists (create, rename, add from search, reorder, open, delete, kept across reloads) and creating an
// article from a DOI, answered by the recorded Crossref record of the suite's article fixtures.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { knownDoi, fixtureDois } from '../harness/article-fixtures';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;
let user: TestUser;
let asUser: Api;
let page: Page;

const SEPSIS_COUNT = 14;
const ASTHMA_COUNT = 16;
const sepsisTags = ['Sepsis', 'ICU', 'Antibiotics', 'Fluids', 'Lactate', 'Cultures', 'Vasopressors', 'Shock'];
const ids: Record<string, string> = {};

const create = async (body: Record<string, unknown>) => {
  const { status, json, text } = await asUser('POST', '/resources', body);
  if (status !== 200) throw new Error(`create answered ${status}: ${text}`);
  return json as { id: string; version: number };
};

/**
 * The library: 'Sepsis pathway 1..14' (odd ones tagged ICU, even ones Ward; every third flagged; the first with eight
 * tags and a link) and 'Asthma plan 1..16'.
 */
const seed = async () => {
  for (let i = 1; i <= SEPSIS_COUNT; i += 1) {
    const name = `Sepsis pathway ${i}`;
    const created = await create({
      name,
      type: 'clinical',
      description: 'Early antibiotics and fluids for septic shock.',
      tags: i === 1 ? sepsisTags : ['Sepsis', i % 2 ? 'ICU' : 'Ward'],
      ...(i === 1 ? { link: 'https://www.example.org/sepsis' } : {}),
    });
    ids[name] = created.id;
    if (i % 3 === 0) {
      const { status, text } = await asUser('PATCH', `/resources/${created.id}`, { version: created.version, favorite: true });
      if (status !== 200) throw new Error(`favorite answered ${status}: ${text}`);
    }
  }
  for (let i = 1; i <= ASTHMA_COUNT; i += 1) {
    const name = `Asthma plan ${i}`;
    ids[name] = (await create({ name, type: 'guide', description: 'Inhaler steps.', tags: ['Pulmonology'] })).id;
  }
};

/** Indexing follows the table's stream: wait until the search sees the whole library (expect.poll works only inside a test). */
const indexed = async (total: number) => {
  let found: unknown;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    found = (await asUser('POST', '/search', { query: '', perPage: 10 })).json?.found;
    if (found === total) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The search found ${String(found)} of ${total} resources after 30 s.`);
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  await seed();
  await indexed(SEPSIS_COUNT + ASTHMA_COUNT);
  page = await (await newContext(browser)).newPage();
  await signIn(page, runtime.url, user);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const searchBox = (p: Page) => p.getByRole('searchbox', { name: 'Search' });
const resultCount = (p: Page, text: string) => p.getByText(text, { exact: true }).waitFor({ timeout: 15_000 });
const results = (p: Page) => p.getByRole('list', { name: 'Search results' }).locator(':scope > li');
const resultNamed = (p: Page, name: string) => results(p).filter({ has: p.getByRole('link', { name, exact: true }) });
/** The page's URL query, one entry per parameter. */
const searchParams = (p: Page) => new URL(p.url()).searchParams.toString();

describe('searching the library', () => {
  it('searches by query, narrows by a tag facet and Flagged, changes page size and page, and keeps it all in the URL', async () => {
    await page.goto(`${runtime.url}/`);
    await resultCount(page, `${SEPSIS_COUNT + ASTHMA_COUNT} resources`);

    await searchBox(page).fill('sepsis');
    await resultCount(page, `${SEPSIS_COUNT} resources`);
    await page.waitForURL(/\?q=sepsis$/);
    // The match is highlighted in the name; the first pathway shows six of its eight tags, then '+2 more'.
    const first = resultNamed(page, 'Sepsis pathway 1');
    expect(await first.locator('mark').first().textContent()).toBe('Sepsis');
    expect(await first.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([...sepsisTags.slice(0, 6), '+2 more']);
    expect(await first.getByRole('link', { name: 'Open the link of Sepsis pathway 1 in a new tab' }).getAttribute('href')).toBe('https://www.example.org/sepsis');
    expect(await first.getByRole('link', { name: 'Edit Sepsis pathway 1' }).getAttribute('href')).toBe(`/resources/${ids['Sepsis pathway 1']}?edit=1`);
    expect(await results(page).count()).toBe(SEPSIS_COUNT);
    await shot(page, 'home-search-desktop', true);

    await page.getByRole('combobox', { name: 'Results per page' }).selectOption('10');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => results(page).count(), { timeout: 15_000 }).toBe(SEPSIS_COUNT - 10);
    expect(searchParams(page)).toBe('q=sepsis&page=2&per=10');

    // A chip's checkbox is visually hidden: click its label, as a clinician does.
    await page.getByRole('group', { name: 'Filter by tag' }).getByText('ICU (7)', { exact: true }).click();
    await resultCount(page, '7 resources');
    expect(await page.getByRole('checkbox', { name: 'ICU (7)' }).isChecked()).toBe(true);
    expect(searchParams(page)).toBe('q=sepsis&tag=ICU&per=10');

    await page.getByRole('switch', { name: 'Flagged' }).click({ force: true });
    await resultCount(page, '2 resources');
    expect((await results(page).getByRole('link', { name: /^Sepsis pathway \d+$/ }).allTextContents()).sort()).toEqual(['Sepsis pathway 3', 'Sepsis pathway 9']);
    expect(searchParams(page)).toBe('q=sepsis&flagged=1&tag=ICU&per=10');

    // A reload restores the search; Back undoes the last filter.
    await page.reload();
    await resultCount(page, '2 resources');
    expect(await searchBox(page).inputValue()).toBe('sepsis');
    expect(await page.getByRole('switch', { name: 'Flagged' }).isChecked()).toBe(true);
    await page.goBack();
    await resultCount(page, '7 resources');
    expect(await page.getByRole('switch', { name: 'Flagged' }).isChecked()).toBe(false);

    await searchBox(page).fill('zzzz nothing like this');
    await page.getByText('No Results', { exact: true }).waitFor({ timeout: 15_000 });
  });

  it('reads well on a phone', async () => {
    const phone = await (await newContext(browser, PHONE)).newPage();
    await signIn(phone, runtime.url, user);
    await phone.goto(`${runtime.url}/?q=sepsis&per=10`);
    await resultCount(phone, `${SEPSIS_COUNT} resources`);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await shot(phone, 'home-search-phone', true);
    const { violations } = await new AxeBuilder({ page: phone }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await phone.context().close();
  });
});

describe('home lists', () => {
  const list = (p: Page, name: string) => p.getByRole('region', { name, exact: true });
  const listNames = (p: Page) => p.getByRole('region', { name: 'Home lists' }).getByRole('region').evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')));
  const saved = (p: Page) => p.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'PATCH' && r.status() === 200);

  const createList = async (p: Page, name: string) => {
    const save = saved(p);
    await p.getByRole('textbox', { name: 'New list' }).fill(name);
    await p.getByRole('button', { name: 'Create list' }).click();
    await save;
  };

  const addToList = async (p: Page, resource: string, listName: string) => {
    const save = saved(p);
    await resultNamed(p, resource).getByRole('button', { name: `Add ${resource} to a list` }).click();
    // Exact: the menu of the last result may still be closing, its item named '<list> Added'.
    await p.getByRole('menuitem', { name: listName, exact: true }).click();
    await save;
  };

  it('creates, renames, fills from search, reorders, opens and deletes lists, kept across reloads', async () => {
    await page.goto(`${runtime.url}/?q=asthma+plan+1`);
    await createList(page, 'Reading');
    await createList(page, 'Sepsis work');

    const rename = saved(page);
    await list(page, 'Reading').getByRole('button', { name: 'Rename Reading' }).click();
    await page.getByRole('textbox', { name: 'List name' }).fill('To read');
    await page.getByRole('textbox', { name: 'List name' }).press('Enter');
    await rename;

    await resultNamed(page, 'Asthma plan 1').waitFor({ timeout: 15_000 });
    await addToList(page, 'Asthma plan 1', 'To read');
    await addToList(page, 'Asthma plan 12', 'To read');
    await searchBox(page).fill('sepsis pathway 1');
    await resultNamed(page, 'Sepsis pathway 1').waitFor({ timeout: 15_000 });
    await addToList(page, 'Sepsis pathway 1', 'Sepsis work');

    const move = saved(page);
    await page.getByRole('button', { name: 'Move Sepsis work left' }).click();
    await move;
    expect(await listNames(page)).toEqual(['Sepsis work', 'To read']);
    expect(await page.getByRole('button', { name: 'Move Sepsis work left' }).isDisabled()).toBe(true);
    await shot(page, 'home-lists-desktop');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Saved on the server: a reload shows the same lists in the same order. (A reload first shows the copy cached for
    // offline use, which may be a moment older, then the server's: hence the polls.)
    await page.reload();
    await expect.poll(() => listNames(page), { timeout: 15_000 }).toEqual(['Sepsis work', 'To read']);
    await expect.poll(() => list(page, 'To read').getByRole('link').allTextContents(), { timeout: 15_000 }).toEqual(['Asthma plan 1', 'Asthma plan 12']);

    // An item with a link opens it in a new tab; any other item opens its resource page.
    const external = list(page, 'Sepsis work').getByRole('link', { name: 'Sepsis pathway 1' });
    expect(await external.getAttribute('href')).toBe('https://www.example.org/sepsis');
    expect(await external.getAttribute('target')).toBe('_blank');
    await list(page, 'To read').getByRole('link', { name: 'Asthma plan 12' }).click();
    await page.waitForURL(`**/resources/${ids['Asthma plan 12']}`);
    await page.getByRole('heading', { level: 1, name: 'Asthma plan 12' }).waitFor({ timeout: 15_000 });
    await page.goBack();

    const remove = saved(page);
    await list(page, 'To read').getByRole('button', { name: 'Delete To read' }).click();
    await page.getByRole('dialog', { name: 'Delete the list To read?' }).getByRole('button', { name: 'Delete list' }).click();
    await remove;
    await page.reload();
    await expect.poll(() => listNames(page), { timeout: 15_000 }).toEqual(['Sepsis work']);
  });
});

describe('a new article from its DOI', () => {
  it('says what a DOI looks like, and passes on what Crossref says about an unknown one', async () => {
    await page.goto(`${runtime.url}/`);
    const doi = page.getByRole('textbox', { name: 'DOI' });
    await doi.fill('covid vaccine trial');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Enter a DOI such as', { exact: false }).waitFor();
    await doi.fill(fixtureDois.missing);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const alert = page.getByRole('region', { name: 'New article from a DOI' }).getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toBe(`No article was found for DOI ${fixtureDois.missing}.`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it("creates the article from Crossref's record and opens it", async () => {
    await page.goto(`${runtime.url}/`);
    await page.getByRole('textbox', { name: 'DOI' }).fill(`https://doi.org/${knownDoi}`);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/resources\/[^/?]+$/, { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Safety and Efficacy of the BNT162b2 mRNA Covid-19 Vaccine' }).waitFor({ timeout: 20_000 });
    await page.getByText('New England Journal of Medicine').first().waitFor();
    await shot(page, 'home-doi-created');
  });
});
