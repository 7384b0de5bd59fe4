// The two AI tools in Chromium against the real runtime, its AI pointed at the model double (Ollama's wire format):
// Case Chat (a case picked from the library, a message sent, the reply streamed in piece by piece with the case's text
// given to the model, the place kept in the URL across a reload, the case's chats listed) and Vector Search (a question
// of one's own library answered with a citation that opens the cited resource, the conversation still there on
// coming back). Each page is shot at desktop and phone width, and checked with axe (WCAG 2.x A/AA, best practices).
import AxeBuilder from '@axe-core/playwright';
import type { Resource } from '@chartside/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { textSection } from '../harness/resources';
import { sharedModel } from '../harness/shared-model';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
const model = sharedModel();
/**
 * A description carrying this file's key: what the model is given of the resource carries it then, so the model double
 * answers from this file's script. (A question with the key in it would match every resource by the key's words.)
 */
const keyed = (text: string) => `${text} (${model.key})`;
let browser: Browser;
let user: TestUser;
let asUser: Api;
let page: Page;

/** A resource with its sections, once the search index has it. */
const addResource = async (fields: { name: string; type: string; tags?: string[]; description?: string }, sections: [string, string][]) => {
  const created = (await asUser('POST', '/resources', fields)).json as unknown as Resource;
  const saved = (await asUser('PATCH', `/resources/${created.id}`, { version: created.version, textSections: sections.map(([title, text]) => textSection(title, text)) })).json as unknown as Resource;
  await expect
    .poll(async () => ((await asUser('POST', '/search', { query: fields.name })).json as { hits: { id: string }[] }).hits.map((hit) => hit.id), { timeout: 15_000 })
    .toContain(created.id);
  return saved;
};

/** axe's violations, one line each: rule, impact and the elements it found. */
const violations = async (p: Page) => {
  const { violations: found } = await new AxeBuilder({ page: p }).analyze();
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** The page shot at desktop width, then at phone width (the same page, resized), then back. */
const shootBoth = async (p: Page, name: string) => {
  await shot(p, `${name}-desktop`);
  await p.setViewportSize(PHONE);
  await p.waitForTimeout(300);
  await shot(p, `${name}-phone`);
  await p.setViewportSize(DESKTOP);
};

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  page = await (await newContext(browser)).newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});

afterAll(async () => {
  await browser?.close();
});

afterEach(() => model.reset());

describe('Case Chat', () => {
  it('picks a case, sends a message and shows the reply as it streams in, the case given to the model', async () => {
    const septic = await addResource({ name: 'Septic shock, 64M', type: 'case', tags: ['ICU'], description: keyed('Urosepsis, day 1 in the ICU.') }, [
      ['History', 'A 64-year-old man with fever, dysuria and confusion; lactate 4.2 mmol/L.'],
      ['Course', 'MAP 58 mmHg after 30 mL/kg of balanced crystalloid; norepinephrine started.'],
    ]);
    await addResource({ name: 'Sepsis bundle', type: 'guide', tags: ['ICU'] }, [['Hour one', 'Lactate, cultures, antibiotics, fluids, vasopressors.']]);

    await page.goto(`${runtime.url}/tools/casechat`);
    await page.getByRole('heading', { level: 1, name: 'Case Chat' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('banner').count()).toBe(0);
    const cases = page.getByRole('region', { name: 'Cases' });
    await cases.getByRole('link', { name: /Septic shock, 64M/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('region', { name: 'Other resources' }).getByRole('link', { name: /Sepsis bundle/ }).count()).toBe(1);
    await shootBoth(page, 'tool-casechat-picker');
    expect(await violations(page)).toEqual([]);

    await cases.getByRole('link', { name: /Septic shock, 64M/ }).click();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor({ timeout: 20_000 });
    await page.getByText('Chat will appear here').waitFor();
    await page.waitForURL(new RegExp(`/tools/casechat\\?resource=${septic.id}&chat=[\\w-]+$`));

    const steps = Array.from({ length: 24 }, (_, i) => `<p>Step ${i + 1}.</p>`);
    await model.reply({ pieces: steps, delayMs: 150 });
    await composer.fill('What should come next for this patient?');
    await composer.press('Enter');
    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    await expect.poll(() => reply.innerText(), { timeout: 15_000 }).toContain('Step 2.');
    expect(await reply.innerText()).not.toContain('Step 24.');
    await shot(page, 'tool-casechat-streaming-desktop');
    await expect.poll(() => reply.innerText(), { timeout: 20_000 }).toContain('Step 24.');

    // The model was given the case.
    const system = ((await model.requests()).at(-1)!.body as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === 'system')!.content;
    expect(system).toContain('Septic shock, 64M');
    expect(system).toContain('norepinephrine started');

    // A reload keeps the place: the same chat, listed among the case's chats.
    const url = page.url();
    await page.reload();
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).last().innerText(), { timeout: 20_000 }).toContain('Step 24.');
    expect(page.url()).toBe(url);
    await page.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: /What should come next/ }).waitFor({ timeout: 10_000 });
    await shootBoth(page, 'tool-casechat-chat');
    expect(await violations(page)).toEqual([]);

    // On a phone the case's chats are in a drawer.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Chats' }).click();
    const drawer = page.getByRole('dialog', { name: 'Chats about this resource' });
    await drawer.getByRole('link', { name: /What should come next/ }).waitFor();
    await page.waitForTimeout(400); // the drawer slides in
    await shot(page, 'tool-casechat-chats-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('link', { name: 'Back to Tools' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();
  });
});

