import { describe, expect, it } from 'vitest';
import { plainTextDeltaString } from '../patients/copy-as-text';
import { panelImportMessages } from '../patients/panel-import';
import type { Patient } from '../patients/patient';
import { CHARTSIDE_VALUE_TYPE, fromBase64, PLAIN_TEXT_TYPE, toBase64 } from './fhir-common';
import { buildFhirBundle, fhirExportFileName, type FhirBundle, type FhirResource } from './panel-bundle';
import { fhirImportMessages, readFhirBundle } from './read-fhir-bundle';

const now = new Date('2026-03-10T14:00:00.000Z');
const uuids = () => {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
};
const rich = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: { bold: true } }], children: [] }]);

/** Every field filled, rich text with styles, a completed and an open task, two problems, unicode throughout. */
const full: Patient = {
  id: 'p_1-a',
  lastname: 'Ñúñez-Łukasz',
  firstname: 'Zoë 玲',
  dob: '1950-06-15',
  mrn: 'MRN-0042',
  room: '4B',
  appointment: '2026-03-11T09:30',
  attending: 'Dr. Patel',
  primarydx: 'Community-acquired pneumonia',
  oneliner: rich('68F with HFrEF 💔 admitted with CAP'),
  notes: plainTextDeltaString('Family meeting Tuesday\nDaughter: Ana'),
  tags: ['Team Blue', 'Icu'],
  tasks: [
    { id: 't1', text: 'Call family', details: 'Daughter – 555 0100', completed: false, priority: 1, dueDate: '2026-03-11T15:00:00.000Z', created: '2026-03-09T08:00:00.000Z', tags: ['Calls'] },
    { id: 't2', text: 'Repeat BMP', details: '', completed: true, priority: 4, dueDate: null, created: '2026-03-08T08:00:00.000Z', tags: [] },
  ],
  visibleFields: ['subjective', 'assessment', 'labs'],
  fields: {
    subjective: { deltaString: rich('No events overnight; “feels better”'), expanded: false },
    labs: { deltaString: '', showFreeText: true },
    assessment: {
      deltaString: rich('Improving'),
      data: {
        problems: [
          { id: 'pr1', problem: 'Sepsis due to CAP', assessment: rich('Lactate down'), plan: '- Ceftriaxone day 3\n- Wean O₂' },
          { id: 'pr2', problem: 'HFrEF', assessment: '', plan: '' },
        ],
      },
    },
  },
  lastAccessed: '2026-03-09T08:00:00.000Z',
  version: 7,
  lastSessionId: 's1',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-09T08:00:00.000Z',
};
const bare: Patient = { ...full, id: 'p2', lastname: 'Roe', firstname: '', dob: '', mrn: '', room: '', appointment: '', attending: '', primarydx: '', oneliner: '', notes: '', tags: [], tasks: [], visibleFields: [], fields: {} };

/** What an import gives back: the same patient; version and writing session are the importing user's. */
const imported = (patient: Patient): Patient => ({ ...patient, version: 0, lastSessionId: '' });
const roundTrip = (patients: Patient[]) => readFhirBundle(JSON.stringify(buildFhirBundle(patients, now, uuids())), now);
const resources = (bundle: FhirBundle, type: string): FhirResource[] => bundle.entry.map((entry) => entry.resource).filter((resource) => resource.resourceType === type);

describe('buildFhirBundle', () => {
  const bundle = buildFhirBundle([full], now, uuids());

  it('is a collection Bundle: a Patient, a Condition per problem, a Task per task, a DocumentReference per note', () => {
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: '2026-03-10T14:00:00.000Z' });
    expect(bundle.entry.map((entry) => entry.resource.resourceType)).toEqual([
      'Patient', 'Condition', 'Condition', 'Task', 'Task', 'DocumentReference', 'DocumentReference', 'DocumentReference', 'DocumentReference', 'DocumentReference',
    ]);
    expect(new Set(bundle.entry.map((entry) => entry.fullUrl)).size).toBe(bundle.entry.length);
  });

  it('maps the patient to FHIR elements: name, birth date, MRN identifier', () => {
    expect(resources(bundle, 'Patient')[0]).toMatchObject({
      name: [{ use: 'official', family: 'Ñúñez-Łukasz', given: ['Zoë 玲'] }],
      birthDate: '1950-06-15',
      identifier: [{ value: 'p_1-a' }, { type: { coding: [{ code: 'MR' }] }, value: 'MRN-0042' }],
    });
  });

  it('refers to the patient from every other entry, and gives problems, tasks and notes readable text', () => {
    const subject = { reference: bundle.entry[0]?.fullUrl };
    const [sepsis] = resources(bundle, 'Condition');
    expect(sepsis).toMatchObject({ subject, code: { text: 'Sepsis due to CAP' }, note: [{ text: 'Assessment:\nLactate down' }, { text: 'Plan:\n- Ceftriaxone day 3\n- Wean O₂' }] });
    expect(resources(bundle, 'Task')).toMatchObject([
      { for: subject, status: 'requested', priority: 'stat', description: 'Call family', restriction: { period: { end: '2026-03-11T15:00:00.000Z' } } },
      { for: subject, status: 'completed', priority: 'routine', description: 'Repeat BMP' },
    ]);
    const subjective = resources(bundle, 'DocumentReference')[0] as unknown as { subject: unknown; content: { attachment: { contentType: string; data: string } }[] };
    expect(subjective.subject).toEqual(subject);
    expect(subjective.content.map((item) => item.attachment.contentType)).toEqual([PLAIN_TEXT_TYPE, CHARTSIDE_VALUE_TYPE]);
    expect(fromBase64(subjective.content[0]?.attachment.data ?? '')).toBe('No events overnight; “feels better”');
  });

  it('leaves out empty values (FHIR strings may not be empty) and has no nulls', () => {
    const json = JSON.stringify(buildFhirBundle([bare], now, uuids()));
    expect(json).not.toMatch(/:""|null/);
    expect(JSON.parse(json)).toMatchObject({ entry: [{ resource: { resourceType: 'Patient', name: [{ family: 'Roe' }] } }] });
  });

  it('names the file by the local date', () => expect(fhirExportFileName(new Date(2026, 2, 10, 23, 59))).toBe('chartside-panel-2026-03-10.fhir.json'));
});

