// The resource store benchmark: `npm run bench:resources [-- --runs 21 --library 200]`. Prints figures; asserts nothing.
// Through a real local runtime: save (PATCH) and read (GET) of resources from 10 KB to 4 MB (split over chunk items),
// median and p95 of each, and listing a library of summaries. The budgets (issue 19): a 10 KB save under 50 ms median,
// 1 MB under 150 ms.
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Resource, TextSection } from '@chartside/shared';
import { api } from '../../harness/api';
import { startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '21' }, library: { type: 'string', default: '200' } } });
const runs = Number(values.runs);
const librarySize = Number(values.library);

/** The sample at quantile q (nearest rank). */
const quantile = (samples: number[], q: number) => [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * samples.length) - 1)] ?? NaN;
const median = (samples: number[]) => quantile(samples, 0.5);
const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
const medianAndP95 = (samples: number[]) => `${ms(median(samples))} / ${ms(quantile(samples, 0.95))}`;

const sectionsOf = (bytes: number): TextSection[] => {
  const now = new Date().toISOString();
  const perSection = 900_000;
  return Array.from({ length: Math.ceil(bytes / perSection) }, (_, i) => ({
    id: `s${i}`,
    title: `Section ${i + 1}`,
    deltaString: 'Heart failure with reduced ejection fraction. '.repeat(Math.ceil(Math.min(perSection, bytes - i * perSection) / 46)),
    editing: false,
    createdAt: now,
    updatedAt: now,
  }));
};

const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
};

const runtime = await startRuntime();
try {
  const asUser = api(runtime, await signedIn(runtime, await createUser(runtime)));
  console.log(`resource store, through the local API (${runs} runs each; load average ${os.loadavg()[0]!.toFixed(2)})`);
  console.log('size      save (PATCH) median / p95    read (GET) median / p95');
  for (const bytes of [10_000, 300_000, 1_000_000, 2_000_000, 3_900_000]) {
    const created = (await asUser('POST', '/resources', { name: `Bench ${bytes}`, type: 'guide' })).json as unknown as Resource;
    let version = created.version;
    const saves: number[] = [];
    const reads: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const sections = sectionsOf(bytes - run); // a different body each run, so every save writes its chunks
      const save = await timed(() => asUser('PATCH', `/resources/${created.id}`, { version, textSections: sections }));
      if (save.result.status !== 200) throw new Error(`save failed: ${save.result.status} ${save.result.text.slice(0, 200)}`);
      version = Number(save.result.json.version);
      saves.push(save.ms);
      reads.push((await timed(() => asUser('GET', `/resources/${created.id}`))).ms);
    }
    console.log(`${(bytes / 1_000_000).toFixed(2).padStart(5)} MB  ${medianAndP95(saves)}          ${medianAndP95(reads)}`);
  }
  for (let i = 0; i < librarySize; i += 1) await asUser('POST', '/resources', { name: `Library item ${i}`, type: 'text', tags: ['Bench'] });
  const lists: number[] = [];
  for (let run = 0; run < runs; run += 1) lists.push((await timed(() => asUser('GET', '/resources'))).ms);
  console.log(`list of ${librarySize + 5} summaries: ${medianAndP95(lists)} (median / p95)`);
  console.log(`load average after: ${os.loadavg()[0]!.toFixed(2)}`);
} finally {
  await runtime.stop();
}
