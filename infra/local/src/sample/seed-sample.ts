// Gives a user the fictional sample (sample-data.ts) through the same repositories and services the API writes with: the
// demo clinician on first `npm start`, and any user made with `npm run users -- add … --sample`.
import { readFileSync } from 'node:fs';
import { filePathFor, type ResourceFile } from '@chartside/shared';
import type { HttpDeps } from '@chartside/lambdas/http/deps';
import { sourceIdOf } from '@chartside/lambdas/services/feed-service';
import { importPatients } from '@chartside/lambdas/services/patient-service';
import { addToUserTags } from '@chartside/lambdas/services/user-tags';
import { SAMPLE_PDF_NAME, sampleArticle, sampleChat, sampleFeedSource, samplePatients, sampleTemplates } from './sample-data';

export type SampleDeps = Pick<HttpDeps, 'patients' | 'resources' | 'users' | 'chats' | 'feed' | 'fileStore' | 'clock' | 'broadcast'>;

/** Marks the writes as the sample's in each record's last-session field. */
const SAMPLE_SESSION = 'sample-data';

const samplePdf = () => new Uint8Array(readFileSync(new URL('./sample-article.pdf', import.meta.url)));

export const seedSample = async (deps: SampleDeps, user: { userId: string; email: string }) => {
  const { userId } = user;
  const now = deps.clock.now();
  const userDocument = () => deps.users.getOrCreate(userId, async () => user.email);
  const caller = { userId, userDocument, clientId: undefined, sessionId: SAMPLE_SESSION };

  await importPatients(deps, caller, samplePatients(now));

  const pdf = samplePdf();
  const fileId = `${crypto.randomUUID()}.pdf`;
  const file: ResourceFile = { name: SAMPLE_PDF_NAME, fileId, filePath: filePathFor(userId, fileId, false), extension: 'pdf', mimeType: 'application/pdf', isTemp: false, size: pdf.length };
  await deps.fileStore.put(file.filePath, pdf, { contentType: file.mimeType });
  const article = { ...sampleArticle(now), files: [file] };
  await deps.resources.create(userId, article);
  await addToUserTags(deps, caller, 'resourceTags', article.tags);

  const current = await userDocument();
  await deps.users.patch(userId, { version: current.version, templates: { ...current.templates, ...sampleTemplates } }, current);

  const feed = await deps.feed.getSettings(userId);
  if (feed.sources.length === 0) {
    await deps.feed.putSettings(userId, { version: feed.version + 1, sources: [{ url: sampleFeedSource.url, title: sampleFeedSource.title, id: sourceIdOf(sampleFeedSource.url) }], keywords: ['heart failure'] });
  }

  const chat = sampleChat(now, article.id);
  await deps.chats.create(userId, chat.head);
  await deps.chats.addExchange(userId, chat.head.id, { message: chat.message, reply: chat.reply, sessionId: SAMPLE_SESSION });
};
