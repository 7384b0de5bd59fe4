// One patient for the unit tests of the packages that read or write patients (not part of the app's code).
import type { FieldValue, Patient } from './patient';

/** A note section holding one paragraph. */
export const exampleSection = (text: string): FieldValue => ({ deltaString: JSON.stringify([{ type: 'paragraph', content: text }]) });

export const examplePatient: Patient = {
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
  fields: { events: exampleSection('Afebrile'), labs: exampleSection('Na 134') },
  lastAccessed: '2026-11-01T08:00:00.000Z',
  version: 4,
  lastSessionId: 'session-a',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
