// Settings → Backups on a phone: a backup listed with its counts, a restore previewed (the patient changed since is named)
// and run only after the confirmation, by keyboard; the patient is back as it was in the backup.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../harness/api';
import { backupCli } from '../harness/backups';
import { launchBrowser } from '../harness/browser';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';
import { newContext, PHONE, shot, signIn } from '../harness/web';

const runtime = sharedRuntime();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Settings → Backups', () => {
  it('previews a restore naming what changed since, and restores after the confirmation', async () => {
    const user = await createUser(runtime);
    const as = api(runtime, await signedIn(runtime, user));
    const patient = (await as('POST', '/patients', { lastname: 'Okafor', firstname: 'Adaeze' })).json as { id: string; version: number };
    await as('PATCH', `/patients/${patient.id}`, { version: patient.version, fields: { hpi: { deltaString: 'As in the backup' } } });
    const date = '2026-02-03';
    await backupCli(runtime, 'backup', ['--email', user.email, '--date', date]);
    await as('PATCH', `/patients/${patient.id}`, { version: patient.version + 1, fields: { hpi: { deltaString: 'Changed later' } } });

    const page = await (await newContext(browser, PHONE)).newPage();
    await signIn(page, runtime.url, user);
    await page.goto(`${runtime.url}/settings`);
    const backups = page.getByRole('list', { name: 'Backups' });
    await expect.poll(() => backups.textContent()).toContain('1 patient');
    const previewButton = page.getByRole('button', { name: `Preview restoring the backup of ${date}` });
    await previewButton.focus();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('region', { name: `Restore preview for ${date}` });
    await expect.poll(() => preview.textContent()).toContain('Okafor, Adaeze (patient)');
    expect(await preview.textContent()).toContain('replaces 1 patient');
    await shot(page, 'settings-backups-preview-phone');

    await preview.getByRole('button', { name: 'Restore this backup' }).click();
    const dialog = page.getByRole('dialog', { name: `Restore the backup of ${date}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Changes made to the replaced records since then are lost');
    await shot(page, 'settings-backups-confirm-phone');
    const restored = page.waitForResponse((r) => r.url().endsWith(`/api/backups/${date}/restore`));
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    expect((await restored).status()).toBe(200);
    await page.getByText(`Backup of ${date} restored`).waitFor();

    const after = (await as('GET', `/patients/${patient.id}`)).json as { fields: Record<string, { deltaString: string }> };
    expect(after.fields.hpi?.deltaString).toBe('As in the backup');
    await page.context().close();
  });
});
