// The search benchmark: `npm run bench:search [-- --docs 10000 --queries 200 --index FILE]`. Prints figures; asserts
// nothing.
// 1. The engine alone: build a SQLite FTS5 index of the library, then time a realistic query mix inside it. With
//    --index, the index is kept in FILE and reused by the next run with the same --docs and --seed (100,000 resources
//    take minutes to index); delete FILE after changing how documents are indexed (an index of an older layout is
//    emptied when opened, and built again). The library is one user's, the case that searches the most documents.
// 2. Through the local API: a real runtime whose data folder starts with a copy of that index, handed to the runtime's
//    user once it exists (their user id written into the copy), then the same query mix through POST /api/search with
//    a real token and login session. Writing 10,000 resources through DynamoDB Local takes many minutes on two cores,
//    so the stream path is timed apart, with --stream-docs resources written by the resource repository for another user.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { SearchRequest, type SearchResult } from '@chartside/shared';
import { documentTable } from '@chartside/lambdas/adapters/aws/dynamodb';
import { openSqliteSearchIndex } from '@chartside/lambdas/adapters/local/sqlite-search-index';
import { ResourceRepository } from '@chartside/lambdas/data/resource-repository';
import { toSearchDocument } from '@chartside/lambdas/services/search-document';
import { api } from '../../harness/api';
import { newDataDir, startRuntime } from '../../harness/runtime';
import { createUser, signedIn } from '../../harness/users';
import { seededRandom } from '@chartside/shared/seeded-random';
import { libraryResource, queryKinds, queryOf, type QueryKind } from './corpus';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '200' },
    seed: { type: 'string', default: '42' },
    'stream-docs': { type: 'string', default: '300' },
    'skip-api': { type: 'boolean', default: false },
    index: { type: 'string' },
  },
});
const docs = Number(values.docs);
const queriesPerKind = Number(values.queries);
const seed = Number(values.seed);
const streamDocs = Number(values['stream-docs']);
const WRITE_CONCURRENCY = 8;

const percentile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const log = (line: string) => console.log(line);

/** The same requests for the engine and the API: `queriesPerKind` of each kind, from one seed. */
const requestsByKind = new Map<QueryKind, SearchRequest[]>(
  queryKinds.map((kind) => {
    const random = seededRandom(seed + kind.length * 7919);
    return [kind, Array.from({ length: queriesPerKind }, () => SearchRequest.parse(queryOf(random, kind)))];
  }),
);

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux). */
const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime and stime, in clock ticks of 1/100 s
};

interface Figures {
  p50: number;
  p95: number;
  /** CPU time: this process's per query (p50/p95), or the serving process's mean per request. */
  cpuP50: number;
  cpuP95: number;
  meanFound: number;
}

/**
 * Wall-clock latency per query, and CPU time: on a busy machine wall time mostly measures waiting for a core, while
 * CPU time is what a query costs. `serverPid` names the process that serves the queries when it is not this one.
 */
const timeQueries = async (search: (request: SearchRequest) => Promise<SearchResult>, serverPid?: number) => {
  // Warm-up: statement caches, page cache, JIT.
  for (const request of [...requestsByKind.values()].flatMap((list) => list.slice(0, 5))) await search(request);
  const figures = new Map<QueryKind | 'all', Figures>();
  const all: number[] = [];
  const allCpu: number[] = [];
  for (const [kind, requests] of requestsByKind) {
    const samples: number[] = [];
    const cpuSamples: number[] = [];
    let foundTotal = 0;
    const serverCpuBefore = serverPid ? cpuMsOf(serverPid) : 0;
    for (const request of requests) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const result = await search(request);
      samples.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      cpuSamples.push((cpu.user + cpu.system) / 1000);
      foundTotal += result.found;
    }
    const serverCpuMean = serverPid ? (cpuMsOf(serverPid) - serverCpuBefore) / requests.length : NaN;
    all.push(...samples);
    allCpu.push(...cpuSamples);
    figures.set(kind, {
      p50: percentile(samples, 0.5),
      p95: percentile(samples, 0.95),
      cpuP50: serverPid ? serverCpuMean : percentile(cpuSamples, 0.5),
      cpuP95: serverPid ? NaN : percentile(cpuSamples, 0.95),
      meanFound: foundTotal / requests.length,
    });
  }
  const serverMean = serverPid ? [...figures.values()].reduce((sum, f) => sum + f.cpuP50, 0) / figures.size : NaN;
  figures.set('all', {
    p50: percentile(all, 0.5),
    p95: percentile(all, 0.95),
    cpuP50: serverPid ? serverMean : percentile(allCpu, 0.5),
    cpuP95: serverPid ? NaN : percentile(allCpu, 0.95),
    meanFound: NaN,
  });
  return figures;
};

