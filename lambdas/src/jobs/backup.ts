// The nightly backup (issue 15): every user's records, exported as they are stored, and a manifest of their files, per
// user per date to the backups store. The export is deterministic (sort-key order, canonical JSON, gzip without a time
// stamp), so the same data gives the same bytes, and it streams: one page of items in memory at a time.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import type { Logger } from '@aws-lambda-powertools/logger';
import { BackupSummary, canonicalJson, emptyBackupCounts, userContentPrefix, type BackupCounts } from '@chartside/shared';
import { backedUpItems, itemToLine, recordOfItem, usersWithDocuments } from '../data/backup-items';
import type { Table } from '../data/table';
import type { BackupStore } from '../ports/backup-store';
import type { Clock } from '../ports/clock';
import type { FileManifest } from '../ports/file-manifest';

export interface BackupDeps {
  table: Table;
  backups: BackupStore;
  fileManifest: FileManifest;
  clock: Clock;
  logger: Logger;
}

/** Where one user's backups live: one folder per date holding items.ndjson.gz, files.ndjson.gz and summary.json. */
export const backupKeys = {
  user: (userId: string) => `users/${userId}/`,
  folder: (userId: string, backupDate: string) => `users/${userId}/${backupDate}/`,
  items: (userId: string, backupDate: string) => `users/${userId}/${backupDate}/items.ndjson.gz`,
  files: (userId: string, backupDate: string) => `users/${userId}/${backupDate}/files.ndjson.gz`,
  /** Written last: a folder without it is a backup that did not finish, and is not listed. */
  summary: (userId: string, backupDate: string) => `users/${userId}/${backupDate}/summary.json`,
};

export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** Gzip of the lines, one per item: zlib writes no time stamp, so equal lines give equal bytes. */
const gzipLines = (lines: AsyncIterable<string>): AsyncIterable<Uint8Array> => {
  const gzip = createGzip();
  // A failing source destroys the gzip stream with its error, which the reader then sees.
  pipeline(Readable.from(lines), gzip).catch(() => undefined);
  return gzip;
};

/** The lines of a stored gzip NDJSON object; undefined when there is no such object. */
export const readLines = async (backups: BackupStore, key: string): Promise<AsyncIterable<string> | undefined> => {
  const body = await backups.get(key);
  if (!body) return undefined;
  const gunzip = createGunzip();
  pipeline(Readable.from(body), gunzip).catch(() => undefined);
  return createInterface({ input: gunzip, crlfDelay: Infinity });
};

/** Exports one user's records and file manifest for `backupDate`, replacing any export of that date, and says what it holds. */
export const backupUser = async (deps: BackupDeps, userId: string, backupDate: string): Promise<BackupSummary> => {
  const counts: BackupCounts = emptyBackupCounts();
  async function* itemLines() {
    for await (const item of backedUpItems(deps.table, userId)) {
      const record = recordOfItem(item.sk);
      if (record?.isHead) counts[record.kind] += 1;
      yield `${itemToLine(item)}\n`;
    }
  }
  const files = { count: 0, bytes: 0 };
  async function* fileLines() {
    for await (const file of deps.fileManifest(userContentPrefix(userId))) {
      files.count += 1;
      files.bytes += file.size;
      yield `${canonicalJson(file)}\n`;
    }
  }
  await deps.backups.put(backupKeys.items(userId, backupDate), gzipLines(itemLines()), 'application/gzip');
  await deps.backups.put(backupKeys.files(userId, backupDate), gzipLines(fileLines()), 'application/gzip');
  const summary: BackupSummary = { backupDate, createdAt: deps.clock.now().toISOString(), counts, files };
  await deps.backups.put(backupKeys.summary(userId, backupDate), Readable.from([Buffer.from(JSON.stringify(summary))]), 'application/json');
  return summary;
};

/** The user's finished backups, newest first. */
export const listBackups = async (deps: Pick<BackupDeps, 'backups'>, userId: string): Promise<BackupSummary[]> => {
  const summaries: BackupSummary[] = [];
  for (const backupDate of (await deps.backups.folders(backupKeys.user(userId))).reverse()) {
    const summary = await readSummary(deps, userId, backupDate);
    if (summary) summaries.push(summary);
  }
  return summaries;
};

export const readSummary = async (deps: Pick<BackupDeps, 'backups'>, userId: string, backupDate: string): Promise<BackupSummary | undefined> => {
  const body = await deps.backups.get(backupKeys.summary(userId, backupDate));
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return BackupSummary.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
};

/** Removes the user's backups dated `retentionDays` or more days before `today` (the local runtime; S3 lifecycle in the cloud). */
export const pruneBackups = async (deps: Pick<BackupDeps, 'backups'>, userId: string, today: string, retentionDays: number): Promise<number> => {
  const cutoff = utcDate(new Date(Date.parse(today) - retentionDays * 86_400_000));
  const expired = (await deps.backups.folders(backupKeys.user(userId))).filter((backupDate) => backupDate <= cutoff);
  for (const backupDate of expired) await deps.backups.deleteUnder(backupKeys.folder(userId, backupDate));
  return expired.length;
};

export interface NightlyBackupResult {
  backupDate: string;
  users: number;
  failed: string[];
  pruned: number;
}

/**
 * Backs up every user with a user document for today's date (UTC), one user at a time; a user that fails is logged and
 * the rest go on. With `pruneAfterDays`, also removes each user's backups that old (locally; the cloud's bucket expires them).
 */
export const runNightlyBackup = async (deps: BackupDeps, options: { pruneAfterDays?: number } = {}): Promise<NightlyBackupResult> => {
  const backupDate = utcDate(deps.clock.now());
  const result: NightlyBackupResult = { backupDate, users: 0, failed: [], pruned: 0 };
  for await (const userId of usersWithDocuments(deps.table)) {
    try {
      await backupUser(deps, userId, backupDate);
      if (options.pruneAfterDays) result.pruned += await pruneBackups(deps, userId, backupDate, options.pruneAfterDays);
      result.users += 1;
    } catch (error) {
      result.failed.push(userId);
      deps.logger.error('Could not back up a user', { userId, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  }
  deps.logger.info('Nightly backup done', { backupDate, users: result.users, failed: result.failed.length, pruned: result.pruned });
  return result;
};
