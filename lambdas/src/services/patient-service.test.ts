import { describe, expect, it } from 'vitest';
import type { FieldValue, Patient } from '@chartside/shared';
import { assertHeadFits } from '../data/patient-repository';
import { applyPatientPatch } from './patient-service';

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
const now = new Date('2026-11-02T09:30:00.000Z');

describe('applyPatientPatch', () => {
  it.each<[string, Parameters<typeof applyPatientPatch>[1], Partial<Patient>]>([
    ['replaces only the sections it names', { fields: { events: section('Febrile overnight') } }, { fields: { events: section('Febrile overnight'), labs: section('Na 134') } }],
    ['adds a section', { fields: { vitals: section('BP 120/80') } }, { fields: { ...patient.fields, vitals: section('BP 120/80') } }],
    ['leaves the sections alone without `fields`', { room: '5C' }, { room: '5C', fields: patient.fields, notes: 'Call daughter' }],
    ['normalizes tags', { tags: ['step  down', 'Step Down', ' micu '] }, { tags: ['Step Down', 'Micu'] }],
    ['keeps text as typed', { lastname: 'Okafor ' }, { lastname: 'Okafor ' }],
  ])('%s', (_what, change, want) => {
    const after = applyPatientPatch(patient, change, 'session-b', now);
    expect(after).toMatchObject({ ...want, lastSessionId: 'session-b', updatedAt: now.toISOString(), version: 4, id: 'p1' });
  });

  it('does not change the patient it was given', () => {
    const before = structuredClone(patient);
    applyPatientPatch(patient, { fields: { events: section('x') }, tags: ['a'] }, 'session-b', now);
    expect(patient).toEqual(before);
  });
});

describe('assertHeadFits', () => {
  it('lets a large body through (it goes into chunks) but refuses a head that cannot fit one item, naming the patient', () => {
    expect(() => assertHeadFits({ ...patient, notes: 'x'.repeat(900_000) })).not.toThrow();
    expect(() => assertHeadFits({ ...patient, oneliner: 'x'.repeat(360_000) })).toThrow('The one-liner, tasks and tags of Okafor, Adaeze are too long to save.');
  });
});
