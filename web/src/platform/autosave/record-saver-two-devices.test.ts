// Two devices autosaving one patient, and one resource, through a simulated network: random edits, answers that
// arrive late or never, devices going offline mid-request, pushes whose refetch reads the record at one moment and
// delivers it at another. The browser test two-device-edits checks this end to end; here the savers (the patient's and
// the resource's, with their real merge rules) go through thousands of seeded runs: every token typed is stored once or
// was shown in a conflict, none is lost silently, and both devices end on the stored copy.
import { applyPatientPatch, type FieldValue, type Patient, type PatientPatch, type Resource, type ResourceFields, type ResourcePatch } from '@chartside/shared';
import { examplePatient } from '@chartside/shared/example-patient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '@chartside/shared/seeded-random';
import { createPatientSaver, patientDraftOf, type PatientDraft } from '../../features/patient/patient-saver';
import { resourceFixture } from '../../features/resources/resource-fixtures';
import { createResourceSaver, fieldsOf } from '../../features/resources/resource-saver';
import { newSection } from '../../features/resources/sections/section-list';
import { ApiError } from '../api/api-error';
import type { FieldConflict, RecordSaver, Versioned } from './record-saver';

/** How the simulation talks to one device's saver: its requests go through the simulated network. */
interface Network<R, B, Answer> {
  patch: (body: B) => Promise<Answer>;
  fetchLatest: () => Promise<R>;
  onServerCopy: (copy: R) => void;
  isOffline: () => boolean;
}

/** A kind of record: its first copy, the places a user types into, its saver and how the server writes a PATCH. */
interface Kind<R extends Versioned, D extends object, B extends { version: number }, Answer> {
  initial: R;
  targets: readonly string[];
  createSaver: (network: Network<R, B, Answer>) => RecordSaver<R, D, B>;
  /** The server's write: the record after the patch (at the next version), and what the PATCH answers. */
  write: (current: R, body: B) => { after: R; answer: Answer };
  /** The change of typing ` token` at the end of `target`. */
  typeInto: (draft: D, target: string, token: string) => Partial<D>;
  textOf: (fields: D, target: string) => string;
  draftOf: (record: R) => D;
}

const sectionKey = (target: string) => `section:${target}` as const;
const patientText = (draft: PatientDraft, target: string) => (draft[sectionKey(target) as keyof PatientDraft] as FieldValue | undefined)?.deltaString ?? '';

const patientKind: Kind<Patient, PatientDraft, PatientPatch, { version: number; lastSessionId: string; updatedAt: string }> = {
  initial: { ...examplePatient, version: 1, fields: {} },
  targets: ['events', 'exam'],
  createSaver: (network) => createPatientSaver({ initial: patientKind.initial, ...network, delayMs: 700, retryDelaysMs: [500, 1_000] }),
  write: (current, body) => {
    const answer = { version: current.version + 1, lastSessionId: 'session', updatedAt: new Date().toISOString() };
    return { after: applyPatientPatch(current, body, answer), answer };
  },
  typeInto: (draft, target, token) => ({ [sectionKey(target)]: { deltaString: `${patientText(draft, target)} ${token}` } }),
  textOf: patientText,
  draftOf: patientDraftOf,
};

const resourceText = (fields: ResourceFields, target: string) => fields.textSections.find((section) => section.id === target)?.deltaString ?? '';
const resourceKind: Kind<Resource, ResourceFields, ResourcePatch, Resource> = {
  initial: resourceFixture({ version: 1, textSections: [newSection('s1', '2026-11-01T08:00:00.000Z'), newSection('s2', '2026-11-01T08:00:00.000Z')] }),
  targets: ['s1', 's2'],
  createSaver: (network) => createResourceSaver({ initial: resourceKind.initial, ...network, delayMs: 700, retryDelaysMs: [500, 1_000] }),
  write: (current, { version: _version, ...changes }) => {
    const after = { ...current, ...changes, version: current.version + 1, updatedAt: new Date().toISOString() };
    return { after, answer: after };
  },
  typeInto: (fields, target, token) => ({
    textSections: fields.textSections.map((section) => (section.id === target ? { ...section, deltaString: `${section.deltaString} ${token}`, updatedAt: new Date().toISOString() } : section)),
  }),
  textOf: resourceText,
  draftOf: fieldsOf,
};