describe('readFhirBundle', () => {
  it('reads back the same patients: every field, problems, tasks and notes, unicode kept', () => {
    expect(roundTrip([full, bare])).toEqual({ ok: true, patients: [imported(full), imported(bare)] });
  });

  it('reads back an empty panel as no patients', () => expect(roundTrip([])).toEqual({ ok: true, patients: [] }));

  it('keeps an assessment with an empty problem list, and a patient without an assessment has none', () => {
    const emptyList: Patient = { ...bare, id: 'p3', visibleFields: ['assessment'], fields: { assessment: { deltaString: '', data: { problems: [] } } } };
    const noProblems: Patient = { ...bare, id: 'p4', fields: { hpi: { deltaString: rich('Cough') } } };
    expect(roundTrip([emptyList, noProblems])).toEqual({ ok: true, patients: [imported(emptyList), imported(noProblems)] });
  });

  it("reads another system's Bundle: names, MRN, problems, tasks and text or HTML notes", () => {
    const foreign = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { fullUrl: 'urn:uuid:5d7c1c40-0000-4000-8000-000000000001', resource: { resourceType: 'Patient', name: [{ family: 'Okafor', given: ['Adaeze', 'N'] }], birthDate: '1956-03-14', identifier: [{ type: { coding: [{ code: 'MR' }] }, value: '40012345' }] } },
        { resource: { resourceType: 'Encounter', status: 'in-progress' } },
        { resource: { resourceType: 'Condition', subject: { reference: 'urn:uuid:5d7c1c40-0000-4000-8000-000000000001' }, code: { coding: [{ display: 'Sepsis' }] }, note: [{ text: 'Improving' }] } },
        { resource: { resourceType: 'Task', status: 'in-progress', intent: 'order', priority: 'urgent', description: 'Call family', authoredOn: '2026-03-09T08:00:00.000Z', for: { reference: 'urn:uuid:5d7c1c40-0000-4000-8000-000000000001' } } },
        { resource: { resourceType: 'DocumentReference', status: 'current', subject: { reference: 'urn:uuid:5d7c1c40-0000-4000-8000-000000000001' }, content: [{ attachment: { contentType: 'text/html', data: toBase64('<p>Seen &amp; examined</p><p>Stable</p>') } }] } },
      ],
    };
    const read = readFhirBundle(JSON.stringify(foreign), now);
    expect(read).toMatchObject({
      ok: true,
      patients: [
        {
          id: '5d7c1c40-0000-4000-8000-000000000001',
          lastname: 'Okafor',
          firstname: 'Adaeze N',
          dob: '1956-03-14',
          mrn: '40012345',
          notes: plainTextDeltaString('Seen & examined\nStable'),
          tasks: [{ id: 'task-1', text: 'Call family', completed: false, priority: 2, dueDate: null, created: '2026-03-09T08:00:00.000Z' }],
          visibleFields: ['assessment'],
          fields: { assessment: { deltaString: '', data: { problems: [{ id: 'problem-1', problem: 'Sepsis', assessment: 'Improving', plan: '' }] } } },
          lastAccessed: now.toISOString(),
        },
      ],
    });
  });

  it.each([
    ['not JSON', 'Bundle?', fhirImportMessages.notJson],
    ['another resource', JSON.stringify({ resourceType: 'Patient' }), fhirImportMessages.notBundle],
    ['entries that are not a list', JSON.stringify({ resourceType: 'Bundle', entry: {} }), fhirImportMessages.damaged('entry: Invalid input: expected array, received object')],
    [
      'a Task without a patient',
      JSON.stringify({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Task', status: 'requested', for: { reference: 'Patient/x' } } }] }),
      fhirImportMessages.damaged('entry 1 (Task) refers to a patient that is not in the file (Patient/x)'),
    ],
    [
      'a Condition with no subject',
      JSON.stringify({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', id: 'a' } }, { resource: { resourceType: 'Condition' } }] }),
      fhirImportMessages.damaged('entry 2 (Condition): subject: Invalid input: expected object, received undefined'),
    ],
    [
      'a patient without a usable id',
      JSON.stringify({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', id: 'a.b' } }] }),
      fhirImportMessages.damaged('entry 1 (Patient) has no id Chartside can use (letters, digits, "-" or "_")'),
    ],
    [
      'a note whose data is not base64',
      JSON.stringify({ resourceType: 'Bundle', entry: [{ fullUrl: 'urn:uuid:a', resource: { resourceType: 'Patient', id: 'a' } }, { resource: { resourceType: 'DocumentReference', subject: { reference: 'Patient/a' }, content: [{ attachment: { contentType: 'text/plain', data: '***' } }] } }] }),
      fhirImportMessages.damaged('entry 2 (DocumentReference): its attachment is not base64 UTF-8 text'),
    ],
    [
      'a patient whose birth date Chartside cannot keep',
      JSON.stringify({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', id: 'a', birthDate: '1956', name: [{ family: 'Doe', given: ['Jane'] }] } }] }),
      panelImportMessages.badPatients(['patient 1 (Doe, Jane): dob: Invalid ISO date'], 0),
    ],
  ])('refuses %s with a message that says why', (_case, text, message) => expect(readFhirBundle(text, now)).toEqual({ ok: false, message }));
});
