// Restoring a nightly backup: the backup's items are joined with the user's current items in sort-key order (both are
// sorted, so the join streams), which tells each record apart as missing now (added back), changed since the backup
// (replaced, and listed in the preview by name), unchanged, or created after it (kept: a restore never deletes a record
// the backup does not hold). Parts and messages go in before their head; a head replaces the current one only while its
// version is still the one the join read, with the next version, and open devices are told to refetch.
import { BACKUP_KINDS, MAX_LISTED_REPLACED, emptyBackupCounts, notFound, versionConflict } from '@chartside/shared';
import type { BackupCounts, BackupKind, ReplacedRecord, RestorePreview, RestoreResult } from '@chartside/shared';
import { backedUpItems, claimHead, compareSk, deleteItems, itemToLine, lineToItem, putHead, putItems, recordOfItem, type StoredItem } from '../data/backup-items';
import { keys } from '../data/table';
import type { Broadcast } from '../ws/broadcast';
import { backupKeys, readLines, readSummary, type BackupDeps } from './backup';

export type RestoreDeps = BackupDeps & {
  broadcast: Broadcast;
  /** Records the patients a restore put back (the API's audit trail); before a partial restore's 409, as they did change. */
  recordRestoredPatients?: (patientIds: readonly string[]) => Promise<void>;
};

/** The patients whose record or time tracking is among these heads. */
const patientIdsOf = (headSks: Iterable<string>): string[] => {
  const prefixes = [keys.patient(''), keys.timeTracking('')];
  const ids = [...headSks].flatMap((sk) => prefixes.filter((prefix) => sk.startsWith(prefix)).map((prefix) => sk.slice(prefix.length)));
  return [...new Set(ids)];
};

type Status = 'add' | 'replace' | 'unchanged' | 'keptNewer';

interface RecordState {
  kind: BackupKind;
  id: string;
  inBackup: boolean;
  current?: { version?: number; label: string; changedAt?: string };
  differs: boolean;
  /** Parts or messages the record has now and the backup does not: removed when the record is replaced. */
  extraSks: string[];
}

/** A head compared without its version: a restored record gets a new version, and is then the same as its backup. */
const comparable = (item: StoredItem, isHead: boolean) => itemToLine(isHead ? { ...item, version: undefined } : item);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const labelOf = (item: StoredItem, id: string) =>
  text(item.name) ?? text(item.title) ?? text([item.lastname, item.firstname].filter((part) => text(part)).join(', ')) ?? id;
const changedAtOf = (item: StoredItem) => text(item.updatedAt) ?? text(item.lastUpdated) ?? text(item.lastWrite);

/** Pairs two sort-key-ordered streams item by item: [current, backup], either missing where the other has a key alone. */
async function* joinBySk(current: AsyncGenerator<StoredItem>, backup: AsyncGenerator<StoredItem>): AsyncGenerator<[StoredItem | undefined, StoredItem | undefined]> {
  let a = await current.next();
  let b = await backup.next();
  while (!a.done || !b.done) {
    const order = a.done ? 1 : b.done ? -1 : compareSk(a.value.sk, b.value.sk);
    yield [order <= 0 ? (a.value as StoredItem) : undefined, order >= 0 ? (b.value as StoredItem) : undefined];
    if (order <= 0) a = await current.next();
    if (order >= 0) b = await backup.next();
  }
}

async function* backupItems(deps: RestoreDeps, userId: string, backupDate: string): AsyncGenerator<StoredItem> {
  const lines = await readLines(deps.backups, backupKeys.items(userId, backupDate));
  if (!lines) throw notFound(`The backup of ${backupDate}`);
  for await (const line of lines) if (line) yield lineToItem(line);
}

const statusOf = (state: RecordState): Status =>
  !state.inBackup ? 'keptNewer' : !state.current ? 'add' : state.differs ? 'replace' : 'unchanged';

/** Joins the backup with the current items: the state of every record either holds. 404 when there is no such backup. */
const planRestore = async (deps: RestoreDeps, userId: string, backupDate: string): Promise<Map<string, RecordState>> => {
  // Only a finished backup (its summary written last) is restored.
  if (!(await readSummary(deps, userId, backupDate))) throw notFound(`The backup of ${backupDate}`);
  const states = new Map<string, RecordState>();
  for await (const [now, then] of joinBySk(backedUpItems(deps.table, userId), backupItems(deps, userId, backupDate))) {
    const item = (now ?? then)!;
    const record = recordOfItem(item.sk);
    if (!record) continue;
    const state = states.get(record.headSk) ?? { kind: record.kind, id: record.id, inBackup: false, differs: false, extraSks: [] };
    states.set(record.headSk, state);
    if (then && record.isHead) state.inBackup = true;
    if (now && record.isHead) state.current = { version: typeof now.version === 'number' ? now.version : undefined, label: labelOf(now, record.id), changedAt: changedAtOf(now) };
    if (now && !then) state.extraSks.push(now.sk);
    if (!now || !then || comparable(now, record.isHead) !== comparable(then, record.isHead)) state.differs = true;
  }
  return states;
};

