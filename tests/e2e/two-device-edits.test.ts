// Two devices of one user (two browser contexts) make 300 random edits to the same two patients and two resources,
// each device going offline now and then (context.setOffline) and typing on. Every edit is a short unique token typed
// at the end of a note section or a resource section, through the real editors. When a device shows a conflict, a
// random choice is made ('Keep mine' / 'Use theirs'), as a user would. At the end, with both devices online and
// settled: every token is in the stored record, once, or was shown in a conflict dialog (the user chose to drop it);
// none is lost silently; both devices show the stored text.
// Size: 300 edits, typed with insertText (one input event each, as a keyboard's word suggestion does) to fit the
// time budget; 2 patients x 2 sections + 2 resources x 2 sections. Seeded: the seed is printed, TWO_DEVICE_SEED=<seed>
// replays a run, TWO_DEVICE_SEED=random explores (TWO_DEVICE_EDITS: more edits); `npm test` uses a fixed one.
// The evaluate callbacks run in the browser, hence the DOM types:
/// <reference lib="dom" />
import { sectionPlainText, type PatientSection } from '@chartside/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@chartside/shared/seeded-random';
import { api } from '../harness/api';
import { openPatient, patientEditor, recordsApi, resourceEditor } from '../harness/autosave-records';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';
import { DESKTOP, dismissOfflineNotice, editorsNearViewMounted, newContext, shot, signIn } from '../harness/web';

const SEED = process.env.TWO_DEVICE_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.TWO_DEVICE_SEED ?? 20_261_126);
const EDITS = Number(process.env.TWO_DEVICE_EDITS ?? 300);
/** The chance, at each of its bursts of edits, that an online device goes offline; it then stays offline for 2 to 8 bursts. */
const OFFLINE_CHANCE = 0.1;

const runtime = sharedRuntime();
const random = seededRandom(SEED);
const chance = (p: number) => random() < p;
const pickOne = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

let browser: Browser;
let records: ReturnType<typeof recordsApi>;

interface Target {
  /** The record's id and a name for messages. */
  recordId: string;
  label: string;
  read: () => Promise<string>;
  /** Its text in a record or a save's body as JSON (undefined when that does not hold it). */
  textIn: (json: string) => string | undefined;
  editorOf: (page: Page) => Locator;
}

interface Device {
  name: 'a' | 'b';
  context: BrowserContext;
  /** One page per record, opened once. */
  pages: Map<string, Page>;
  offlineFor: number;
  /** Where its last edit went. */
  last?: Target;
}

/**
 * What each device sent and heard about the records (saves, reads, pushes), in order: on a lost token, the story of its
 * record from the first moment the token was on the wire.
 */
const wire: { device: string; what: string; sent: string; answer: string }[] = [];
/** A section's plain text, picked out of a JSON body; undefined when the body is not JSON or does not hold it. */
const parsedText = (json: string, pick: (body: unknown) => string | undefined) => {
  try {
    const deltaString = pick(JSON.parse(json));
    return deltaString === undefined ? undefined : sectionPlainText(deltaString);
  } catch {
    return undefined;
  }
};
const versionIn = (body: string) => /"version":(\d+|null)/.exec(body)?.[1] ?? '-';
/** A request about one record (a save or a read), by its path; undefined for any other. */
const recordPath = (url: string) => {
  const path = new URL(url).pathname;
  return /^\/api\/(patients|resources)\/./.test(path) ? path : undefined;
};
const recordWire = (name: string, context: BrowserContext) => {
  context.on('requestfinished', (request) => {
    const path = recordPath(request.url());
    if (!path) return;
    const sent = request.postData() ?? '';
    void request.response().then(async (response) => {
      const answer = (await response?.text().catch(() => '')) ?? '';
      wire.push({ device: name, what: `${request.method()} ${path} sent v${versionIn(sent)} -> ${response?.status()} v${versionIn(answer)}`, sent, answer });
    });
  });
  context.on('requestfailed', (request) => {
    const path = recordPath(request.url());
    const sent = request.postData() ?? '';
    if (path) wire.push({ device: name, what: `${request.method()} ${path} sent v${versionIn(sent)} -> failed: ${request.failure()?.errorText}`, sent, answer: '' });
  });
  context.on('page', (page) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (/"(patient|resource)"/.test(text)) wire.push({ device: name, what: `push ${text.slice(0, 160)}`, sent: '', answer: text });
      }),
    ),
  );
};

