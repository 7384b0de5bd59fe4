import { describe, expect, it } from 'vitest';
import { examplePatient as patient, exampleSection as section } from './example-patient';
import type { Patient } from './patient';
import { applyPatientPatch } from './patient-patch';

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
