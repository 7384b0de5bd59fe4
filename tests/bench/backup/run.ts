// `npm run bench:backup [-- --patients 1000 --resources 5000]`: a user with a large panel and library, written through the
// real repositories (one of each, then copies of their items) into a fresh runtime's DynamoDB Local, then backed up by the nightly job's per-user export to its
// s3rver bucket. Prints the export's time, size and the process's peak memory (the goal: under 60 s, memory bounded).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { blankPatient, defaultResourceFields, type Resource } from '@chartside/shared';
import { documentTable } from '@chartside/lambdas/adapters/aws/dynamodb';
import { createLogger } from '@chartside/lambdas/adapters/aws/logger';
import { s3BackupStore } from '@chartside/lambdas/adapters/aws/s3-backup-store';
import { s3FileManifest } from '@chartside/lambdas/adapters/aws/s3-list';
import { PatientRepository } from '@chartside/lambdas/data/patient-repository';
import { ResourceRepository } from '@chartside/lambdas/data/resource-repository';
import { backupUser } from '@chartside/lambdas/jobs/backup';
import { systemClock } from '@chartside/lambdas/ports/clock';
import { startRuntime } from '../../harness/runtime';

const { values } = parseArgs({ options: { patients: { type: 'string', default: '1000' }, resources: { type: 'string', default: '5000' } } });
const patientCount = Number(values.patients);
const resourceCount = Number(values.resources);
const GOAL_MS = 60_000;

/** Runs `work` over 0..count-1, `width` at a time. */
const inParallel = async (count: number, width: number, work: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await work(next++);
  }));
};

const paragraph = (i: number) => `Day ${i}: afebrile overnight, tolerating diet, ambulating with PT. Plan: continue current management and reassess. `.repeat(8);

const runtime = await startRuntime({ env: { LOG_LEVEL: 'ERROR' } });
try {
  const { dynamodb, tableName, s3, backupsBucket } = JSON.parse(readFileSync(path.join(runtime.dataDir, 'endpoints.json'), 'utf8')) as Record<string, string>;
  const aws = { region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
  const table = documentTable(tableName!, { ...aws, endpoint: dynamodb });
  const s3Client = new S3Client({ ...aws, endpoint: s3, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const userId = crypto.randomUUID();
  const now = new Date().toISOString();

  const seedStart = performance.now();
  // One patient and one resource go through the real repositories; the rest are copies of their stored items under new
  // ids, written in batches (6,000 records through the repositories take many minutes on two busy cores).
  const patientId = crypto.randomUUID();
  const patient = blankPatient(patientId, now);
  await new PatientRepository(table).create(userId, {
    ...patient,
    lastname: 'Bench',
    firstname: 'Patient',
    fields: { hpi: { deltaString: paragraph(1) }, assessment: { deltaString: paragraph(2) }, events: { deltaString: paragraph(3) } },
  } as typeof patient);
  const resourceId = crypto.randomUUID();
  const resource: Resource = { ...defaultResourceFields(), name: 'Guideline', type: 'text', description: paragraph(4), id: resourceId, clicks: 0, version: 1, createdAt: now, updatedAt: now };
  await new ResourceRepository(table).create(userId, resource);
  const { Items: stored = [] } = await table.client.send(
    new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `USER#${userId}` } }),
  );
  const copies = (templateId: string, count: number) => {
    const templates = stored.filter((item) => String(item.sk).includes(templateId)).map((item) => JSON.stringify(item));
    return Array.from({ length: count - 1 }, () => {
      const id = crypto.randomUUID();
      return templates.map((text) => JSON.parse(text.replaceAll(templateId, id)) as Record<string, unknown>);
    }).flat();
  };
  const seeded = [...copies(patientId, patientCount), ...copies(resourceId, resourceCount)];
  await inParallel(Math.ceil(seeded.length / 25), 8, async (batch) => {
    let requests = seeded.slice(batch * 25, batch * 25 + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await table.client.send(new BatchWriteCommand({ RequestItems: { [tableName!]: requests } }));
      requests = (UnprocessedItems?.[tableName!] ?? []) as typeof requests;
    }
  });
  console.log(`Seeded ${patientCount} patients and ${resourceCount} resources in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const deps = { table, backups: s3BackupStore(s3Client, backupsBucket!), fileManifest: s3FileManifest(s3Client, 'chartside-files'), clock: systemClock, logger: createLogger('ERROR') };
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const start = performance.now();
  const summary = await backupUser(deps, userId, now.slice(0, 10));
  const ms = performance.now() - start;
  clearInterval(sampler);
  const items = await deps.backups.get(`users/${userId}/${summary.backupDate}/items.ndjson.gz`);
  let bytes = 0;
  for await (const chunk of items!) bytes += (chunk as Uint8Array).byteLength;

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`Backup of ${summary.counts.patients} patients and ${summary.counts.resources} resources: ${(ms / 1000).toFixed(1)} s (goal < ${GOAL_MS / 1000} s) ${ms < GOAL_MS ? 'OK' : 'OVER'}`);
  console.log(`Export: ${mb(bytes)} gzip`);
  console.log(`Memory: rss ${mb(rssBefore)} before, peak ${mb(peakRss)} during (sampled every 50 ms); process max rss ${mb(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  await runtime.stop();
}
