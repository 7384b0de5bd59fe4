import { describe, expect, it } from 'vitest';
import { PanelExport } from '../contracts/patients';
import type { Patient } from './patient';
import { buildPanelExport, panelExportFileName, panelImportMessages, preselectImport, readPanelExport } from './panel-import';

const now = new Date('2026-03-10T14:00:00.000Z');
const patient = (id: string, over: Partial<Patient> = {}): Patient => ({
  id,
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
  tags: ['Team Blue'],
  tasks: [],
  visibleFields: ['subjective', 'assessment'],
  fields: { subjective: { deltaString: 'No events' } },
  lastAccessed: '2026-03-09T08:00:00.000Z',
  version: 3,
  lastSessionId: 's1',
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-09T08:00:00.000Z',
  ...over,
});
const file = (patients: unknown[], over: Record<string, unknown> = {}) =>
  JSON.stringify({ format: 'chartside-panel', version: 1, exportedAt: '2026-03-10T14:00:00.000Z', patients, ...over });

describe('readPanelExport', () => {
  it('reads a file it built', () => {
    const built = buildPanelExport([patient('a'), patient('b', { lastname: 'Roe' })], now);
    expect(readPanelExport(JSON.stringify(built))).toEqual({ ok: true, file: built });
  });

  it('reads an empty panel', () => expect(readPanelExport(file([]))).toMatchObject({ ok: true, file: { patients: [] } }));

  it.each([
    ['text that is not JSON', 'lastname,firstname\nDoe,Jane', panelImportMessages.notJson],
    ['an empty file', '', panelImportMessages.notJson],
    ['JSON of another kind', JSON.stringify({ resources: [] }), panelImportMessages.wrongFormat],
    ['a bare list of patients', JSON.stringify([patient('a')]), panelImportMessages.wrongFormat],
    ['null', 'null', panelImportMessages.wrongFormat],
    ['a newer version', file([], { version: 2 }), 'This panel export was made by a newer version of Chartside (format version 2). Update Chartside, then import it again.'],
    ['a version that is text', file([], { version: '1' }), panelImportMessages.unknownVersion],
    ['version 0', file([], { version: 0 }), panelImportMessages.unknownVersion],
    ['no patients list', file([], { patients: {} }), 'This panel export is damaged: it has no list of patients.'],
    ['a bad export time', file([], { exportedAt: 'yesterday' }), 'This panel export is damaged: exportedAt: Invalid ISO datetime.'],
  ])('refuses %s', (_name, text, message) => expect(readPanelExport(text)).toEqual({ ok: false, message }));

  it('says which patient is invalid and why', () => {
    const read = readPanelExport(file([patient('a'), patient('b', { lastname: 'Roe', firstname: 'Rick', dob: '06/15/1950' })]));
    expect(read).toEqual({ ok: false, message: 'This panel export has invalid patients: patient 2 (Roe, Rick): dob: Invalid ISO date.' });
  });

  it('names a patient without a name by position, and a missing field by its name', () => {
    const { lastname: _dropped, ...noLastname } = patient('a');
    const read = readPanelExport(file([42, noLastname]));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^This panel export has invalid patients: patient 1: .+; patient 2: lastname: .+\.$/);
  });

  it('names three invalid patients, then counts the rest', () => {
    const bad = ['a', 'b', 'c', 'd', 'e'].map((id) => patient(id, { lastname: id.toUpperCase(), priority: 9 } as Partial<Patient>));
    const read = readPanelExport(file(bad));
    expect(!read.ok && read.message).toMatch(/patient 1 \(A, Jane\).+; patient 2 \(B, Jane\).+; patient 3 \(C, Jane\).+; and 2 more\.$/);
  });

  it('refuses an id the import call would refuse', () =>
    expect(readPanelExport(file([patient('../other-user/p1')]))).toEqual({
      ok: false,
      message: 'This panel export has invalid patients: patient 1 (Doe, Jane): id: A patient id is 1 to 100 letters, digits, "-" or "_".',
    }));

  it('refuses two patients with the same id', () =>
    expect(readPanelExport(file([patient('a'), patient('b'), patient('a', { lastname: 'Roe' })]))).toEqual({
      ok: false,
      message: 'This panel export has invalid patients: patient 3 (Roe, Jane): same id as patient 1.',
    }));
});

describe('preselectImport', () => {
  const existing = [
    patient('same', { lastAccessed: '2026-03-09T08:00:00.000Z' }),
    patient('older-here', { lastAccessed: '2026-03-08T08:00:00.000Z' }),
    patient('newer-here', { lastAccessed: '2026-03-10T08:00:00.000Z' }),
  ];

  it.each([
    ['a new patient is selected', patient('brand-new'), 'new', true],
    ['a patient newer in the file is selected', patient('older-here', { lastAccessed: '2026-03-08T08:00:01.000Z' }), 'newer', true],
    ['a patient as recent as the one here is not', patient('same'), 'unchanged', false],
    ['the same moment written with an offset is not', patient('same', { lastAccessed: '2026-03-09T09:00:00+01:00' }), 'unchanged', false],
    ['a patient older in the file is not', patient('newer-here', { lastAccessed: '2026-03-09T08:00:00.000Z' }), 'older', false],
  ])('%s', (_name, incoming, status, selected) =>
    expect(preselectImport(existing, [incoming])).toEqual([{ patient: incoming, status, selected }]));

  it('keeps the order of the file and selects everything when nothing is here yet', () => {
    const incoming = [patient('b'), patient('a')];
    expect(preselectImport([], incoming).map((c) => [c.patient.id, c.selected])).toEqual([['b', true], ['a', true]]);
  });
});

describe('buildPanelExport', () => {
  it('is a valid versioned file stamped with the time', () => {
    const built = buildPanelExport([patient('a')], now);
    expect(PanelExport.parse(built)).toEqual({ format: 'chartside-panel', version: 1, exportedAt: '2026-03-10T14:00:00.000Z', patients: [patient('a')] });
  });

  it('names the file by the local date', () => expect(panelExportFileName(new Date(2026, 2, 9, 23, 59))).toBe('chartside-panel-2026-03-09.json'));
});
