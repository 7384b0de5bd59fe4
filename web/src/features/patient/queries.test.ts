import type { Patient } from '@chartside/shared';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { meKeys } from '../../platform/user-document';
import { patientKeys } from '../panel/queries';
import { patientChangedElsewhere, storePatient } from './queries';
import { patientRecord } from '../../test/fixtures';

const patient = (id: string, version: number): Patient => patientRecord({ id, version });

/** A query client holding the user document, the panel and patients p-1 (version 3) and p-2, all fresh. */
const cachedClient = () => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meKeys.all, { userId: 'user-1' });
  queryClient.setQueryData(patientKeys.list(), { patients: [] });
  queryClient.setQueryData(patientKeys.detail('p-1'), patient('p-1', 3));
  queryClient.setQueryData(patientKeys.detail('p-2'), patient('p-2', 1));
  return queryClient;
};
const stale = (queryClient: ReturnType<typeof createQueryClient>, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('storePatient', () => {
  it('refetches the user document (its tag list) only when the saved change touched the tags', () => {
    const untouched = cachedClient();
    storePatient(untouched, patient('p-1', 4), { tagsChanged: false });
    expect(stale(untouched, meKeys.all)).toBe(false);
    const tagged = cachedClient();
    storePatient(tagged, patient('p-1', 4), { tagsChanged: true });
    expect(stale(tagged, meKeys.all)).toBe(true);
    expect(tagged.getQueryData<Patient>(patientKeys.detail('p-1'))?.version).toBe(4);
  });
});

describe('a patient written on another device', () => {
  it('refetches the panel, and not the copy of a patient already as new as the write', () => {
    const queryClient = cachedClient();
    patientChangedElsewhere(queryClient, { patientId: 'p-1', version: 3 });
    expect(stale(queryClient, patientKeys.list())).toBe(true);
    expect(stale(queryClient, patientKeys.detail('p-1'))).toBe(false);
    expect(stale(queryClient, patientKeys.detail('p-2'))).toBe(false);
  });

  it('refetches that patient only when the write is newer, or a delete', () => {
    const newer = cachedClient();
    patientChangedElsewhere(newer, { patientId: 'p-1', version: 4 });
    expect(stale(newer, patientKeys.detail('p-1'))).toBe(true);
    expect(stale(newer, patientKeys.detail('p-2'))).toBe(false);
    const deleted = cachedClient();
    patientChangedElsewhere(deleted, { patientId: 'p-2', version: null });
    expect(stale(deleted, patientKeys.detail('p-2'))).toBe(true);
    expect(stale(deleted, patientKeys.detail('p-1'))).toBe(false);
  });
});
