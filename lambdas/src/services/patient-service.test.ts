import { describe, expect, it } from 'vitest';
import type { FieldValue, Patient } from '@chartside/shared';
import { assertHeadFits } from '../data/patient-repository';

const section = (text: string): FieldValue => ({ deltaString: JSON.stringify([{ type: 'paragraph', content: text }]) });

const patient: Patient = {
  id: 'p1',
  lastname: 'Okafor',
  firstname: 'Adaeze',
  dob: '1956-03-14',
  mrn: '40012345',
  room: '4B-12',
  appointment: '',
  attending: '',
  primarydx: '',
  oneliner: '',
  notes: 'Call daughter',
  tags: ['Icu'],
  tasks: [],
  visibleFields: ['events', 'labs'],
  fields: { events: section('Afebrile'), labs: section('Na 134') },
  lastAccessed: '2026-11-01T08:00:00.000Z',
  version: 4,
  lastSessionId: 'session-a',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
describe('assertHeadFits', () => {
  it('lets a large body through (it goes into chunks) but refuses a head that cannot fit one item, naming the patient', () => {
    expect(() => assertHeadFits({ ...patient, notes: 'x'.repeat(900_000) })).not.toThrow();
    expect(() => assertHeadFits({ ...patient, oneliner: 'x'.repeat(360_000) })).toThrow('The one-liner, tasks and tags of Okafor, Adaeze are too long to save.');
  });
});
