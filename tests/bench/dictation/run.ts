// Dictation in Chromium with the local engine: `npm run bench:dictation [-- --phrases 8]` (web/dist built first).
// Prints figures beside the goal; asserts nothing. Through a real local runtime (its engine: pocketsphinx, or Whisper
// when WHISPER_URL is set) and real Chromium, whose fake microphone plays flite speech: one phrase after another, with
// a pause after each long enough to end it.
//
// What is measured: from the end of a phrase (the last sample of its speech louder than the floor below, placed on the
// page's clock at the moment getUserMedia answered, when Chromium's fake device starts playing the file) to its final
// text in the note (the editor's text, without the grey partial text, grows), on the page's own clock. The start of
// the fake device is known to within a few ms; the 64 ms a frame takes to fill is part of what is measured.
// The page.evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { parseArgs } from 'node:util';
import { DICTATION_SAMPLE_RATE, type Patient } from '@chartside/shared';
import { api } from '../../harness/api';
import { launchBrowser } from '../../harness/browser';
import { startRuntime } from '../../harness/runtime';
import { speechSamples, speechWav } from '../../harness/speech';
import { createUser, signedIn } from '../../harness/users';
import { dismissOfflineNotice, newContext, shot, signIn } from '../../harness/web';

const { values } = parseArgs({ options: { phrases: { type: 'string', default: '8' } } });
const phraseBank = ['the patient is stable', 'blood pressure is normal', 'aspirin daily', 'chest pain', 'follow up in clinic', 'no acute distress'];
const phrases = Array.from({ length: Number(values.phrases) }, (_, i) => phraseBank[i % phraseBank.length]!);
const LEADING_MS = 1_000;
const PAUSE_MS = 2_500;
/** A sample louder than this (of 32767) is speech. */
const SPEECH_FLOOR = 500;

declare global {
  interface Window {
    micStartedAt: number;
    finalsAt: number[];
  }
}

/** Where each phrase's speech ends in the file, in ms: the leading silence, the phrases and pauses before it. */
const speechEnds = (): number[] => {
  const ends: number[] = [];
  let offset = (LEADING_MS / 1000) * DICTATION_SAMPLE_RATE;
  for (const phrase of phrases) {
    const samples = speechSamples(phrase);
    let last = samples.length - 1;
    while (last > 0 && Math.abs(samples[last]!) < SPEECH_FLOOR) last -= 1;
    ends.push(((offset + last) / DICTATION_SAMPLE_RATE) * 1000);
    offset += samples.length + (PAUSE_MS / 1000) * DICTATION_SAMPLE_RATE;
  }
  return ends;
};

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? NaN;

const runtime = await startRuntime();
const wav = speechWav(phrases, { leadingSilenceMs: LEADING_MS, pauseMs: PAUSE_MS, trailingSilenceMs: 2_000 });
const browser = await launchBrowser({ fakeMicrophone: wav });
try {
  const user = await createUser(runtime);
  const asUser = api(runtime, await signedIn(runtime, user));
  const created = (await asUser('POST', '/patients', { lastname: 'Bench', firstname: 'Dictation' })).json as unknown as Patient;
  await asUser('PATCH', `/patients/${created.id}`, { version: created.version, visibleFields: ['events'], fields: { events: { deltaString: '', expanded: true } } });

  const context = await newContext(browser);
  await context.grantPermissions(['microphone'], { origin: runtime.url });
  // tsx compiles this file keeping function names (`__name(fn, 'fn')`); the callbacks sent to the page need it there too.
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  // The moment the microphone is there: the fake device plays the file from then on.
  await context.addInitScript(() => {
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      window.micStartedAt = performance.now();
      return stream;
    };
  });
  const page = await context.newPage();
  await signIn(page, runtime.url, user);
  await dismissOfflineNotice(page);
  await page.goto(`${runtime.url}/panel/${created.id}`);
  const events = page.getByRole('textbox', { name: 'Events', exact: true });
  await events.click();
  // The microphone comes with the editor itself (the plain-text stand-in before it has none): observe the editor.
  const microphone = page.getByRole('button', { name: 'Dictate into Events' });
  await microphone.waitFor();

  // Each time the note's settled text grows, a final text has landed.
  await page.evaluate(() => {
    const editor = document.querySelector('[role="textbox"][aria-label="Events"]')!;
    const settled = () => {
      const copy = editor.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[data-dictation-partial]').forEach((partial) => partial.remove());
      return (copy.textContent ?? '').trim().length;
    };
    let length = settled();
    window.finalsAt = [];
    new MutationObserver(() => {
      const now = settled();
      if (now > length) window.finalsAt.push(performance.now());
      length = now;
    }).observe(editor, { subtree: true, childList: true, characterData: true });
  });
  await microphone.click();
  const ends = speechEnds();
  const waitMs = ends.at(-1)! + 5_000;
  await page.waitForFunction((count) => window.finalsAt.length >= count, phrases.length, { timeout: waitMs }).catch(() => undefined);
  const { micStartedAt, finalsAt } = await page.evaluate(() => ({ micStartedAt: window.micStartedAt, finalsAt: window.finalsAt }));
  await shot(page, 'bench-dictation');
  const text = await events.innerText();

  const latencies = finalsAt.slice(0, phrases.length).map((at, i) => at - (micStartedAt + ends[i]!));
  const engine = ((await asUser('POST', '/transcription/session')).json as { engine?: string }).engine ?? 'unknown';
  console.log(`Dictation in Chromium through the local runtime (engine: ${engine}); ${phrases.length} phrases, ${PAUSE_MS} ms pauses.`);
  console.log(`  ${'end of phrase to final text in the note'.padEnd(44)} p50 ${percentile(latencies, 50).toFixed(0).padStart(5)} ms, p95 ${percentile(latencies, 95).toFixed(0).padStart(5)} ms   (goal: under 1000 ms)`);
  console.log(`  ${'each phrase'.padEnd(44)} ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  if (finalsAt.length < phrases.length) console.log(`  only ${finalsAt.length} of ${phrases.length} phrases gave final text`);
  console.log(`  the note: ${JSON.stringify(text.trim())}`);
} finally {
  await browser.close();
  await runtime.stop();
}
