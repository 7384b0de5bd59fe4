// The benchmarks' panel: realistic patients (names, rooms, tags, tasks, a few KB in several sections, every 25th with
// 100 KB of notes) and one with every note section filled, seeded through the import API as a clinician's export
// file would be, and the figures' printing.
import { patientSections, type FieldValue, type Patient, type PatientSection } from '@chartside/shared';
import type { Api } from '../../harness/api';
import { noteSection, patientRecord, task } from '../../harness/patients';

/** Patients per import request: well under the 5 MB request limit even with the 100 KB notes. */
const IMPORT_BATCH = 20;
const lastnames = ['Okafor', 'Nguyen', 'García', 'Smith', 'Kowalski', 'Haddad', 'Müller', 'Tanaka', 'Johnson', 'Ivanova', "O'Brien", 'Singh'];
const firstnames = ['Adaeze', 'Linh', 'José', 'Mary', 'Piotr', 'Rania', 'Jürgen', 'Yuki', 'James', 'Olga', 'Siobhán', 'Arjun'];
const units = ['Micu', 'Ward A', 'Ward B', 'Step Down', 'Telemetry', 'Oncology'];
const sections: PatientSection[] = ['events', 'subjective', 'vitals', 'exam', 'labs', 'imaging', 'assessment'];

/** A marker at the start of each section's text, so the page can tell when that section's editor shows it. */
export const markerOf = (section: PatientSection) => `Bench marker ${section}.`;

/** A section's value: the marker paragraph, then a few KB of clinical text as the editor stores it. */
const sectionValue = (section: PatientSection, seed: number): FieldValue => {
  const text = noteSection(2_000 + (seed % 5) * 1_000, seed);
  return { ...text, deltaString: JSON.stringify([{ type: 'paragraph', content: markerOf(section) }, ...(JSON.parse(text.deltaString) as unknown[])]) };
};

/** The patient with every section visible and filled. */
export const everySectionPatient = (base: Patient): Patient => ({
  ...base,
  lastname: 'Bench',
  firstname: 'Every Section',
  visibleFields: [...patientSections],
  fields: Object.fromEntries(patientSections.map((section, i) => [section, sectionValue(section, i)])),
});

export const realisticPatient = (i: number): Patient => {
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

/** Stores the patients through POST /patients/import, a batch at a time; returns the seconds it took. */
export const seedPanel = async (asUser: Api, panel: readonly Patient[]): Promise<number> => {
  const start = performance.now();
  for (let i = 0; i < panel.length; i += IMPORT_BATCH) {
    const { status, text } = await asUser('POST', '/patients/import', { patients: panel.slice(i, i + IMPORT_BATCH) });
    if (status !== 200) throw new Error(`seeding failed: ${status} ${text.slice(0, 300)}`);
  }
  return (performance.now() - start) / 1000;
};

export const percentile = (samples: readonly number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))] ?? NaN;
const LABEL_WIDTH = 52;
const figures = (samples: readonly number[]) =>
  `p50 ${percentile(samples, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 0.95).toFixed(1).padStart(7)} ms`;
/** One line of figures: the label, p50 and p95 of the samples, and a note (the aim, what was run). */
export const printLine = (label: string, samples: readonly number[], note = '') => console.log(`${label.padEnd(LABEL_WIDTH)} ${figures(samples)}${note}`);

export const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
};
