import { describe, expect, it } from 'vitest';
import type { FieldValue, Patient } from './patient';
import { applyPatientPatch } from './patient-patch';

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
const written = { version: 5, lastSessionId: 'session-b', updatedAt: '2026-11-02T09:30:00.000Z' };

describe('applyPatientPatch', () => {
  it.each<[string, Omit<Parameters<typeof applyPatientPatch>[1], 'version'>, Partial<Patient>]>([
    ['replaces only the sections it names', { fields: { events: section('Febrile overnight') } }, { fields: { events: section('Febrile overnight'), labs: section('Na 134') } }],
    ['adds a section', { fields: { vitals: section('BP 120/80') } }, { fields: { ...patient.fields, vitals: section('BP 120/80') } }],
    ['leaves the sections alone without `fields`', { room: '5C' }, { room: '5C', fields: patient.fields, notes: 'Call daughter' }],
    ['normalizes tags', { tags: ['step  down', 'Step Down', ' micu '] }, { tags: ['Step Down', 'Micu'] }],
    ['keeps text as typed', { lastname: 'Okafor ' }, { lastname: 'Okafor ' }],
  ])('%s', (_what, change, want) => {
    const after = applyPatientPatch(patient, { version: 4, ...change }, written);
    expect(after).toMatchObject({ ...want, ...written, id: 'p1' });
  });

  it('does not change the patient it was given', () => {
    const before = structuredClone(patient);
    applyPatientPatch(patient, { version: 4, fields: { events: section('x') }, tags: ['a'] }, written);
    expect(patient).toEqual(before);
  });
});
