// The envelope encryption benchmark: `npm run bench:encryption [-- --runs 20]`. Prints figures; asserts nothing.
// Through a real local runtime (raw AES keyring, key under its DATA_DIR): a resource holding 1 MB of section text is
// saved (PATCH of its sections with the version) and read (GET) again and again, once plain and once encrypted, and
// the medians are compared (goal: encrypted under 2x plain).
import { parseArgs } from 'node:util';
import type { Resource } from '@chartside/shared';
import { api, type Api } from '../../harness/api';
import { startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';
import { printLine, timed } from '../panel/panel-seed';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const SECTIONS = 4;
const SECTION_CHARS = 250_000;

/** 1 MB of clinical-looking prose in four sections; `run` changes each save's text so every save writes. */
const sections = (run: number) =>
  Array.from({ length: SECTIONS }, (_, s) => {
    const sentence = `Run ${run}, section ${s}: patient reports exertional dyspnoea, orthopnoea and ankle oedema; plan diuresis and review. `;
    const text = sentence.repeat(Math.ceil(SECTION_CHARS / sentence.length)).slice(0, SECTION_CHARS);
    const now = new Date().toISOString();
    return { id: `s-${s}`, title: `Section ${s}`, deltaString: JSON.stringify([{ type: 'paragraph', content: [{ type: 'text', text, styles: {} }], children: [] }]), editing: false, createdAt: now, updatedAt: now };
  });

const median = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

const measure = async (as: Api, encrypted: boolean) => {
  const created = (await as('POST', '/resources', { name: `Bench ${encrypted ? 'encrypted' : 'plain'}`, type: 'text' })).json as unknown as Resource;
  let version = ((await as('PATCH', `/resources/${created.id}`, { version: created.version, encrypted })).json as unknown as Resource).version;
  const saves: number[] = [];
  const reads: number[] = [];
  // One unmeasured round first, so both kinds start warm.
  for (let run = -1; run < runs; run += 1) {
    const save = await timed(() => as('PATCH', `/resources/${created.id}`, { version, textSections: sections(run) }));
    if (save.result.status !== 200) throw new Error(`save answered ${save.result.status}: ${save.result.text.slice(0, 200)}`);
    version = Number(save.result.json.version);
    const read = await timed(() => as('GET', `/resources/${created.id}`));
    if (read.result.status !== 200 || !read.result.text.includes(`Run ${run}, section 3`)) throw new Error('the read did not return the saved text');
    if (run >= 0) {
      saves.push(save.ms);
      reads.push(read.ms);
    }
  }
  return { saves, reads };
};

const runtime = await startRuntime();
try {
  const as = api(runtime, await signedIn(runtime, await createUser(runtime)));
  const bytes = new TextEncoder().encode(JSON.stringify(sections(0))).length;
  console.log(`envelope encryption, through the local runtime: a resource with ${(bytes / 1_000_000).toFixed(2)} MB of sections, ${runs} saves and reads each`);
  const plain = await measure(as, false);
  const encrypted = await measure(as, true);
  printLine('save 1 MB, plain (PATCH)', plain.saves);
  printLine('save 1 MB, encrypted (PATCH)', encrypted.saves);
  printLine('read 1 MB, plain (GET)', plain.reads);
  printLine('read 1 MB, encrypted (GET)', encrypted.reads);
  for (const [label, a, b] of [['save', plain.saves, encrypted.saves], ['read', plain.reads, encrypted.reads]] as const) {
    const ratio = median(b) / median(a);
    console.log(`${label}: encrypted/plain median ${ratio.toFixed(2)}x (goal < 2x): ${ratio < 2 ? 'met' : 'NOT met'}`);
  }
} finally {
  await runtime.stop();
}
