// The user's admission notes. The head item (sk ADMISSION#{id}) holds what the list shows and `version`; the sections
// are one body part beside it, split over items (see versioned-record-store.ts), so a long H&P never nears the item limit.
import { Admission, AdmissionSummary, AppError } from '@chartside/shared';
import { keys, type Table } from './table';
import { VersionedRecordStore, queryUnder, type RecordLayout } from './versioned-record-store';

/** What a list reads of each head. */
const headAttributes = Object.keys(AdmissionSummary.shape);

const missingAttributes = (): Omit<Admission, 'id'> => ({
  title: '',
  demographics: '',
  sections: [],
  patientId: null,
  version: 0,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
});

const layout: RecordLayout<Admission, 'sections'> = {
  noun: 'admission note',
  headPrefix: keys.admission(''),
  bodyFields: ['sections'],
  schema: Admission,
  missingAttributes,
  // The title and demographics are bounded well under the item limit; this is the store's guard.
  headTooLarge: () => new AppError('payload_too_large', 'The title and demographics of this admission note are too long to save.'),
};

const toSummary = (item: Record<string, unknown>): AdmissionSummary => {
  const withDefaults: Record<string, unknown> = { ...missingAttributes(), ...item };
  return AdmissionSummary.parse(Object.fromEntries(headAttributes.map((key) => [key, withDefaults[key]])));
};

export class AdmissionRepository {
  private readonly store: VersionedRecordStore<Admission, 'sections'>;

  constructor(private readonly table: Table) {
    this.store = new VersionedRecordStore(table, layout);
  }

  /** Every note of the user as a summary, newest first; sections are not read. */
  async list(userId: string): Promise<AdmissionSummary[]> {
    const names = Object.fromEntries(headAttributes.map((attribute, i) => [`#a${i}`, attribute]));
    const items = await queryUnder(this.table, userId, keys.admission(''), { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names });
    return items.map(toSummary).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  /** The whole note, read consistently; undefined when it is not the user's. */
  async get(userId: string, admissionId: string): Promise<Admission | undefined> {
    return (await this.store.read(userId, admissionId))?.record;
  }

  async create(userId: string, admission: Admission): Promise<void> {
    await this.store.create(userId, admission);
  }

  /** Applies `change` if the note is still at `expectedVersion`: 404 when missing, 409 when another write came first. */
  async update(userId: string, admissionId: string, expectedVersion: number, change: (current: Admission) => Admission): Promise<Admission> {
    return (await this.store.update(userId, admissionId, expectedVersion, change)).after;
  }

  /** Deletes the note and its sections; returns what was deleted, or undefined when it was not there. */
  async remove(userId: string, admissionId: string): Promise<Admission | undefined> {
    return this.store.remove(userId, admissionId);
  }
}
