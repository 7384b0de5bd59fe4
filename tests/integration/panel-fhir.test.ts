// The panel's FHIR R4 export and import through the real API (issue 18): a panel exported as a Bundle is valid against
// HL7's R4 JSON schema, and imported into a user with no patients it gives back the same patients, problems, tasks and
// notes. A deliberately broken resource shows that the schema check can fail.
import { describe, expect, it } from 'vitest';
import { plainTextDeltaString, type PanelExport, type Patient } from '@chartside/shared';
import { buildFhirBundle, readFhirBundle } from '@chartside/shared/fhir';
import { api, type Api } from '../harness/api';
import { fhirSchemaErrors } from '../harness/fhir-schema';
import { task } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
const freshUser = async (): Promise<Api> => api(runtime, await signedIn(runtime, await createUser(runtime)));

const call = async (as: Api, method: string, path: string, body?: unknown) => {
  const { status, json, text } = await as(method, path, body);
  expect(status, text).toBe(200);
  return json as unknown;
};
const rich = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: { italic: true } }], children: [] }]);

/** Three patients: every kind of content with unicode, one without problems, one with nothing but a name. */
const seed = async (as: Api) => {
  const full = (await call(as, 'POST', '/patients', { lastname: 'Ñúñez', firstname: 'Zoë 玲', dob: '1950-06-15', mrn: 'MRN-42', room: '4B', appointment: '2026-03-11T09:30', tags: ['Team Blue'] })) as Patient;
  await call(as, 'PATCH', `/patients/${full.id}`, {
    version: full.version,
    attending: 'Dr. Patel',
    primarydx: 'CAP',
    oneliner: rich('68F with HFrEF 💔'),
    notes: plainTextDeltaString('Family meeting Tuesday'),
    tasks: [task('Call family', '2026-03-09T08:00:00.000Z', { dueDate: '2026-03-11T15:00:00.000Z', priority: 1, details: 'Daughter – Ana' }), task('Repeat BMP', '2026-03-08T08:00:00.000Z', { completed: true })],
    visibleFields: ['subjective', 'assessment'],
    fields: {
      subjective: { deltaString: rich('“Feels better”') },
      assessment: { deltaString: '', data: { problems: [{ id: 'p1', problem: 'Sepsis', assessment: rich('Lactate down'), plan: 'Wean O₂' }, { id: 'p2', problem: 'HFrEF', assessment: '', plan: '' }] } },
    },
  });
  const noProblems = (await call(as, 'POST', '/patients', { lastname: 'Brown', firstname: 'Sam' })) as Patient;
  await call(as, 'PATCH', `/patients/${noProblems.id}`, { version: noProblems.version, tasks: [task('Discharge', '2026-03-09T08:00:00.000Z')], fields: { hpi: { deltaString: rich('Cellulitis') } } });
  await call(as, 'POST', '/patients', { lastname: 'Chen', firstname: '' });
};

/** What the importing user's copy shares with the exported one: everything but the write bookkeeping. */
const content = (patient: Patient) => ({ ...patient, version: 0, lastSessionId: '', updatedAt: '' });
const byName = (a: Patient, b: Patient) => a.lastname.localeCompare(b.lastname);

describe('the panel as a FHIR R4 Bundle', () => {
  it('exports a Bundle valid against the R4 schema that imports into an empty user as the same patients', async () => {
    const owner = await freshUser();
    await seed(owner);
    const exported = (await call(owner, 'GET', '/patients/export')) as PanelExport;
    expect(exported.patients).toHaveLength(3);

    const text = JSON.stringify(buildFhirBundle(exported.patients, new Date(), () => crypto.randomUUID()));
    const bundle = JSON.parse(text) as { entry: { resource: { resourceType: string } }[] };
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    expect(bundle.entry.map((entry) => entry.resource.resourceType).filter((type) => type !== 'DocumentReference').sort()).toEqual([
      'Condition', 'Condition', 'Patient', 'Patient', 'Patient', 'Task', 'Task', 'Task',
    ]);

    const read = readFhirBundle(text, new Date());
    if (!read.ok) throw new Error(read.message);
    const other = await freshUser();
    expect(await call(other, 'POST', '/patients/import', { patients: read.patients })).toEqual({ created: 3, updated: 0 });
    const imported = (await call(other, 'GET', '/patients/export')) as PanelExport;
    expect(imported.patients.map(content).sort(byName)).toEqual(exported.patients.map(content).sort(byName));
  });

  it('fails the schema check for a malformed resource', () => {
    const patient: Patient = { id: 'a', lastname: 'Doe', firstname: 'Jane', dob: '1950-06-15', mrn: '', room: '', appointment: '', attending: '', primarydx: '', oneliner: '', notes: '', tags: [], tasks: [task('Call', '2026-03-09T08:00:00.000Z')], visibleFields: [], fields: {}, lastAccessed: '2026-03-09T08:00:00.000Z', version: 0, lastSessionId: '', createdAt: '2026-03-09T08:00:00.000Z', updatedAt: '2026-03-09T08:00:00.000Z' };
    const bundle = JSON.parse(JSON.stringify(buildFhirBundle([patient], new Date(), () => crypto.randomUUID()))) as { entry: { resource: Record<string, unknown> }[] };
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    // A Task whose status is a number, and a Patient with an element R4 does not have.
    const broken = structuredClone(bundle);
    broken.entry[1]!.resource.status = 3;
    expect(fhirSchemaErrors(broken)).not.toEqual([]);
    const unknown = structuredClone(bundle);
    unknown.entry[0]!.resource.room = '4B';
    expect(fhirSchemaErrors(unknown)).not.toEqual([]);
  });
});
