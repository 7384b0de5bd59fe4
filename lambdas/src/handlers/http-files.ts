// The HTTP API's files function: resources, articles, files, documents, encrypted files and the file cleaner.
import { handle } from 'hono/aws-lambda';
import { fetchArticleMetadata } from '../adapters/articles/fetch-article-metadata';
import { fetchPdf } from '../adapters/articles/fetch-pdf';
import { createPublicWeb } from '../adapters/public-web/public-web';
import { DocumentRepository } from '../data/document-repository';
import { FileReferenceRepository } from '../data/file-references';
import { ResourceRepository } from '../data/resource-repository';
import { createApp } from '../http/app';
import { filesRouters, type FilesGroupDeps } from '../http/groups/files';
import { httpBaseDeps } from './http-base-deps';
import { userDeps } from './user-deps';
import { config, table } from './base-deps';
import { broadcast } from './realtime-deps';
import { cipher } from './cipher-deps';
import { fileStore } from './file-store-deps';

// In the cloud a user's address must be on the public internet: never the function's own network.
const web = createPublicWeb({ contactEmail: config.ARTICLE_CONTACT_EMAIL, allowPrivateHosts: false });

const deps: FilesGroupDeps = {
  ...httpBaseDeps,
  ...userDeps,
  broadcast,
  cipher,
  fileStore,
  resources: new ResourceRepository(table, cipher),
  documents: new DocumentRepository(table),
  fileReferences: new FileReferenceRepository(table),
  articleMetadata: fetchArticleMetadata({
    crossrefUrl: config.ARTICLE_CROSSREF_URL,
    unpaywallUrl: config.ARTICLE_UNPAYWALL_URL,
    contactEmail: config.ARTICLE_CONTACT_EMAIL,
    timeoutMs: config.ARTICLE_TIMEOUT_MS,
    web,
  }),
  pdfFetcher: fetchPdf({ web, timeoutMs: config.ARTICLE_PDF_TIMEOUT_MS }),
};

export const handler = handle(createApp(deps, (hook) => filesRouters(deps, hook)));