describe('Vector Search', () => {
  it('answers a question from the library, citing the resource, and the citation opens it', async () => {
    const apixaban = await addResource({ name: 'Apixaban in the elderly', type: 'case', tags: ['Cardiology'], description: keyed('An 84-year-old with atrial fibrillation and CKD.') }, [
      ['Plan', 'Dose reduced to apixaban 2.5 mg twice daily: age over 80 and creatinine 1.6 mg/dL.'],
    ]);

    await page.goto(`${runtime.url}/tools/vectorsearch`);
    await page.getByRole('heading', { level: 1, name: 'Vector Search' }).waitFor({ timeout: 20_000 });
    await shootBoth(page, 'tool-vectorsearch-empty');

    await model.reply('Give apixaban 2.5 mg twice daily, as in the elderly case [1].\n\nTwo criteria apply:\n- age over 80 [1]\n- creatinine 1.5 mg/dL or more [1]');
    const question = page.getByRole('textbox', { name: 'Question' });
    await question.fill('What apixaban dose for an 85-year-old with CKD?');
    await question.press('Enter');
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 20_000 });
    expect(await answer.innerText()).toContain('Give apixaban 2.5 mg twice daily');
    const citation = answer.getByRole('link', { name: '[1] Apixaban in the elderly' }).first();
    expect(await citation.getAttribute('href')).toBe(`/resources/${apixaban.id}`);
    // Only the resource about the question: the septic shock case shares no word with it (an age matches nothing).
    expect(await answer.getByRole('list', { name: 'From your library' }).getByRole('link').allInnerTexts()).toEqual(['Apixaban in the elderly']);
    // The model was given the passage, numbered.
    const asked = (await model.requests()).at(-1)!.body as { system: string; prompt: string };
    expect(asked.prompt).toBe('What apixaban dose for an 85-year-old with CKD?');
    expect(asked.system).toContain(`[1] Apixaban in the elderly (resource ${apixaban.id})`);
    expect(asked.system).toContain('creatinine 1.6 mg/dL');
    await shootBoth(page, 'tool-vectorsearch-answer');
    expect(await violations(page)).toEqual([]);

    // A question nothing in the library matches is answered without the model.
    await question.fill('What about zygomycosis?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByText(/^Nothing in your library matches this question./).waitFor({ timeout: 15_000 });
    expect(await model.requests()).toHaveLength(1);
    // With no passage, a request would not carry the key: looked for by the question.
    expect(await model.requests('zygomycosis')).toEqual([]);

    // The citation opens the resource; back again, the conversation is still there.
    await citation.click();
    await page.getByRole('heading', { level: 1, name: 'Apixaban in the elderly' }).waitFor({ timeout: 20_000 });
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Vector Search' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('article', { name: 'Answer' }).count()).toBe(2);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Answer' }).count()).toBe(0);
  });
});
