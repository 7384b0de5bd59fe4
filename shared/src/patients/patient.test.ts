// The patient schemas on repeated entries: a write that repeats a shown section or a tag is refused, and a patient
// stored with one (written before the check) still reads.
import { describe, expect, it } from 'vitest';
import { Patient, PatientPatch } from './patient';

const stored = {
  id: 'p-1',
  lastname: 'Doe',
  firstname: 'Jane',
  dob: '1950-06-15',
  mrn: '123456789',
  room: '4B',
  appointment: '',
  attending: 'Dr. Patel',
  primarydx: 'CAP',
  oneliner: '',
  notes: '',
  tags: ['Team Blue', 'Team Blue'],
  tasks: [],
  visibleFields: ['subjective', 'assessment', 'subjective'],
  fields: { subjective: { deltaString: 'No events' } },
  lastAccessed: '2026-03-09T08:00:00.000Z',
  version: 3,
  lastSessionId: 's1',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-09T08:00:00.000Z',
};

describe('PatientPatch', () => {
  it('accepts distinct sections and tags', () =>
    expect(PatientPatch.safeParse({ version: 3, visibleFields: ['subjective', 'assessment'], tags: ['Team Blue', 'ICU'] }).success).toBe(true));

  it.each([
    ['a section shown twice', { version: 3, visibleFields: ['labs', 'vitals', 'labs'] }, 'visibleFields', "The section 'labs' is listed twice."],
    ['a tag given twice', { version: 3, tags: ['ICU', 'ICU'] }, 'tags', "The tag 'ICU' is listed twice."],
  ])('refuses %s, naming it', (_what, body, path, message) => {
    const result = PatientPatch.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [path], message })]);
  });
});

describe('Patient (reading what is stored)', () => {
  it('reads a patient stored with a repeated section and tag', () => expect(Patient.parse(stored)).toEqual(stored));
});
