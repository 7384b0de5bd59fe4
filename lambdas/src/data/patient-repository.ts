// The user's patients. The head item (sk PATIENT#{id}) holds what the panel lists plus `tags` and `version`, which the tag
// manager reads and rewrites in place; each note section and the notes (a 1 MB note is normal use) are parts beside it,
// under PART#PATIENT#{id}#, so an autosave rewrites only the sections it changed (see versioned-record-store.ts); the
// time tracking is its own item (TIMETRACK#{id}).
import { BatchWriteCommand, TransactGetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, blankPatient, Patient, PatientSummary, readStoredFieldValue, TimeTracking, notFound, versionConflict } from '@chartside/shared';
import { chunksUnderPrefix } from './chunked-body';
import { isTransactionConflict, isVersionCheckFailure, keys, type Table } from './table';
import { VersionedRecordStore, assertHeadFits as assertLayoutHeadFits, queryUnder, queryUnderInRanges, type RecordLayout } from './versioned-record-store';

/** What a list reads of each head. */
const headAttributes = Object.keys(PatientSummary.shape);
/** BatchWriteItem takes at most 25 requests. */
const BATCH_WRITE_SIZE = 25;
/** Patients read or written at once by export and import, so a large panel does not burst past the table's throughput. */
const PATIENT_CONCURRENCY = 10;
/** An import's write that raced another write is tried again this many times. */
const REPLACE_ATTEMPTS = 5;

/** What a head written with fewer attributes (by a test, or before a field existed) reads as. */
const missingAttributes = (): Omit<Patient, 'id'> => {
  const { id: _id, ...blank } = blankPatient('', new Date(0).toISOString());
  return blank;
};

/** The fields of a patient kept as parts beside its head. */
type PatientBody = 'fields' | 'notes';
/** A patient without its note sections and notes. */
export type PatientHead = Omit<Patient, PatientBody>;

const layout: RecordLayout<Patient, PatientBody> = {
  noun: 'patient',
  headPrefix: keys.patient(''),
  bodyFields: ['fields', 'notes'],
  keyedBodyFields: ['fields'],
  // A damaged section opens as unreadable (the screen says so) instead of failing the whole patient.
  readKeyedEntry: readStoredFieldValue,
  schema: Patient,
  missingAttributes,
  companionSks: (id) => [keys.timeTracking(id)],
  // Only a huge one-liner or task list could get near the item limit.
  headTooLarge: (patient) => {
    const name = [patient.lastname, patient.firstname].filter(Boolean).join(', ') || 'this patient';
    return new AppError('payload_too_large', `The one-liner, tasks and tags of ${name} are too long to save. Shorten the one-liner or remove some tasks.`);
  },
};

/** 413 when the part of a patient the panel lists (one-liner, tasks, tags, ...) would not fit in one item. */
export const assertHeadFits = (patient: Patient) => assertLayoutHeadFits(layout, patient);

/** What a list fills in for a head's missing attributes; frozen, as every such summary shares its empty lists. */
const summaryDefaults: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.entries(missingAttributes()).map(([key, value]) => [key, Array.isArray(value) ? Object.freeze(value) : value]),
);

/**
 * A head as the list sends it, with the defaults of what it lacks and only the open tasks (see PatientSummary). Not
 * parsed again: every head was written from a checked Patient (store.write), and checking 500 heads cost the list
 * 20-140 ms (load 12). Copied key by key: making a blank patient for each head took 4 ms of 500.
 */
const toSummary = (item: Record<string, unknown>, id: string): PatientSummary => {
  const summary: Record<string, unknown> = {};
  for (const key of headAttributes) summary[key] = key in item ? item[key] : summaryDefaults[key];
  const { tasks } = summary as Pick<Patient, 'tasks'>;
  return { ...summary, id, tasks: tasks.filter((task) => !task.completed) } as PatientSummary;
};

const idOfHead = (sk: unknown) => String(sk).slice(keys.patient('').length);

/** Runs `work` over `items`, at most `concurrency` at a time, keeping the order of the results. */
const inBatches = async <T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += concurrency) results.push(...(await Promise.all(items.slice(i, i + concurrency).map(work))));
  return results;
};

export class PatientRepository {
  private readonly store: VersionedRecordStore<Patient, PatientBody>;

  constructor(private readonly table: Table) {
    this.store = new VersionedRecordStore(table, layout);
  }

