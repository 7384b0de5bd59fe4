// The patient panel API benchmark: `npm run bench:panel:api [-- --patients 500 --runs 50 --autosaves 200]`. Prints
// figures; asserts nothing. Through a real local runtime: a panel of realistic patients (names, rooms, tags, tasks, a
// few KB in several sections, every 25th with 100 KB of notes), then the list call, single patient reads, and the
// autosave round trip (PATCH of one section with the version, one after another, as the patient screen sends them).
import { parseArgs } from 'node:util';
import type { Patient, PatientSection } from '@chartside/shared';
import { api } from '../../harness/api';
import { noteSection, patientRecord, task } from '../../harness/patients';
import { startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';

const { values } = parseArgs({
  options: { patients: { type: 'string', default: '500' }, runs: { type: 'string', default: '50' }, autosaves: { type: 'string', default: '200' } },
});
const panelSize = Number(values.patients);
const runs = Number(values.runs);
const autosaves = Number(values.autosaves);

/** Patients per import request: well under the 5 MB request limit even with the 100 KB notes. */
const IMPORT_BATCH = 20;
const lastnames = ['Okafor', 'Nguyen', 'García', 'Smith', 'Kowalski', 'Haddad', 'Müller', 'Tanaka', 'Johnson', 'Ivanova', "O'Brien", 'Singh'];
const firstnames = ['Adaeze', 'Linh', 'José', 'Mary', 'Piotr', 'Rania', 'Jürgen', 'Yuki', 'James', 'Olga', 'Siobhán', 'Arjun'];
const units = ['Micu', 'Ward A', 'Ward B', 'Step Down', 'Telemetry', 'Oncology'];
const sections: PatientSection[] = ['events', 'subjective', 'vitals', 'exam', 'labs', 'imaging', 'assessment'];

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))] ?? NaN;
const LABEL_WIDTH = 48;
const line = (label: string, samples: number[], note = '') => console.log(`${label.padEnd(LABEL_WIDTH)} ${figures(samples)}${note}`);
const figures = (samples: number[]) => `p50 ${percentile(samples, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 0.95).toFixed(1).padStart(7)} ms`;

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
};

const realisticPatient = (i: number): Patient => {
  const now = new Date().toISOString();
  const visible = sections.slice(0, 4 + (i % 4));
  return patientRecord({
    lastname: lastnames[i % lastnames.length]!,
    firstname: firstnames[(i * 7) % firstnames.length]!,
    mrn: String(40_000_000 + i),
    room: `${1 + (i % 9)}${'ABCD'[i % 4]}-${String(i % 30).padStart(2, '0')}`,
    tags: [units[i % units.length]!, ...(i % 3 === 0 ? ['Follow Up'] : [])],
    tasks: ['Precharting', 'See patient', 'Place Orders', 'Sign Note'].map((text, t) => task(text, now, { completed: t < i % 4, dueDate: t === 2 ? now : null })),
    visibleFields: visible,
    fields: Object.fromEntries(visible.map((section, s) => [section, noteSection(1_000 + ((i + s) % 5) * 1_000, i + s)])),
    notes: i % 25 === 0 ? JSON.stringify(noteSection(100_000, i)) : '',
  });
};

const runtime = await startRuntime();
try {
  const asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
  const panel = Array.from({ length: panelSize }, (_, i) => realisticPatient(i));
  const seeding = await timed(async () => {
    for (let i = 0; i < panel.length; i += IMPORT_BATCH) {
      const { status, text } = await asUser('POST', '/patients/import', { patients: panel.slice(i, i + IMPORT_BATCH) });
      if (status !== 200) throw new Error(`seeding failed: ${status} ${text.slice(0, 300)}`);
    }
  });
  const bytes = panel.reduce((sum, p) => sum + new TextEncoder().encode(JSON.stringify(p)).length, 0);
  console.log(`patient panel API, through the local runtime: ${panelSize} patients, ${(bytes / 1_000_000).toFixed(1)} MB, seeded by import in ${(seeding.ms / 1000).toFixed(1)} s`);

  const lists: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const list = await timed(() => asUser('GET', '/patients'));
    if ((list.result.json.patients as unknown[]).length !== panelSize) throw new Error('the list is missing patients');
    lists.push(list.ms);
  }
  line(`list (GET /patients, ${panelSize} summaries)`, lists);

  const reads: number[] = [];
  for (let run = 0; run < autosaves; run += 1) reads.push((await timed(() => asUser('GET', `/patients/${panel[(run * 37) % panelSize]!.id}`))).ms);
  line('read one patient (GET /patients/{id})', reads);

  for (const [label, target] of [['a typical patient', panel[1]!], ['a patient with 100 KB of notes', panel[0]!]] as const) {
    let version = ((await asUser('GET', `/patients/${target.id}`)).json as unknown as Patient).version;
    const saves: number[] = [];
    for (let run = 0; run < autosaves; run += 1) {
      const change = { version, fields: { [target.visibleFields[run % target.visibleFields.length]!]: noteSection(2_000, run) } };
      const save = await timed(() => asUser('PATCH', `/patients/${target.id}`, change));
      if (save.result.status !== 200) throw new Error(`autosave failed: ${save.result.status} ${save.result.text.slice(0, 200)}`);
      version = Number(save.result.json.version);
      saves.push(save.ms);
    }
    line(`autosave round trip, ${label}`, saves, `   (${autosaves} sequential PATCHes of one section)`);
  }
  const exported = await timed(() => asUser('GET', '/patients/export'));
  console.log(`export of the whole panel (GET /patients/export): ${exported.ms.toFixed(0)} ms, ${(exported.result.text.length / 1_000_000).toFixed(1)} MB`);
} finally {
  await runtime.stop();
}
