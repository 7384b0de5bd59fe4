// Chromium on the app's origin uploads straight to the bucket with the presigned PUT (as XHR, for progress events) and
// reads the file back with the presigned GET: the bucket's CORS rules and the URLs' host work from a real browser.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../harness/api';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();

let browser: Browser;
let asUser: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
});

afterAll(async () => {
  await browser?.close();
});

describe('presigned transfers from the browser', () => {
  it('PUTs a file with upload progress from the app origin and GETs the same bytes back', async () => {
    const content = 'Chartside browser upload '.repeat(4_000);
    const { json } = await asUser('POST', '/files/uploads', { fileName: 'from-browser.txt', size: new TextEncoder().encode(content).length, temp: true });
    const { uploadUrl, headers, file } = json as { uploadUrl: string; headers: Record<string, string>; file: { filePath: string } };

    const page = await browser.newPage();
    await page.goto(`${runtime.url}/api/health`);
    const upload = await page.evaluate(
      ({ url, headers: signed, body }) =>
        new Promise<{ status: number; progressEvents: number; loaded: number }>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          let progressEvents = 0;
          let loaded = 0;
          xhr.upload.onprogress = (event) => {
            progressEvents += 1;
            loaded = event.loaded;
          };
          xhr.onload = () => resolve({ status: xhr.status, progressEvents, loaded });
          xhr.onerror = () => reject(new Error('the PUT failed in the browser (CORS or network)'));
          xhr.open('PUT', url);
          for (const [name, value] of Object.entries(signed)) xhr.setRequestHeader(name, value);
          xhr.send(new Blob([body], { type: signed['content-type'] }));
        }),
      { url: uploadUrl, headers, body: content },
    );
    expect(upload.status).toBe(200);
    expect(upload.progressEvents).toBeGreaterThan(0);
    expect(upload.loaded).toBe(new TextEncoder().encode(content).length);

    const { url } = (await asUser('POST', '/files/download-url', { filePath: file.filePath })).json as { url: string };
    const read = await page.evaluate(async (address) => {
      const response = await fetch(address);
      return { status: response.status, text: await response.text() };
    }, url);
    expect(read).toEqual({ status: 200, text: content });
    await page.close();
  });
});
