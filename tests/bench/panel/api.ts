// The patient panel API benchmark: `npm run bench:panel:api [-- --patients 500 --runs 50 --autosaves 200]`. Prints
// figures; asserts nothing. Through a real local runtime: a panel of realistic patients (see panel-seed.ts), then the
// list call, single patient reads, and the autosave round trip (PATCH of one section with the version, one after
// another, as the patient screen sends them) of a typical patient, one with 100 KB of notes and one with every section.
import { parseArgs } from 'node:util';
import { patientSections, type Patient } from '@chartside/shared';
import { api } from '../../harness/api';
import { noteSection } from '../../harness/patients';
import { startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';
import { everySectionPatient, printLine, realisticPatient, seedPanel, timed } from './panel-seed';

const { values } = parseArgs({
  options: { patients: { type: 'string', default: '500' }, runs: { type: 'string', default: '50' }, autosaves: { type: 'string', default: '200' } },
});
const panelSize = Number(values.patients);
const runs = Number(values.runs);
const autosaves = Number(values.autosaves);

const runtime = await startRuntime();
try {
  const asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
  const panel = Array.from({ length: panelSize }, (_, i) => realisticPatient(i));
  // The one the browser bench opens and types into (see browser.ts).
  panel[2] = everySectionPatient(panel[2]!);
  const seconds = await seedPanel(asUser, panel);
  const bytes = panel.reduce((sum, p) => sum + new TextEncoder().encode(JSON.stringify(p)).length, 0);
  console.log(`patient panel API, through the local runtime: ${panelSize} patients, ${(bytes / 1_000_000).toFixed(1)} MB, seeded by import in ${seconds.toFixed(1)} s`);

  const lists: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const list = await timed(() => asUser('GET', '/patients'));
    if ((list.result.json.patients as unknown[]).length !== panelSize) throw new Error('the list is missing patients');
    lists.push(list.ms);
  }
  printLine(`list (GET /patients, ${panelSize} summaries)`, lists);

  const reads: number[] = [];
  for (let run = 0; run < autosaves; run += 1) reads.push((await timed(() => asUser('GET', `/patients/${panel[(run * 37) % panelSize]!.id}`))).ms);
  printLine('read one patient (GET /patients/{id})', reads);

  const everySection = `every section filled (${patientSections.length} sections, ${(new TextEncoder().encode(JSON.stringify(panel[2])).length / 1_000).toFixed(0)} KB)`;
  for (const [label, target] of [['a typical patient', panel[1]!], ['a patient with 100 KB of notes', panel[0]!], [everySection, panel[2]!]] as const) {
    let version = ((await asUser('GET', `/patients/${target.id}`)).json as unknown as Patient).version;
    const saves: number[] = [];
    for (let run = 0; run < autosaves; run += 1) {
      const change = { version, fields: { [target.visibleFields[run % target.visibleFields.length]!]: noteSection(2_000, run) } };
      const save = await timed(() => asUser('PATCH', `/patients/${target.id}`, change));
      if (save.result.status !== 200) throw new Error(`autosave failed: ${save.result.status} ${save.result.text.slice(0, 200)}`);
      version = Number(save.result.json.version);
      saves.push(save.ms);
    }
    printLine(`autosave round trip, ${label}`, saves, `   (${autosaves} sequential PATCHes of one section)`);
  }
  const exported = await timed(() => asUser('GET', '/patients/export'));
  console.log(`export of the whole panel (GET /patients/export): ${exported.ms.toFixed(0)} ms, ${(exported.result.text.length / 1_000_000).toFixed(1)} MB`);
} finally {
  await runtime.stop();
}
