// AI chat and the text transformer in Chromium against the real runtime, its AI pointed at the model double (Ollama's
// wire format): a reply appears piece by piece, shows exactly once after a reload mid-reply, and reaches a second
// device; Stop keeps the text so far; a malicious reply is shown inert; an image is sent downscaled; a reply is exported into a patient section
// and saved; and the transformer reads an image (a runtime with no model: no-model.test.ts).
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { sectionPlainText, type Patient, type ResourceFile } from '@chartside/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedModel } from '../harness/shared-model';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';
import { dismissOfflineNotice, newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
const model = sharedModel();
/** The user's text with this file's key, so the model double answers it from this file's script. */
const keyed = (text: string) => `${text} (${model.key})`;
let browser: Browser;
let user: TestUser;
let asUser: Api;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  user = await createUser(runtime);
  asUser = api(runtime, await signedIn(runtime, user));
  context = await newContext(browser);
  page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
});

afterAll(async () => {
  await browser?.close();
});

afterEach(() => model.reset());

const composer = (p: Page) => p.getByRole('textbox', { name: 'Message' });
const replies = (p: Page) => p.getByRole('article', { name: 'Assistant' });
const replyOnItsWay = (p: Page) => p.getByRole('status', { name: 'The reply is on its way' });
const send = async (p: Page, text: string) => {
  await composer(p).fill(text);
  await composer(p).press('Enter');
};
const newChat = async (p: Page) => {
  await p.goto(`${runtime.url}/chat`);
  await p.waitForURL(/\/chat\/[\w-]+$/, { timeout: 20_000 });
  await composer(p).waitFor({ timeout: 20_000 });
};

/** A PNG of the given size drawn in the page (a stand-in for a photo of an ECG strip). */
const pngOf = async (p: Page, width: number, height: number) =>
  Buffer.from(
    await p.evaluate(
      ([w, h]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w!;
        canvas.height = h!;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, w!, h!);
        context.strokeStyle = '#c00';
        for (let x = 0; x < w!; x += 20) context.strokeRect(x, h! / 2 - 30, 10, 60);
        return canvas.toDataURL('image/png').split(',')[1]!;
      },
      [width, height],
    ),
    'base64',
  );

