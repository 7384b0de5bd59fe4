// `npm run backup` and `npm run restore`: the nightly backup and its restore, run by hand against the local runtime at PORT
// (with the same DATA_DIR), through the same jobs the runtime's timer and the API call.
import { parseArgs } from 'node:util';
import { BackupDate, BACKUP_KINDS, type BackupCounts, type RestorePreview } from '@chartside/shared';
import { s3BackupStore } from '@chartside/lambdas/adapters/aws/s3-backup-store';
import { s3FileManifest } from '@chartside/lambdas/adapters/aws/s3-list';
import { backupUser, listBackups, runNightlyBackup, utcDate } from '@chartside/lambdas/jobs/backup';
import { previewRestore, restoreBackup } from '@chartside/lambdas/jobs/restore';
import { systemClock } from '@chartside/lambdas/ports/clock';
import { failCli as fail, runningRuntime } from './running-runtime';
import { localAws } from './settings';

const usage = `Usage:
  npm run backup [-- --email E | --user-id ID] [--json]
      back up every user now (and remove backups past BACKUP_RETENTION_DAYS), or one user
  npm run restore -- --email E | --user-id ID [--date YYYY-MM-DD] [--dry-run] [--json]
      restore the user's backup of that date (the newest by default); --dry-run only says what it would add and replace
Targets the local runtime at PORT with its DATA_DIR (defaults 8080 and .data); start it with \`npm start\` first.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    'user-id': { type: 'string' },
    date: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const command = positionals[0];
if (values.help || (command !== 'backup' && command !== 'restore')) fail(usage);
if (values.email !== undefined && values['user-id'] !== undefined) fail(`Give --email or --user-id, not both.\n\n${usage}`);
if (command === 'restore' && values.email === undefined && values['user-id'] === undefined) fail(`restore needs --email or --user-id.\n\n${usage}`);
if (values.date !== undefined && !BackupDate.safeParse(values.date).success) fail(`--date ${values.date} is not a date: give it as YYYY-MM-DD.`);
if (command === 'backup' && values['dry-run']) fail('--dry-run is for restore only.');

const { settings, userIdByEmail, clients } = await runningRuntime();
const { table, s3, logger, broadcast } = clients();
const deps = {
  table,
  backups: s3BackupStore(s3, localAws.backupsBucket),
  fileManifest: s3FileManifest(s3, localAws.filesBucket),
  clock: systemClock,
  logger,
  broadcast,
};

const countsText = (counts: BackupCounts) => BACKUP_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind]} ${kind}`).join(', ') || 'nothing';
const previewText = (preview: RestorePreview) =>
  [
    `The backup of ${preview.backupDate} would add ${countsText(preview.add)} and replace ${countsText(preview.replace)}.`,
    `Unchanged: ${countsText(preview.unchanged)}. Created since the backup, kept as they are: ${countsText(preview.keptNewer)}.`,
    ...preview.replaced.map((r) => `  replace ${r.kind} ${r.label} (${r.id})${r.changedAt ? `, changed ${r.changedAt}` : ''}`),
    ...(preview.replacedMore > 0 ? [`  and ${preview.replacedMore} more`] : []),
  ].join('\n');
const print = (json: unknown, text: string) => console.log(values.json ? JSON.stringify(json) : text);

try {
  const userId = values['user-id'] ?? (values.email === undefined ? undefined : await userIdByEmail(values.email));
  if (command === 'backup' && userId === undefined) {
    if (values.date) fail('--date is for one user (--email or --user-id): the nightly run backs up today.');
    const result = await runNightlyBackup(deps, { pruneAfterDays: settings.BACKUP_RETENTION_DAYS });
    print(result, `Backed up ${result.users} users for ${result.backupDate}; removed ${result.pruned} backups older than ${settings.BACKUP_RETENTION_DAYS} days.`);
    if (result.failed.length > 0) fail(`Could not back up ${result.failed.length} users (see the log above): ${result.failed.join(', ')}`);
  } else if (command === 'backup') {
    const summary = await backupUser(deps, userId!, values.date ?? utcDate(systemClock.now()));
    print(summary, `Backed up user ${userId} for ${summary.backupDate}: ${countsText(summary.counts)}; ${summary.files.count} files listed.`);
  } else {
    const backupDate = values.date ?? (await listBackups(deps, userId!))[0]?.backupDate ?? fail(`User ${userId} has no backups yet: run \`npm run backup\` first.`);
    if (values['dry-run']) {
      const preview = await previewRestore(deps, userId!, backupDate);
      print(preview, `${previewText(preview)}\nDry run: nothing was changed.`);
    } else {
      const result = await restoreBackup(deps, userId!, backupDate);
      print(result, `Restored the backup of ${backupDate}: added ${countsText(result.added)}, replaced ${countsText(result.replaced)}.`);
    }
  }
} catch (error) {
  fail(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${error instanceof Error ? error.message : String(error)}`);
}
