// The user's patients. The head item (sk PATIENT#{id}) holds what the panel lists plus `tags` and `version`, which the tag
// manager reads and rewrites in place; the note sections and notes (a 1 MB note is normal use) are a chunked body beside it,
// under PART#PATIENT#{id}#, and the time tracking is its own item (TIMETRACK#{id}). Every write names the version it was
// based on and bumps it, so an edit from another device is never overwritten.
import {
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactGetCommand,
  TransactWriteCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { AppError, Patient, PatientSummary, TimeTracking, notFound, versionConflict } from '@chartside/shared';
import { z } from 'zod';
import { chunkDeletes, chunkWrites, chunksUnderPrefix, readChunks, type BodyPointer } from './chunked-body';
import { isVersionCheckFailure, keys, type Table } from './table';

/** The fields kept in the chunked body rather than on the head. */
type BodyField = 'fields' | 'notes';
type Body = Pick<Patient, BodyField>;
type Head = Omit<Patient, BodyField> & BodyPointer;

/** What a list reads of each head. */
const headAttributes = Object.keys(PatientSummary.shape);
/** A head must stay well under DynamoDB's 400 KB item limit; only a huge one-liner or task list could get near it. */
const MAX_HEAD_BYTES = 350_000;
/** A read that raced a write is tried again this many times. */
const READ_ATTEMPTS = 5;
/** BatchWriteItem takes at most 25 requests. */
const BATCH_WRITE_SIZE = 25;
/** Patients read or written at once by export and import, so a large panel does not burst past the table's throughput. */
const PATIENT_CONCURRENCY = 10;

const Pointer = z.object({ partCount: z.number().int().nonnegative(), bodyVersion: z.number().int().nonnegative() });

const bodyOf = (patient: Patient): Body => ({ fields: patient.fields, notes: patient.notes });

const headOf = (patient: Patient, pointer: BodyPointer): Head => {
  const { fields: _fields, notes: _notes, ...head } = patient;
  return { ...head, ...pointer };
};

/** 413 when the part of a patient the panel lists (one-liner, tasks, tags, ...) would not fit in one item. */
export const assertHeadFits = (patient: Patient) => {
  const head = headOf(patient, { partCount: 0, bodyVersion: 0 });
  if (new TextEncoder().encode(JSON.stringify(head)).length > MAX_HEAD_BYTES) {
    const name = [patient.lastname, patient.firstname].filter(Boolean).join(', ') || 'this patient';
    throw new AppError('payload_too_large', `The one-liner, tasks and tags of ${name} are too long to save. Shorten the one-liner or remove some tasks.`);
  }
};

/** What a head written with fewer attributes (by a test, or before a field existed) reads as. */
const missingAttributes = (): Omit<Patient, 'id'> => {
  const epoch = new Date(0).toISOString();
  return {
    lastname: '',
    firstname: '',
    dob: '',
    mrn: '',
    room: '',
    appointment: '',
    attending: '',
    primarydx: '',
    oneliner: '',
    notes: '',
    tags: [],
    tasks: [],
    visibleFields: [],
    fields: {},
    lastAccessed: epoch,
    version: 0,
    lastSessionId: '',
    createdAt: epoch,
    updatedAt: epoch,
  };
};

const toSummary = (item: Record<string, unknown>, id: string): PatientSummary => {
  const withDefaults: Record<string, unknown> = { ...missingAttributes(), ...item, id };
  return PatientSummary.parse(Object.fromEntries(headAttributes.map((key) => [key, withDefaults[key]])));
};

const idOfHead = (sk: unknown) => String(sk).slice(keys.patient('').length);

/** Runs `work` over `items`, at most `concurrency` at a time, keeping the order of the results. */
const inBatches = async <T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += concurrency) results.push(...(await Promise.all(items.slice(i, i + concurrency).map(work))));
  return results;
};

interface Stored {
  patient: Patient;
  pointer: BodyPointer;
}

export class PatientRepository {
  constructor(private readonly table: Table) {}