describe('chat', () => {
  it('streams a reply piece by piece, shows it exactly once after a reload mid-reply, and on a second device', async () => {
    await newChat(page);
    await page.getByText('Chat will appear here').waitFor();
    expect(await page.getByText('Start a conversation by typing a message below').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await shot(page, 'chat-empty');

    const steps = Array.from({ length: 30 }, (_, i) => `<p>Step ${i + 1}.</p>`);
    await model.reply({ pieces: steps, delayMs: 150 });
    await send(page, keyed('Outline the management of hyperkalemia'));
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('Step 2.');
    expect(await replies(page).last().innerText()).not.toContain('Step 30.');
    await shot(page, 'chat-streaming');

    // A reload mid-reply: the stored part and the pieces still coming join up, nothing shown twice.
    await page.reload();
    await expect.poll(() => replies(page).last().innerText(), { timeout: 20_000 }).toContain('Step 30.');
    const shown = [...(await replies(page).last().innerText()).matchAll(/Step (\d+)\./g)].map((m) => Number(m[1]));
    expect(shown).toEqual(steps.map((_, i) => i + 1));
    expect(await replies(page).count()).toBe(1);

    // The same user's phone sees the chat, and what it sends shows on the desktop within a moment.
    const phoneContext = await newContext(browser, PHONE);
    const phone = await phoneContext.newPage();
    await signIn(phone, runtime.url, user);
    await dismissOfflineNotice(phone);
    await phone.goto(page.url());
    await expect.poll(() => replies(phone).last().innerText(), { timeout: 20_000 }).toContain('Step 30.');
    await send(phone, 'And with renal failure?');
    await page.getByText('And with renal failure?', { exact: true }).waitFor({ timeout: 5_000 });
    await expect.poll(() => replies(page).count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => replies(page).last().innerText(), { timeout: 10_000 }).toContain('Reply to: And with renal failure?');
    await shot(phone, 'chat-phone');
    await phoneContext.close();
  });

  it('stops a reply on Stop, keeping the text so far, and can send again', async () => {
    await newChat(page);
    await model.reply({ pieces: Array.from({ length: 60 }, (_, i) => `<p>Point ${i + 1}.</p>`), delayMs: 100 });
    await send(page, keyed('List every cause of hyponatremia'));
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('Point 3.');
    await page.getByRole('button', { name: 'Stop' }).click();
    await replies(page).last().getByText('Stopped').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_500); // past the reply's next save, when its writer stops
    const kept = await replies(page).last().innerText();
    expect(kept).toContain('Point 3.');
    expect(kept).not.toContain('Point 60.');
    await page.reload();
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('Point 3.');
    expect(await replies(page).last().innerText()).not.toContain('Point 60.');
    await send(page, 'Just the top three');
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('Reply to: Just the top three');
  });

  it('shows a malicious reply inert: no script runs, no image or frame loads', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(runtime.url)) outside.push(request.url());
    });
    await newChat(page);
    await model.reply({
      pieces: [
        '<p>Safe text</p>',
        '<script>window.__pwned = 1</script>',
        '<img src="https://tracker.example.org/pixel.png" onerror="window.__pwned = 2">',
        '<p><a href="javascript:window.__pwned = 3">click me</a></p>',
        '<iframe src="https://example.org/"></iframe><p onmouseover="window.__pwned = 4">The end</p>',
      ],
    });
    await send(page, keyed('Say something nasty'));
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('The end');
    await expect.poll(() => replyOnItsWay(page).count()).toBe(0);
    const reply = replies(page).last();
    expect(await reply.locator('script, img, iframe, [onerror], [onmouseover]').count()).toBe(0);
    expect((await reply.getByText('click me').getAttribute('href')) ?? '').not.toMatch(/^javascript:/i);
    await reply.getByText('click me').click();
    await reply.getByText('The end').hover();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(outside).toEqual([]);
  });

  it("sends an image downscaled to fit 400×300, with 'What does this file show?' when nothing is typed", async () => {
    await newChat(page);
    // The chat's first message carries the key; the conversation sent with the image carries it too.
    await send(page, keyed('An ECG strip follows'));
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('Reply to: An ECG strip follows');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles({ name: 'ecg-strip.png', mimeType: 'image/png', buffer: await pngOf(page, 1600, 900) });
    await page.getByRole('list', { name: 'Attachments' }).getByText('ecg-strip.png').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('Reply to: What does this file show?');
    const asked = (await model.requests()).at(-1);
    const image = (asked!.body as { messages: { images?: string[] }[] }).messages.at(-1)!.images![0]!;
    const size = await page.evaluate(async (data) => {
      const img = new Image();
      img.src = `data:image/jpeg;base64,${data}`;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, image);
    expect(size.width).toBeLessThanOrEqual(400);
    expect(size.height).toBeLessThanOrEqual(300);
    expect(Math.max(size.width / 400, size.height / 300)).toBeCloseTo(1, 1);
  });

  it('exports a reply into a patient section, where it is saved', async () => {
    const created = (await asUser('POST', '/patients', { lastname: 'Export', firstname: 'Test' })).json as unknown as Patient;
    await asUser('PATCH', `/patients/${created.id}`, { version: created.version, visibleFields: ['events'], fields: { events: { deltaString: '', expanded: true } } });
    await newChat(page);
    await model.reply('<p>Potassium 5.9: give calcium gluconate and insulin with dextrose.</p>');
    await send(page, keyed('Hyperkalemia treatment?'));
    await expect.poll(() => replies(page).last().innerText(), { timeout: 15_000 }).toContain('calcium gluconate');
    await replies(page).last().getByRole('button', { name: 'Export to Text Field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export to Text Field' });
    await dialog.getByRole('combobox', { name: 'Patient' }).click();
    await page.getByRole('option', { name: 'Export, Test' }).click();
    await dialog.getByRole('combobox', { name: 'Section' }).click();
    await page.getByRole('option', { name: 'Events', exact: true }).click();
    await shot(page, 'chat-export');
    await dialog.getByRole('button', { name: 'Export' }).click();
    await page.getByText('Exported to Events').waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => sectionPlainText(((await asUser('GET', `/patients/${created.id}`)).json as unknown as Patient).fields.events?.deltaString ?? ''), { timeout: 15_000 })
      .toBe('Potassium 5.9: give calcium gluconate and insulin with dextrose.');
  });
});