interface Device<R extends Versioned, D extends object, B> {
  name: string;
  online: boolean;
  saver: RecordSaver<R, D, B>;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

async function simulate<R extends Versioned, D extends object, B extends { version: number }, Answer>(kind: Kind<R, D, B, Answer>, seed: number, edits: number) {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low));
  let server = kind.initial;
  const devices: Device<R, D, B>[] = [];
  /** The text of every conflict a device showed (both sides of each field), as the dialog does. */
  const shown: string[] = [];
  /** Requests that never reached the server or whose answer was lost, and saves refused as based on an old version. */
  let [lostAnswers, conflicts409] = [0, 0];

  /**
   * A request: it reaches the server after a while (unless the device is offline by then), which runs `atServer`;
   * its answer comes back after another while, unless the device is offline then (lost on the way back).
   */
  const request = <T>(device: Device<R, D, B>, atServer: () => T | Error): Promise<T> =>
    new Promise((resolve, reject) => {
      const offline = () => {
        lostAnswers += 1;
        reject(new TypeError('Failed to fetch'));
      };
      setTimeout(() => {
        if (!device.online) return offline();
        const outcome = atServer();
        setTimeout(() => {
          if (!device.online) return offline();
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        }, between(0, 400));
      }, between(0, 400));
    });

  /** The app refetches the record on a push and on coming back online; the copy read then may land after newer ones. */
  const refetch = (device: Device<R, D, B>) => {
    void request(device, () => server).then(
      (copy) => device.saver.remoteChanged(copy),
      () => undefined,
    );
  };

  const addDevice = (name: string) => {
    const device = { name, online: true } as Device<R, D, B>;
    device.saver = kind.createSaver({
      patch: (body) =>
        request<Answer>(device, () => {
          if (body.version !== server.version) {
            conflicts409 += 1;
            return new ApiError('version_conflict', 'Changed elsewhere.', 409);
          }
          const { after, answer } = kind.write(server, body);
          server = after;
          for (const other of devices) if (other !== device && other.online) refetch(other);
          return answer;
        }),
      fetchLatest: () => request(device, () => server),
      // The query cache takes the copy; the screen hands it back as its latest record.
      onServerCopy: (copy) => queueMicrotask(() => device.saver.remoteChanged(copy)),
      isOffline: () => !device.online,
    });
    devices.push(device);
    return device;
  };

  const resolveConflict = (device: Device<R, D, B>) => {
    const conflict: FieldConflict<R, D> | undefined = device.saver.getState().conflict;
    if (!conflict) return;
    const theirs = kind.draftOf(conflict.theirs);
    for (const field of conflict.fields) shown.push(`${JSON.stringify(conflict.mine[field])} | ${JSON.stringify(theirs[field])}`);
    device.saver.resolveConflict(random() < 0.5 ? 'mine' : 'theirs', conflict.theirs.version);
  };

  const setOnline = (device: Device<R, D, B>, online: boolean) => {
    device.online = online;
    if (!online) return;
    void device.saver.flush();
    refetch(device);
  };

  const [one, two] = [addDevice('a'), addDevice('b')];
  const typed: { token: string; target: string }[] = [];
  for (let edit = 0; edit < edits; edit += 1) {
    const device = random() < 0.5 ? one : two;
    if (random() < 0.08) setOnline(device, !device.online);
    // A user answers a conflict dialog before typing on; but a conflict may come up as they type, before its dialog shows.
    if (random() < 0.5) resolveConflict(device);
    const target = kind.targets[between(0, kind.targets.length)]!;
    const token = `${device.name}${edit}`;
    device.saver.change(kind.typeInto(device.saver.getState().draft, target, token));
    typed.push({ token, target });
    await vi.advanceTimersByTimeAsync(between(0, 600));
  }
  for (const device of devices) if (!device.online) setOnline(device, true);
  // Settles: every conflict answered, nothing left to save, both devices on the server's copy.
  for (let round = 0; round < 50; round += 1) {
    await vi.advanceTimersByTimeAsync(3_000);
    for (const device of devices) resolveConflict(device);
    for (const device of devices) refetch(device);
    await vi.advanceTimersByTimeAsync(3_000);
    if (devices.every((device) => !device.saver.hasUnsavedWork() && device.saver.getState().base.version === server.version)) break;
  }

  const stored = kind.draftOf(server);
  const shownWords = new Set(words(shown.join(' ').replaceAll(/[^\w]+/g, ' ')));
  const problems: string[] = [];
  for (const { token, target } of typed) {
    const count = words(kind.textOf(stored, target)).filter((word) => word === token).length;
    if (count === 0 && !shownWords.has(token)) problems.push(`${token} in ${target} lost`);
    if (count > 1) problems.push(`${token} in ${target} stored ${count} times`);
  }
  for (const device of devices) {
    const { base, draft, status } = device.saver.getState();
    const behind = base.version !== server.version || kind.targets.some((target) => kind.textOf(draft, target) !== kind.textOf(stored, target));
    if (behind) problems.push(`device ${device.name} is not on the stored copy (${status})`);
  }
  return { problems, stats: { lostAnswers, conflicts409, shown: shown.length } };
}

describe('two devices autosaving one record', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Seeded runs of 120 edits each; SAVER_SEEDS=<n> explores more. */
  const seeds = Number(process.env.SAVER_SEEDS ?? 100);
  const checkSeeds = async <R extends Versioned, D extends object, B extends { version: number }, Answer>(kind: Kind<R, D, B, Answer>) => {
    const failures: string[] = [];
    const totals = { lostAnswers: 0, conflicts409: 0, shown: 0 };
    for (let seed = 1; seed <= seeds; seed += 1) {
      const { problems, stats } = await simulate(kind, seed, 120);
      if (problems.length > 0) failures.push(`seed ${seed}: ${problems.join('; ')}`);
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += stats[key];
    }
    expect(failures).toEqual([]);
    // The runs did meet what they are about.
    expect(Math.min(totals.lostAnswers, totals.conflicts409, totals.shown)).toBeGreaterThan(seeds);
  };

  it('patient: every token typed is stored once or shown in a conflict, through late and lost answers and offline spells', () => checkSeeds(patientKind), 120_000);
  it('resource: every token typed is stored once or shown in a conflict, through late and lost answers and offline spells', () => checkSeeds(resourceKind), 120_000);
});
