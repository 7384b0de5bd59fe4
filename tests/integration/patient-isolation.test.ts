// Two users on one runtime: B never finds, opens, changes or deletes A's patients or their time tracking, whatever ids B
// sends. Every refusal is a 404, never a hint that A's patient exists; an import naming A's ids makes B's own copies.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PanelExport, Patient, TimeTracking } from '@chartside/shared';
import { api, type Api } from '../harness/api';
import { localTable } from '../harness/dynamodb';
import { noteSection, patientRecord } from '../harness/patients';
import { sharedRuntime } from '../harness/shared-runtime';
import { createUser, signedIn, type TestUser } from '../harness/users';

const runtime = sharedRuntime();
const table = localTable(runtime);

let userA: TestUser;
let userB: TestUser;
let asA: Api;
let asB: Api;
let patientOfA: Patient;
let trackingOfA: TimeTracking;

beforeAll(async () => {
  [userA, userB] = await Promise.all([createUser(runtime), createUser(runtime)]);
  asA = api(runtime, await signedIn(runtime, userA));
  asB = api(runtime, await signedIn(runtime, userB));
  const created = (await asA('POST', '/patients', { lastname: 'Private', firstname: 'Person', mrn: '99887766', tags: ['A Secret Tag'] })).json as unknown as Patient;
  expect((await asA('PATCH', `/patients/${created.id}`, { version: created.version, notes: 'A private note', fields: { events: noteSection(50_000) } })).status).toBe(200);
  patientOfA = (await asA('GET', `/patients/${created.id}`)).json as unknown as Patient;
  trackingOfA = { steps: [{ id: 'visit', name: 'Visit', time: 321 }], lastActiveStep: 'visit', lastUpdated: new Date().toISOString() };
  expect((await asA('PUT', `/patients/${patientOfA.id}/time-tracking`, trackingOfA)).status).toBe(200);
});

const aIsUntouched = async () => {
  expect((await asA('GET', `/patients/${patientOfA.id}`)).json).toEqual(patientOfA);
  expect((await asA('GET', `/patients/${patientOfA.id}/time-tracking`)).json).toEqual(trackingOfA);
};

describe("B and A's patients", () => {
  it("never lists or exports A's patients for B", async () => {
    expect((await asB('GET', '/patients')).json).toEqual({ patients: [] });
    const file = (await asB('GET', '/patients/export')).json as unknown as PanelExport;
    expect(file.patients).toEqual([]);
  });

  it("answers B with 404 on get, patch, delete and time tracking of A's patient id, and A's patient stays as it was", async () => {
    expect((await asB('GET', `/patients/${patientOfA.id}`)).status).toBe(404);
    expect((await asB('PATCH', `/patients/${patientOfA.id}`, { version: patientOfA.version, lastname: 'Taken over' })).status).toBe(404);
    expect((await asB('DELETE', `/patients/${patientOfA.id}`)).status).toBe(404);
    expect((await asB('GET', `/patients/${patientOfA.id}/time-tracking`)).status).toBe(404);
    expect((await asB('PUT', `/patients/${patientOfA.id}/time-tracking`, { ...trackingOfA, steps: [] })).status).toBe(404);
    await aIsUntouched();
    expect((await asB('GET', '/me')).json.patientTags).toEqual([]);
  });

  it("deletes only B's own patients on delete-all", async () => {
    await asB('POST', '/patients', { lastname: 'B', firstname: 'Own' });
    expect((await asB('POST', '/patients/delete-all')).json).toEqual({ deleted: 1 });
    await aIsUntouched();
  });

  it("makes B's own copies when B imports A's ids, and never touches A's", async () => {
    const copy = patientRecord({ id: patientOfA.id, lastname: 'Copy Of B', tags: [] });
    const { status, json } = await asB('POST', '/patients/import', { patients: [copy] });
    expect(status).toBe(200);
    expect(json).toEqual({ created: 1, updated: 0 });
    expect((await asB('GET', `/patients/${patientOfA.id}`)).json).toMatchObject({ lastname: 'Copy Of B', version: 1 });
    // B's copy of the id has no time tracking of A's.
    expect((await asB('GET', `/patients/${patientOfA.id}/time-tracking`)).json).toMatchObject({ lastActiveStep: null });
    expect((await asB('DELETE', `/patients/${patientOfA.id}`)).status).toBe(200);
    await aIsUntouched();
    expect(await table.get(`USER#${userA.userId}`, `TIMETRACK#${patientOfA.id}`)).toMatchObject({ lastActiveStep: 'visit' });
  });
});