  /** Every patient of the user as a summary, in the order they were added; note sections and notes are not read. */
  async list(userId: string): Promise<PatientSummary[]> {
    const names = Object.fromEntries(headAttributes.map((attribute, i) => [`#a${i}`, attribute]));
    const items = await this.query(userId, keys.patient(''), { ProjectionExpression: ['sk', ...Object.keys(names)].join(', '), ExpressionAttributeNames: names });
    return items.map((item) => toSummary(item, idOfHead(item.sk))).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** The whole patient, read consistently; undefined when it is not the user's. */
  async get(userId: string, patientId: string): Promise<Patient | undefined> {
    return (await this.read(userId, patientId))?.patient;
  }

  /** Every patient of the user, whole (for the export file). */
  async getAll(userId: string): Promise<Patient[]> {
    const ids = (await this.query(userId, keys.patient(''), { ProjectionExpression: 'sk' })).map((item) => idOfHead(item.sk));
    const patients = await inBatches(ids, PATIENT_CONCURRENCY, (id) => this.get(userId, id));
    return patients.filter((patient): patient is Patient => patient !== undefined);
  }

  async create(userId: string, patient: Patient): Promise<void> {
    await this.write(userId, patient, undefined, true);
  }

  /**
   * Applies `change` to the patient if it is still at `expectedVersion`: 404 when missing, 409 when another write came
   * first. The result is stored with the version bumped; returns the patient after the change.
   */
  async update(userId: string, patientId: string, expectedVersion: number, change: (current: Patient) => Patient): Promise<Patient> {
    const stored = await this.read(userId, patientId);
    if (!stored) throw notFound('That patient');
    if (stored.patient.version !== expectedVersion) throw versionConflict('This patient');
    const after: Patient = { ...change(stored.patient), id: patientId, version: expectedVersion + 1 };
    const bodyChanged = JSON.stringify(bodyOf(after)) !== JSON.stringify(bodyOf(stored.patient));
    await this.write(userId, after, stored.pointer, bodyChanged);
    return after;
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
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const { Item } = await this.table.client.send(
        new GetCommand({
          TableName: this.table.name,
          Key: { pk: keys.user(userId), sk: keys.patient(patient.id) },
          ProjectionExpression: '#version, partCount, bodyVersion',
          ExpressionAttributeNames: { '#version': 'version' },
          ConsistentRead: true,
        }),
      );
      const pointer = Pointer.safeParse(Item ?? {});
      const storedVersion = typeof Item?.version === 'number' ? Item.version : 0;
      const next: Patient = { ...patient, version: storedVersion + 1 };
      try {
        await this.write(userId, next, Item ? (pointer.success ? pointer.data : { partCount: 0, bodyVersion: 0 }) : undefined, true, storedVersion);
        return { patient: next, created: !Item };
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'version_conflict')) throw error;
      }
    }
    throw versionConflict('This patient');
  }

  /** Deletes the patient, its body and its time tracking; returns what was deleted, or undefined when it was not there. */
  async remove(userId: string, patientId: string): Promise<Patient | undefined> {
    const pk = keys.user(userId);
    const sk = keys.patient(patientId);
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const stored = await this.read(userId, patientId);
      if (!stored) return undefined;
      try {
        await this.table.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: this.table.name,
                  Key: { pk, sk },
                  ConditionExpression: '#version = :version',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: { ':version': stored.patient.version },
                },
              },
              { Delete: { TableName: this.table.name, Key: { pk, sk: keys.timeTracking(patientId) } } },
              ...chunkDeletes(this.table, pk, sk, stored.pointer.partCount),
            ],
          }),
        );
        return stored.patient;
      } catch (error) {
        // Changed between the read and the delete (e.g. by the tag manager): read it again and delete that.
        if (!isVersionCheckFailure(error)) throw error;
      }
    }
    throw versionConflict('This patient');
  }

  /**
   * Deletes every patient of the user with their bodies and time tracking, 25 items per batch. Returns the ids of the
   * patients deleted.
   */
  async removeAll(userId: string): Promise<string[]> {
    const pk = keys.user(userId);
    const heads = await this.query(userId, keys.patient(''), { ProjectionExpression: 'sk' });
    const others = await Promise.all([chunksUnderPrefix(keys.patient('')), keys.timeTracking('')].map((prefix) => this.query(userId, prefix, { ProjectionExpression: 'sk' })));
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
      if (isVersionCheckFailure(error)) throw notFound('That patient');
      throw error;
    }
  }

  /** Every item of the user whose sort key begins with `prefix`, page by page. */
  private async query(userId: string, prefix: string, extra: Pick<QueryCommandInput, 'ProjectionExpression' | 'ExpressionAttributeNames'>) {
    const input: QueryCommandInput = {
      TableName: this.table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': prefix },
      ...extra,
    };
    const items: Record<string, unknown>[] = [];
    do {
      const page = await this.table.client.send(new QueryCommand(input));
      items.push(...(page.Items ?? []));
      input.ExclusiveStartKey = page.LastEvaluatedKey;
    } while (input.ExclusiveStartKey);
    return items;
  }

  /** The head and its body, consistent with each other. */
  private async read(userId: string, patientId: string): Promise<Stored | undefined> {
    const pk = keys.user(userId);
    const sk = keys.patient(patientId);
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      const { Item } = await this.table.client.send(new GetCommand({ TableName: this.table.name, Key: { pk, sk }, ConsistentRead: true }));
      if (!Item) return undefined;
      const pointer = Pointer.safeParse(Item);
      // A head without a body (written by the tag manager's tests, say) reads as an empty body.
      const body = pointer.success ? await readChunks(this.table, pk, sk, pointer.data) : '{}';
      if (body === undefined) continue;
      const { pk: _pk, sk: _sk, partCount: _partCount, bodyVersion: _bodyVersion, ...head } = Item;
      const patient = Patient.parse({ ...missingAttributes(), ...head, ...(JSON.parse(body) as object), id: patientId });
      return { patient, pointer: pointer.success ? pointer.data : { partCount: 0, bodyVersion: 0 } };
    }
    throw new AppError('unavailable', 'This patient is being changed right now. Try again in a moment.');
  }

  /**
   * One transaction: the head (version-checked against `expected`, or new when there is no `previous` body) and, when it
   * changed, the body's chunks.
   */
  private async write(userId: string, patient: Patient, previous: BodyPointer | undefined, bodyChanged: boolean, expected = patient.version - 1) {
    const pk = keys.user(userId);
    const sk = keys.patient(patient.id);
    const chunks =
      previous && !bodyChanged
        ? { pointer: previous, writes: [] }
        : chunkWrites(this.table, pk, sk, JSON.stringify(bodyOf(patient)), patient.version, previous?.partCount ?? 0);
    assertHeadFits(patient);
    const head = headOf(patient, chunks.pointer);
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table.name,
                Item: { pk, sk, ...head },
                ...(previous === undefined
                  ? { ConditionExpression: 'attribute_not_exists(pk)' }
                  : {
                      ConditionExpression: '#version = :expected',
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':expected': expected },
                    }),
              },
            },
            ...chunks.writes,
          ],
        }),
      );
    } catch (error) {
      if (isVersionCheckFailure(error)) throw versionConflict('This patient');
      throw error;
    }
  }
}