  /** Every patient of the user as a summary, in the order they were added; note sections and notes are not read. */
  async list(userId: string): Promise<PatientSummary[]> {
    const names = Object.fromEntries(headAttributes.map((attribute, i) => [`#a${i}`, attribute]));
    const items = await queryUnderInRanges(this.table, userId, keys.patient(''), { ProjectionExpression: ['sk', ...Object.keys(names)].join(', '), ExpressionAttributeNames: names });
    return items.map((item) => toSummary(item, idOfHead(item.sk))).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** The whole patient, read consistently; undefined when it is not the user's. */
  async get(userId: string, patientId: string): Promise<Patient | undefined> {
    return (await this.store.read(userId, patientId))?.record;
  }

  /** Every patient of the user, whole (for the export file). */
  async getAll(userId: string): Promise<Patient[]> {
    const ids = (await queryUnder(this.table, userId, keys.patient(''), { ProjectionExpression: 'sk' })).map((item) => idOfHead(item.sk));
    const patients = await inBatches(ids, PATIENT_CONCURRENCY, (id) => this.get(userId, id));
    return patients.filter((patient): patient is Patient => patient !== undefined);
  }

  async create(userId: string, patient: Patient): Promise<void> {
    await this.store.create(userId, patient);
  }

  /**
   * Applies `change` to the patient if it is still at `expectedVersion`: 404 when missing, 409 when another write came
   * first. Only the sections and notes `touched` sets are read and written (an autosave of one section reads that one);
   * `change` sees the patient with only those in its body, and the bytes the rest adds to it as JSON. The result is
   * stored with the version bumped; returns the patient after the change, without its sections and notes.
   */
  async update(
    userId: string,
    patientId: string,
    expectedVersion: number,
    touched: Partial<Pick<Patient, PatientBody>>,
    change: (current: Patient, bytesElsewhere: number) => Patient,
  ): Promise<PatientHead> {
    return this.store.updateParts(userId, patientId, expectedVersion, touched, change);
  }

  /** Stores each patient in place of the user's copy under its id (see `replace`), a few at a time. */
  async replaceAll(userId: string, patients: readonly Patient[]): Promise<{ patient: Patient; created: boolean }[]> {
    return inBatches(patients, PATIENT_CONCURRENCY, (patient) => this.replace(userId, patient));
  }

  /**
   * Stores `patient` in place of whatever the user has under its id (an import overwrites), with the version one above
   * the stored one (1 when new). A write that lands in between is read again and overwritten too.
   */
  private async replace(userId: string, patient: Patient): Promise<{ patient: Patient; created: boolean }> {
    for (let attempt = 0; attempt < REPLACE_ATTEMPTS; attempt += 1) {
      const stored = await this.store.readVersion(userId, patient.id);
      const next: Patient = { ...patient, version: (stored?.version ?? 0) + 1 };
      try {
        await this.store.write(userId, next, stored ? { body: stored.body } : undefined);
        return { patient: next, created: !stored };
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'version_conflict')) throw error;
      }
    }
    throw versionConflict('This patient');
  }

  /** Deletes the patient, its parts and its time tracking; returns what was deleted, or undefined when it was not there. */
  async remove(userId: string, patientId: string): Promise<Patient | undefined> {
    return this.store.remove(userId, patientId);
  }

  /**
   * Deletes every patient of the user with their bodies and time tracking, 25 items per batch. Returns the ids of the
   * patients deleted.
   */
  async removeAll(userId: string): Promise<string[]> {
    const pk = keys.user(userId);
    const heads = await queryUnder(this.table, userId, keys.patient(''), { ProjectionExpression: 'sk' });
    const others = await Promise.all(
      [chunksUnderPrefix(keys.patient('')), keys.timeTracking('')].map((prefix) => queryUnder(this.table, userId, prefix, { ProjectionExpression: 'sk' })),
    );
    const keysToDelete = [...heads, ...others.flat()].map((item) => ({ pk, sk: String(item.sk) }));
    for (let i = 0; i < keysToDelete.length; i += BATCH_WRITE_SIZE) {
      let requests = keysToDelete.slice(i, i + BATCH_WRITE_SIZE).map((Key) => ({ DeleteRequest: { Key } }));
      while (requests.length > 0) {
        const { UnprocessedItems } = await this.table.client.send(new BatchWriteCommand({ RequestItems: { [this.table.name]: requests } }));
        requests = (UnprocessedItems?.[this.table.name] ?? []) as typeof requests;
      }
    }
    return heads.map((item) => idOfHead(item.sk));
  }

  /** The saved time tracking: 'no-patient' when the patient is not the user's, undefined when none is saved yet. */
  async getTimeTracking(userId: string, patientId: string): Promise<TimeTracking | undefined | 'no-patient'> {
    const pk = keys.user(userId);
    const { Responses } = await this.table.client.send(
      new TransactGetCommand({
        TransactItems: [
          { Get: { TableName: this.table.name, Key: { pk, sk: keys.patient(patientId) }, ProjectionExpression: 'sk' } },
          { Get: { TableName: this.table.name, Key: { pk, sk: keys.timeTracking(patientId) } } },
        ],
      }),
    );
    if (!Responses?.[0]?.Item) return 'no-patient';
    const item = Responses[1]?.Item;
    if (!item) return undefined;
    const { pk: _pk, sk: _sk, ...record } = item;
    return TimeTracking.parse(record);
  }

  /** Saves the time tracking of a patient of the user's; 404 when there is no such patient. */
  async putTimeTracking(userId: string, patientId: string, record: TimeTracking): Promise<void> {
    const pk = keys.user(userId);
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.table.name, Key: { pk, sk: keys.patient(patientId) }, ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: this.table.name, Item: { pk, sk: keys.timeTracking(patientId), ...record } } },
          ],
        }),
      );
    } catch (error) {
      // A write racing this one is a conflict the client can retry; a failed existence check means the patient is gone.
      if (isTransactionConflict(error)) throw versionConflict('This patient');
      if (isVersionCheckFailure(error)) throw notFound('That patient');
      throw error;
    }
  }
}