const countsBy = (states: Map<string, RecordState>) => {
  const counts: Record<Status, BackupCounts> = { add: emptyBackupCounts(), replace: emptyBackupCounts(), unchanged: emptyBackupCounts(), keptNewer: emptyBackupCounts() };
  for (const state of states.values()) counts[statusOf(state)][state.kind] += 1;
  return counts;
};

const previewOf = (backupDate: string, states: Map<string, RecordState>): RestorePreview => {
  const replaced: ReplacedRecord[] = [];
  for (const state of states.values()) {
    if (statusOf(state) !== 'replace') continue;
    replaced.push({ kind: state.kind, id: state.id, label: state.current!.label, ...(state.current!.changedAt ? { changedAt: state.current!.changedAt } : {}) });
  }
  // By kind in the order the page shows them, then by name, so the list reads the same each time.
  const kindOrder = (kind: BackupKind) => BACKUP_KINDS.indexOf(kind);
  replaced.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.label.localeCompare(b.label) || a.id.localeCompare(b.id));
  return { backupDate, ...countsBy(states), replaced: replaced.slice(0, MAX_LISTED_REPLACED), replacedMore: Math.max(0, replaced.length - MAX_LISTED_REPLACED) };
};

/** What restoring the backup would do, changing nothing. */
export const previewRestore = async (deps: RestoreDeps, userId: string, backupDate: string): Promise<RestorePreview> =>
  previewOf(backupDate, await planRestore(deps, userId, backupDate));

const sameCounts = (a: BackupCounts, b: BackupCounts) => BACKUP_KINDS.every((kind) => a[kind] === b[kind]);

/** A few head writes at once: each is a conditional put of its own. */
const HEAD_WRITES_AT_ONCE = 8;

/**
 * Restores the backup. With `expect` (the counts of the preview the user confirmed), refuses with 409 when the data
 * changed since that preview. A record saved on another device during the restore keeps that newer copy, and the
 * restore then answers 409 saying so, after putting back everything else.
 */
export const restoreBackup = async (
  deps: RestoreDeps,
  userId: string,
  backupDate: string,
  expect?: { add: BackupCounts; replace: BackupCounts },
): Promise<RestoreResult> => {
  const states = await planRestore(deps, userId, backupDate);
  const counts = countsBy(states);
  if (expect && !(sameCounts(expect.add, counts.add) && sameCounts(expect.replace, counts.replace))) {
    throw versionConflict('Your data');
  }
  const restoring = new Set([...states].filter(([, state]) => ['add', 'replace'].includes(statusOf(state))).map(([headSk]) => headSk));
  const pk = keys.user(userId);
  let changedMeanwhile = 0;
  // Versioned records being replaced are claimed first (version + 1); one saved since the plan is left as it is.
  for (const headSk of restoring) {
    const current = states.get(headSk)!.current;
    if (current?.version === undefined) continue;
    if (await claimHead(deps.table, { pk, sk: headSk }, current.version)) current.version += 1;
    else {
      restoring.delete(headSk);
      changedMeanwhile += 1;
    }
  }
  const target = (sk: string) => {
    const record = recordOfItem(sk);
    return record && restoring.has(record.headSk) ? { record, state: states.get(record.headSk)! } : undefined;
  };

  // Parts and messages first, so a head never lists parts that are not there yet.
  let batch: StoredItem[] = [];
  for await (const item of backupItems(deps, userId, backupDate)) {
    if (target(item.sk)?.record.isHead !== false) continue;
    batch.push(item);
    if (batch.length === 25) {
      await putItems(deps.table, batch);
      batch = [];
    }
  }
  await putItems(deps.table, batch);

  let heads: Promise<void>[] = [];
  for await (const item of backupItems(deps, userId, backupDate)) {
    const found = target(item.sk);
    if (!found?.record.isHead) continue;
    const { current } = found.state;
    heads.push(
      putHead(deps.table, item, current && { version: current.version }).then((written) => {
        if (written) return;
        restoring.delete(found.record.headSk);
        changedMeanwhile += 1;
      }),
    );
    if (heads.length === HEAD_WRITES_AT_ONCE) {
      await Promise.all(heads);
      heads = [];
    }
  }
  await Promise.all(heads);

  // What the replaced records hold now and their backups do not (a section added since) goes, now that the heads no longer list it.
  const extra = [...restoring].flatMap((headSk) => states.get(headSk)!.extraSks);
  await deleteItems(deps.table, extra.map((sk) => ({ pk, sk })));

  await deps.recordRestoredPatients?.(patientIdsOf(restoring));
  await deps.broadcast(userId, { type: 'data.restored', backupDate });
  deps.logger.info('Restored a backup', { userId, backupDate, changedMeanwhile });
  if (changedMeanwhile > 0) throw versionConflict(`${changedMeanwhile} record(s)`);
  return { backupDate, added: counts.add, replaced: counts.replace };
};
