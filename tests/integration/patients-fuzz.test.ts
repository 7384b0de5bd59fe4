// Property-based: whatever body or id a client sends to the patient routes, the answer is never a 500. Bodies are drawn
// both from any JSON and from near-valid shapes (right keys, odd values), which reach deeper into the handlers.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { patientSections, type Patient } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { patientRecord } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn } from '../harness/users';

const runtime = sharedRuntime();
const RUNS = 40;

let asUser: Api;
let patient: Patient;

beforeAll(async () => {
  asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
  patient = (await asUser('POST', '/patients', { lastname: 'Fuzz', firstname: 'Target' })).json as unknown as Patient;
});

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.constantFrom('', ' ', '../', '%00', '\u0000', '#', 'PATIENT#x', '2024-02-30'));
const anyJson = fc.jsonValue({ maxDepth: 3 });
const isoish = fc.oneof(text, fc.constant(new Date().toISOString()), fc.constant('2024-01-01'), fc.constant('2024-01-01T08:30'));
const section = fc.oneof(fc.constantFrom(...patientSections), text);
const fieldValue = fc.oneof(anyJson, fc.record({ deltaString: fc.oneof(text, anyJson), data: anyJson, expanded: fc.oneof(fc.boolean(), anyJson) }, { requiredKeys: [] }));
const task = fc.record(
  { id: text, text, details: text, completed: fc.oneof(fc.boolean(), anyJson), priority: fc.oneof(fc.integer(), fc.double()), dueDate: fc.oneof(fc.constant(null), isoish), created: isoish, tags: fc.array(text, { maxLength: 3 }) },
  { requiredKeys: [] },
);
const patientFields = {
  lastname: text,
  firstname: text,
  dob: isoish,
  mrn: text,
  room: text,
  appointment: isoish,
  attending: text,
  primarydx: text,
  oneliner: text,
  notes: fc.oneof(text, anyJson),
  tags: fc.oneof(fc.array(text, { maxLength: 5 }), anyJson),
  tasks: fc.oneof(fc.array(task, { maxLength: 3 }), anyJson),
  visibleFields: fc.oneof(fc.array(section, { maxLength: 5 }), anyJson),
  fields: fc.oneof(fc.dictionary(section, fieldValue, { maxKeys: 4 }), anyJson),
  lastAccessed: isoish,
  version: fc.oneof(fc.integer(), fc.double(), text),
};
const nearValid = fc.record(patientFields, { requiredKeys: [] });
const body = fc.oneof(anyJson, nearValid);
const step = fc.record({ id: fc.oneof(fc.constantFrom('prerounding', 'visit', 'post'), text), name: text, time: fc.oneof(fc.integer(), fc.double(), anyJson) }, { requiredKeys: [] });
const tracking = fc.oneof(anyJson, fc.record({ steps: fc.oneof(fc.array(step, { maxLength: 6 }), anyJson), lastActiveStep: fc.oneof(fc.constant(null), text, fc.constant('visit')), lastUpdated: isoish }, { requiredKeys: [] }));
/** A whole patient with some of its fields drawn at random, so most of an import file is valid. */
const importedPatient = fc.record(patientFields, { requiredKeys: [] }).chain((changes) =>
  fc.record({ id: fc.oneof(fc.uuid(), text), createdAt: isoish }).map((extra) => ({ ...patientRecord(), ...changes, ...extra })),
);
const importBody = fc.oneof(anyJson, fc.record({ patients: fc.oneof(fc.array(importedPatient, { maxLength: 3 }), anyJson) }, { requiredKeys: [] }));
/** Any id, or (as null) the real patient's, which exists only once the suite has started. */
const id = fc.oneof(text.filter((s) => s.length > 0), fc.constant(null));

const neverServerError = (status: number, answer: string) => expect(status, answer).toBeLessThan(500);

describe('fuzzed patient input', () => {
  it('never answers POST /api/patients with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const { status, text: answer } = await asUser('POST', '/patients', payload);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers PATCH /api/patients/{id} with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, onRealId) => {
        const current = (await asUser('GET', `/patients/${patient.id}`)).json;
        const target = onRealId ? patient.id : 'not-a-patient';
        const withVersion = payload && typeof payload === 'object' && !Array.isArray(payload) && onRealId ? { version: current.version, ...payload } : payload;
        const { status, text: answer } = await asUser('PATCH', `/patients/${target}`, withVersion);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers POST /api/patients/import with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(importBody, async (payload) => {
        const { status, text: answer } = await asUser('POST', '/patients/import', payload);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers the time tracking routes with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(tracking, id, async (payload, drawn) => {
        const path = `/patients/${encodeURIComponent(drawn ?? patient.id)}/time-tracking`;
        const put = await asUser('PUT', path, payload);
        neverServerError(put.status, put.text);
        const get = await asUser('GET', path);
        neverServerError(get.status, get.text);
      }),
      { numRuns: RUNS },
    );
  });

  it('never answers a path id with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(id, fc.constantFrom('GET', 'DELETE'), async (drawn, method) => {
        if (method === 'DELETE' && drawn === null) return; // keep the real patient for the other properties
        const { status, text: answer } = await asUser(method, `/patients/${encodeURIComponent(drawn ?? patient.id)}`);
        neverServerError(status, answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('reads every patient the fuzzing stored back whole, and lists and exports them', async () => {
    const list = await asUser('GET', '/patients');
    expect(list.status).toBe(200);
    for (const { id: stored } of list.json.patients as { id: string }[]) {
      const { status, text: answer } = await asUser('GET', `/patients/${encodeURIComponent(stored)}`);
      expect(status, answer).toBe(200);
    }
    expect((await asUser('GET', '/patients/export')).status).toBe(200);
  });
});
