// /tools/texttospeech where the server reads aloud: a runtime pointed at the Polly double, so the page plays the
// server's MP3 in its <audio> element, and says Amazon Polly reads.
import { MAX_SPEECH_TEXT } from '@chartside/shared';
import { startPollyDouble, type PollyDouble } from '@chartside/lambdas/test/polly-double';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { startRuntime, type TestRuntime } from '../harness/runtime';
import { createUser, type TestUser } from '../harness/users';
import { dismissOfflineNotice, newContext, signIn } from '../harness/web';

let polly: PollyDouble;
let runtime: TestRuntime;
let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  polly = await startPollyDouble();
  [runtime, browser] = await Promise.all([
    startRuntime({ env: { AWS_ENDPOINT_URL_POLLY: polly.url, AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'polly-double-secret' } }),
    launchBrowser(),
  ]);
  user = await createUser(runtime);
});

afterAll(async () => {
  await browser?.close();
  await runtime?.stop();
  await polly?.close();
});

/** The tool in a new signed-in context, once it says the server reads. */
const openTool = async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
  await page.goto(`${runtime.url}/tools/texttospeech`);
  await page.getByText("Read by Amazon Polly in your organization's AWS account.").waitFor({ timeout: 20_000 });
  return { context, page };
};

describe('text to speech read by the server', () => {
  it('plays Amazon Polly\'s audio with the chosen voice and speed, pauses and resumes it', async () => {
    const { context, page } = await openTool();

    await page.getByRole('textbox', { name: 'Text to read' }).fill('Hold metoprolol if the heart rate is under 55. Recheck at noon.');
    await page.getByRole('combobox', { name: 'Voice' }).click();
    await page.getByRole('option', { name: 'Brian (British English, male)' }).click();
    const speed = page.getByRole('slider');
    await speed.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByText('Speed: 1.25×').waitFor();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByText('Reading aloud…').waitFor();

    const audio = page.getByTestId('speech-audio');
    const player = () => audio.evaluate((element: HTMLAudioElement) => ({ src: element.src, paused: element.paused, rate: element.playbackRate }));
    expect(await player()).toMatchObject({ src: expect.stringMatching(/^blob:/), paused: false, rate: 1.25 });
    expect(polly.requests.at(-1)?.body).toMatchObject({ Text: 'Hold metoprolol if the heart rate is under 55. Recheck at noon.', VoiceId: 'Brian', Engine: 'neural' });

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByText('Paused.').waitFor();
    expect((await player()).paused).toBe(true);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Reading aloud…').waitFor();
    // The silent audio runs a few seconds, then the player is ready again.
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('reads a text longer than one request request by request, fetching the next piece while one plays', async () => {
    const { context, page } = await openTool();
    const sentences = Array.from({ length: 140 }, (_, i) => `Handout sentence ${i} about fluid balance.`);
    const requests: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/speech') && request.method() === 'POST' && requests.push(String((request.postDataJSON() as { text: string }).text)));
    await page.getByRole('textbox', { name: 'Text to read' }).fill(sentences.join(' '));
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByText('Reading aloud…').waitFor();
    // The second piece is asked for while the first plays.
    await expect.poll(() => requests.length).toBe(2);
    expect(requests.every((text) => text.length <= MAX_SPEECH_TEXT)).toBe(true);
    expect(requests.join(' ')).toBe(sentences.join(' '));
    // Each piece's audio is minutes long (the double's 72 ms a character): skipped to its end, the next one plays, and
    // after the last the reading is over.
    const audio = page.getByTestId('speech-audio');
    const source = () => audio.evaluate((element: HTMLAudioElement) => element.src);
    const skipToEnd = () => audio.evaluate((element: HTMLAudioElement) => (element.currentTime = element.duration - 0.05));
    const first = await source();
    await skipToEnd();
    await expect.poll(source).not.toBe(first);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.duration > 0)).toBe(true);
    await skipToEnd();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