/** Every token typed, where, and by which device. */
const typed: { token: string; target: Target; device: string }[] = [];
/** The text of every conflict dialog a device showed, at the moment its user chose. */
const shownInConflicts: string[] = [];

/**
 * Every text a conflict dialog displayed on the page, recorded as it changes: a dialog open while the other device's
 * next save arrives shows the newer copy, and a choice applies to what is on screen then, not to the text read before.
 */
const recordConflictTexts = () => {
  const seen: string[] = [];
  (window as unknown as { conflictTextsSeen: string[] }).conflictTextsSeen = seen;
  new MutationObserver(() => {
    for (const dialog of Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]'))) {
      const text = dialog.innerText;
      if (text.includes('changed on another device') && seen.at(-1) !== text) seen.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
};
const conflictTextsSeen = (page: Page) => page.evaluate(() => (window as unknown as { conflictTextsSeen?: string[] }).conflictTextsSeen ?? []);

const conflictDialog = (page: Page) => page.getByRole('dialog', { name: /changed on another device$/ });

beforeAll(async () => {
  console.info(`two-device run: seed ${SEED} (replay with TWO_DEVICE_SEED=${SEED})`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Resolves each open conflict of the device with a random choice, after noting what the dialog showed. The dialog may
 * show the next conflict at once (the save of the choice met a newer save of the other device): that one is answered too.
 */
const resolveConflicts = async (device: Device) => {
  for (const page of device.pages.values()) {
    const dialog = conflictDialog(page);
    while ((await dialog.getByRole('button', { name: 'Keep mine' }).count()) > 0) {
      const text = await dialog.innerText();
      // The first of each kind, to look at: both versions of each conflicting section, with their text.
      const kind = text.includes('This resource changed') ? 'resource' : 'patient';
      if (!shownInConflicts.some((shown) => shown.includes(`This ${kind} changed`))) await shot(page, `two-device-${kind}-conflict`);
      shownInConflicts.push(text);
      await dialog.getByRole('button', { name: pickOne(['Keep mine', 'Use theirs']) }).click();
      // Closed (its content goes at once, the frame after its transition), or showing another conflict. Or still asking
      // with the same text (a CI rehearsal waited 10 s on it): their copy changed as the choice was made, in a field the
      // dialog does not show, so the choice named an older copy and was not applied; the user then chooses again.
      const next = async () => ((await dialog.count()) === 0 ? 'closed' : (await dialog.getByRole('button', { name: 'Keep mine' }).count()) > 0 && (await dialog.innerText()) !== text ? 'next' : 'waiting');
      await expect.poll(next, { timeout: 10_000 }).not.toBe('waiting').catch(() => undefined);
    }
  }
};

/**
 * Types each token (` {token}`) at the end of the target's first line on the device, each as one input (the browser's
 * insertText editing command, which the editor takes as typed text), in one step in the page: a burst of typing, with
 * no remote copy landing between placing the caret and typing. False when it could not: a conflict dialog is open (the
 * user chooses first, then types).
 */
const typeTokens = async (device: Device, target: Target, tokens: string[]) => {
  const editor = target.editorOf(device.pages.get(target.recordId)!);
  const typeIn = () =>
    editor.evaluate((element, texts) => {
      if (document.querySelector('[role="dialog"]')) return false;
      (element as HTMLElement).focus();
      for (const text of texts) {
        const range = document.createRange();
        range.selectNodeContents(element.querySelector('.bn-inline-content') ?? element);
        range.collapse(false);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
        if (!document.execCommand('insertText', false, text)) return false;
      }
      return true;
    }, tokens.map((token) => ` ${token}`));
  if (await typeIn()) return true;
  await resolveConflicts(device);
  return typeIn();
};

/** Settled: no page of either device is saving, offline, failed or in conflict, twice in a row. */
const settled = async (devices: Device[]) => {
  for (const device of devices) await resolveConflicts(device);
  const busy = async () => {
    for (const device of devices)
      for (const page of device.pages.values()) {
        if ((await conflictDialog(page).count()) > 0) return true;
        const status = await page.getByRole('status').filter({ hasText: /^(Saving…|Offline — .*|Not saved: .*|Changed on another device)$/ }).count();
        if (status > 0) return true;
      }
    return false;
  };
  return !(await busy()) && !(await busy());
};

describe('two devices, random edits and offline periods', () => {
  // A guard, not a measure: 70 s alone, 175 s in the suite, 239 s in a rehearsal on a machine busier still.
  it(`${EDITS} edits: every one stored once or shown as a conflict, none overwritten silently`, { timeout: 420_000 }, async () => {
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
    const user = await createUser(runtime);
    records = recordsApi(api(runtime, await signedIn(runtime, user)));
    const [p1, p2, r1, r2] = await Promise.all([
      records.createPatient('Devices One'),
      records.createPatient('Devices Two'),
      records.createResource('Devices protocol', ['Dosing', 'Monitoring']),
      records.createResource('Devices guide', ['Before', 'After']),
    ]);
    const patientTarget = (id: string, label: string, section: PatientSection): Target => ({
      recordId: id,
      label: `${label} ${section}`,
      read: () => records.patientText(id, section),
      textIn: (json) => parsedText(json, (body) => (body as { fields?: Record<string, { deltaString?: string }> }).fields?.[section]?.deltaString),
      editorOf: (page) => patientEditor(page, section),
    });
    const resourceTarget = (id: string, label: string, position: number): Target => ({
      recordId: id,
      label: `${label} section ${position}`,
      read: async () => (await records.resourceTexts(id))[position - 1] ?? '',
      textIn: (json) => parsedText(json, (body) => (body as { textSections?: { deltaString?: string }[] }).textSections?.[position - 1]?.deltaString),
      editorOf: (page) => resourceEditor(page, position),
    });
    const targets = [
      patientTarget(p1, 'patient 1', 'events'),
      patientTarget(p1, 'patient 1', 'exam'),
      patientTarget(p2, 'patient 2', 'events'),
      patientTarget(p2, 'patient 2', 'exam'),
      resourceTarget(r1, 'resource 1', 1),
      resourceTarget(r1, 'resource 1', 2),
      resourceTarget(r2, 'resource 2', 1),
      resourceTarget(r2, 'resource 2', 2),
    ];

    const openDevice = async (name: Device['name']): Promise<Device> => {
      const context = await newContext(browser, DESKTOP, { serviceWorker: true });
      recordWire(name, context);
      await context.addInitScript(recordConflictTexts);
      const first = await context.newPage();
      await signIn(first, runtime.url, user);
      await dismissOfflineNotice(first);
      const pages = new Map<string, Page>();
      for (const id of [p1, p2]) {
        const page = pages.size === 0 ? first : await context.newPage();
        await openPatient(page, runtime.url, id);
        pages.set(id, page);
      }
      for (const id of [r1, r2]) {
        const page = await context.newPage();
        await page.goto(`${runtime.url}/resources/${id}?edit=1`);
        await resourceEditor(page, 2).waitFor({ timeout: 20_000 });
        await editorsNearViewMounted(page);
        pages.set(id, page);
      }
      return { name, context, pages, offlineFor: 0 };
    };
    const devices = await Promise.all([openDevice('a'), openDevice('b')]);

    console.info(`two-device run: both devices ready, ${elapsed()}`);
    let nextProgress = 50;
    for (let edit = 0; edit < EDITS; ) {
      const device = pickOne(devices);
      if (device.offlineFor > 0) {
        device.offlineFor -= 1;
        if (device.offlineFor === 0) await device.context.setOffline(false);
      } else if (chance(OFFLINE_CHANCE)) {
        device.offlineFor = 2 + Math.floor(random() * 7);
        await device.context.setOffline(true);
      }
      // Mostly on where the last burst went, sometimes elsewhere; a burst is 1 to 5 edits.
      const target = device.last && chance(0.6) ? device.last : pickOne(targets);
      device.last = target;
      const tokens = Array.from({ length: Math.min(1 + Math.floor(random() * 5), EDITS - edit) }, (_, i) => `${device.name}${edit + i}`);
      edit += tokens.length;
      if (await typeTokens(device, target, tokens)) typed.push(...tokens.map((token) => ({ token, target, device: device.name })));
      if (edit >= nextProgress) {
        console.info(`two-device run: ${edit} edits, ${shownInConflicts.length} conflicts shown, ${elapsed()}`);
        nextProgress += 50;
      }
    }

    for (const device of devices) await device.context.setOffline(false);
    await expect.poll(() => settled(devices), { timeout: 90_000, interval: 1_000 }).toBe(true);
    console.info(`two-device run: settled, ${elapsed()}`);
    await shot(devices[0]!.pages.get(p1)!, 'two-device-final');

    const finalTexts = new Map(await Promise.all(targets.map(async (t) => [t, await t.read()] as const)));
    const displayed = (await Promise.all(devices.flatMap((device) => [...device.pages.values()].map(conflictTextsSeen)))).flat();
    const conflictsText = [...shownInConflicts, ...displayed].join('\n');
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    const lost = typed.filter(({ token, target }) => !words(finalTexts.get(target)!).includes(token) && !words(conflictsText).includes(token));
    const twice = typed.filter(({ token, target }) => words(finalTexts.get(target)!).filter((w) => w === token).length > 1);
    const kept = typed.length - lost.length;
    const onResources = shownInConflicts.filter((text) => text.includes('This resource changed')).length;
    console.info(`two-device run: ${typed.length} edits, ${kept} kept or shown, ${shownInConflicts.length} conflicts shown (${onResources} of resources)`);
    // What each device shows where a token was lost: on the page still (not saved), or gone from it too.
    for (const { token, target } of lost)
      for (const device of devices) {
        const page = device.pages.get(target.recordId)!;
        const shown = await target.editorOf(page).innerText();
        const status = await page.getByRole('status').allInnerTexts();
        console.info(`two-device run: ${token} lost in ${target.label}; device ${device.name} shows it: ${words(shown).includes(token)}, status ${JSON.stringify(status)}`);
      }
    for (const { token, target } of lost.slice(0, 1)) {
      const story = wire.filter(({ what, answer }) => what.includes(target.recordId) || answer.includes(target.recordId));
      const has = (json: string) => words(target.textIn(json) ?? '').includes(token);
      const first = story.findIndex(({ sent, answer }) => has(sent) || has(answer));
      // The text's last words as each side had it: what was sent, what came back.
      const tail = (json: string) => {
        const text = target.textIn(json);
        return text === undefined ? '-' : `'…${words(text).slice(-4).join(' ')}'`;
      };
      console.info(`two-device run: ${target.label} on the wire, from ${first < 0 ? 'the start (the token never went out)' : `just before ${token} first did`}:`);
      for (const { device, what, sent, answer } of story.slice(Math.max(0, first - 3)).slice(0, 40))
        console.info(`  ${device}: ${what} | sent ${tail(sent)}, answer ${tail(answer)}`);
    }
    expect(lost.map(({ token, target }) => `${token} in ${target.label}`)).toEqual([]);
    expect(twice.map(({ token, target }) => `${token} in ${target.label}`)).toEqual([]);
    // Both devices show what is stored.
    for (const device of devices)
      for (const target of targets) {
        const shown = (await target.editorOf(device.pages.get(target.recordId)!).innerText()).trim();
        expect(shown, `${target.label} on device ${device.name}`).toBe(finalTexts.get(target)!.trim());
      }
  });
});