describe("the resource screen's chat", () => {
  /** A text file stored for good, as the resource screen's upload does. */
  const storedFile = async (fileName: string, text: string) => {
    const bytes = new TextEncoder().encode(text);
    const granted = (await asUser('POST', '/files/uploads', { fileName, size: bytes.length, contentType: 'text/plain', temp: false })).json as unknown as {
      file: ResourceFile;
      uploadUrl: string;
      headers: Record<string, string>;
    };
    expect((await fetch(granted.uploadUrl, { method: 'PUT', headers: granted.headers, body: bytes })).status).toBe(200);
    return granted.file;
  };
  const lastAsked = async () => {
    const asked = (await model.requests()).at(-1)!.body as { messages: { role: string; content: string }[] };
    return { system: asked.messages.find((m) => m.role === 'system')?.content ?? '', last: asked.messages.at(-1)!.content };
  };

  it("chats about the open resource on a phone (floating button, minimize, close) and takes a file by 'Export to AI'", async () => {
    const file = await storedFile('discharge.txt', 'Discharge summary: furosemide 40 mg daily, review in 2 weeks.');
    const created = (await asUser('POST', '/resources', { name: 'Heart failure guideline', type: 'guide', description: keyed('Loop diuretics first for congestion') })).json;
    await asUser('PATCH', `/resources/${String(created.id)}`, { version: created.version, files: [file] });

    const phone = await (await newContext(browser, PHONE)).newPage();
    await signIn(phone, runtime.url, user);
    await dismissOfflineNotice(phone);
    await phone.goto(`${runtime.url}/resources/${String(created.id)}`);
    const chatPane = phone.getByRole('complementary', { name: 'Chat about this resource' });
    // On a phone the chat waits behind a floating button.
    await phone.getByRole('button', { name: 'Chat about this resource' }).click();
    await chatPane.getByText('Chat will appear here').waitFor({ timeout: 20_000 });
    await model.reply('<p>Start with a loop diuretic.</p>');
    await send(phone, 'What comes first?');
    await expect.poll(() => replies(phone).last().innerText(), { timeout: 15_000 }).toContain('loop diuretic');
    expect((await lastAsked()).system).toContain('Loop diuretics first for congestion');
    await shot(phone, 'resource-chat-phone');

    // Minimized it keeps its chat; closed, the floating button comes back and the chat is there again when reopened.
    await chatPane.getByRole('button', { name: 'Minimize the chat' }).click();
    expect(await composer(phone).isVisible()).toBe(false);
    await chatPane.getByRole('button', { name: 'Open the chat' }).click();
    await composer(phone).waitFor();
    await chatPane.getByRole('button', { name: 'Close the chat' }).click();
    await chatPane.waitFor({ state: 'detached' });
    await phone.getByRole('button', { name: 'Chat about this resource' }).click();
    await expect.poll(() => replies(phone).last().innerText(), { timeout: 15_000 }).toContain('loop diuretic');
    await chatPane.getByRole('button', { name: 'Close the chat' }).click();

    // 'Export to AI' opens the chat with the file attached, waiting for the question.
    await phone.getByRole('button', { name: 'Export discharge.txt to AI' }).click();
    await chatPane.getByRole('list', { name: 'Attachments' }).getByText('discharge.txt').waitFor({ timeout: 15_000 });
    expect(await composer(phone).evaluate((element) => element === document.activeElement)).toBe(true);
    await model.reply('<p>Furosemide 40 mg daily.</p>');
    await send(phone, 'Which diuretic dose?');
    await expect.poll(() => replies(phone).last().innerText(), { timeout: 15_000 }).toContain('Furosemide 40 mg');
    expect((await lastAsked()).last).toContain('Discharge summary: furosemide 40 mg daily');
    await shot(phone, 'resource-chat-export-to-ai');

    // Taking a library file off a message leaves it in the library.
    await phone.getByRole('button', { name: 'Export discharge.txt to AI' }).click();
    await chatPane.getByRole('button', { name: 'Remove discharge.txt' }).click();
    await chatPane.getByRole('list', { name: 'Attachments' }).waitFor({ state: 'detached' });
    const { url } = (await asUser('POST', '/files/download-url', { filePath: file.filePath })).json as { url: string };
    expect((await fetch(url)).status).toBe(200);
    await phone.context().close();
  });
});

describe('the text transformer', () => {
  it('reads an image with the vision model and shows the text to copy or export', async () => {
    await page.goto(`${runtime.url}/`);
    await model.reply('Na 134 mmol/L\nK 5.9 mmol/L');
    await page.getByRole('button', { name: 'Text transformer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Text Transformer' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose images' }).click();
    await (await chooser).setFiles({ name: 'labs.png', mimeType: 'image/png', buffer: await pngOf(page, 1200, 1600) });
    await dialog.getByRole('textbox', { name: 'Instruction (optional)' }).fill(keyed('Transcribe the labs'));
    await dialog.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Result' }).inputValue(), { timeout: 15_000 }).toBe('Na 134 mmol/L\nK 5.9 mmol/L');
    const [asked] = await model.requests();
    expect(asked).toMatchObject({ operation: 'generate', model: 'llama3.2-vision' });
    await shot(page, 'text-transformer');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