const folder = mkdtempSync(path.join(os.tmpdir(), 'chartside-bench-search-'));
try {
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  log(`Search benchmark: ${docs} resources, ${queriesPerKind} queries per kind, seed ${seed}, Node ${process.version}, ${os.cpus().length} cores, load average ${load}`);
  const library = Array.from({ length: docs }, (_, i) => libraryResource(seed, i));
  const averageText = library.reduce((sum, r) => sum + toSearchDocument('u', r).text.length, 0) / docs;
  log(`Library: ${docs} resources, ${(averageText / 1024).toFixed(1)} KB of section text each on average`);

  // 1. The engine alone.
  const file = values.index ? path.resolve(values.index) : path.join(folder, 'engine', 'search.db');
  const userId = 'bench-user';
  const buildStarted = performance.now();
  const engine = openSqliteSearchIndex(file);
  const reused = !engine.created;
  if (!reused) for (const resource of library) await engine.upsert(toSearchDocument(userId, resource));
  const buildSeconds = seconds(buildStarted);
  await engine.close();
  const reopenStarted = performance.now();
  const reopened = openSqliteSearchIndex(file);
  const reopenMs = performance.now() - reopenStarted;
  const indexed = (await reopened.search(userId, SearchRequest.parse({}))).found;
  if (indexed !== docs) throw new Error(`${file} holds ${indexed} resources, not ${docs}: delete it, or run with its --docs`);
  const size = `${(statSync(file).size / 1024 / 1024).toFixed(0)} MB on disk`;
  log(`Engine: index ${reused ? `reused from ${file}` : `built in ${buildSeconds} s`} (${size}), reopened in ${reopenMs.toFixed(0)} ms`);
  const engineFigures = await timeQueries((request) => reopened.search(userId, request));
  await reopened.close();

  // 2. Through the local API.
  let apiFigures: Awaited<ReturnType<typeof timeQueries>> | undefined;
  if (!values['skip-api']) {
    // The runtime starts on a copy of the index (an existing index is not rebuilt from the table).
    const dataDir = newDataDir();
    const runtimeIndexFile = path.join(dataDir, 'search', 'search.db');
    mkdirSync(path.dirname(runtimeIndexFile), { recursive: true });
    copyFileSync(file, runtimeIndexFile);
    const runtime = await startRuntime({ dataDir });
    try {
      const user = await createUser(runtime);
      const asUser = api(runtime, await signedIn(runtime, user));
      const search = async (request: SearchRequest) => {
        const { status, json, text } = await asUser('POST', '/search', request);
        if (status !== 200) throw new Error(`search answered ${status}: ${text}`);
        return json as unknown as SearchResult;
      };

      // The library becomes the user's: their id in every row that names one (the full-text rows name none; their rowids
      // are in the range of the user's slot, which `users` now gives to the runtime's user).
      const handOver = new Database(runtimeIndexFile);
      handOver.pragma('busy_timeout = 5000');
      handOver.transaction(() => {
        for (const table of ['users', 'docs', 'doc_tags', 'user_tags']) handOver.prepare(`UPDATE ${table} SET user_id = ? WHERE user_id = ?`).run(user.userId, userId);
      })();
      handOver.close();
      const found = (await search(SearchRequest.parse({}))).found;
      if (found !== docs) throw new Error(`the runtime finds ${found} resources`);

      // The stream path: resources written to the table by the repository, searchable once the poller has indexed them.
      const writer = await createUser(runtime);
      const searchWriter = api(runtime, await signedIn(runtime, writer));
      const { dynamodb, tableName } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string; tableName: string };
      const repository = new ResourceRepository(documentTable(tableName, { endpoint: dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }));
      const writeStarted = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: WRITE_CONCURRENCY }, async () => {
          while (next < streamDocs) await repository.create(writer.userId, libraryResource(seed + 1, next++));
        }),
      );
      const writeSeconds = seconds(writeStarted);
      let indexed = 0;
      while (indexed < streamDocs) {
        indexed = ((await searchWriter('POST', '/search', {})).json as unknown as SearchResult).found;
        if (indexed < streamDocs) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      log(
        `Stream: ${streamDocs} resources written to DynamoDB Local in ${writeSeconds} s (${WRITE_CONCURRENCY} at a time); ` +
          `all searchable ${seconds(writeStarted)} s after the first write (stream poller + indexer)`,
      );
      apiFigures = await timeQueries(search, runtime.child.pid);
    } finally {
      await runtime.stop();
      rmSync(runtime.dataDir, { recursive: true, force: true });
    }
  }

  const cell = (value: number | undefined, width: number) => (value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(1)).padStart(width);
  log('');
  log('| query kind  | mean found | engine p50 | engine p95 | engine CPU p50 | engine CPU p95 | API p50 | API p95 | API server CPU mean |');
  log('|-------------|-----------:|-----------:|-----------:|---------------:|---------------:|--------:|--------:|--------------------:|');
  for (const kind of [...queryKinds, 'all'] as const) {
    const e = engineFigures.get(kind)!;
    const a = apiFigures?.get(kind);
    const found = Number.isNaN(e.meanFound) ? '' : e.meanFound.toFixed(0);
    log(
      `| ${kind.padEnd(11)} | ${found.padStart(10)} | ${cell(e.p50, 10)} | ${cell(e.p95, 10)} | ${cell(e.cpuP50, 14)} | ${cell(e.cpuP95, 14)} | ` +
        `${cell(a?.p50, 7)} | ${cell(a?.p95, 7)} | ${cell(a?.cpuP50, 19)} |`,
    );
  }
  log('');
  log('All figures in ms. Wall-clock latency is one request at a time; CPU is the engine process per query, or the');
  log("runtime process's mean per API request (HTTP, token and session checks, validation, engine; not DynamoDB Local's).");
  log('Aim (issue 19): p95 under 20 ms through the local API at 10,000 resources, under 30 ms at 100,000. Timings are wall-clock');
  log('on this machine, one request at a time.');
} finally {
  rmSync(folder, { recursive: true, force: true });
}
