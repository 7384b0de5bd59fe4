// An article's open-access PDF, fetched by the server (publishers refuse the browser's cross-origin requests) into the
// user's lasting files and added to the resource. The file's id is derived from the resource and the PDF's address, so
// a repeated click finds the copy already there instead of fetching and storing a second one.
import { createHash } from 'node:crypto';
import { AppError, badRequest, fileNameFrom, filePathFor, mimeTypeFor, notFound, type OpenAccessPdf, type ResourceFile } from '@chartside/shared';
import type { PdfFetcher } from '../ports/pdf-fetcher';
import { addStoredFile, type ResourceDeps } from './resource-service';
import type { Caller } from './user-tags';

export interface OpenAccessPdfDeps extends ResourceDeps {
  pdfFetcher: PdfFetcher;
}

const pdfFileId = (resourceId: string, url: string) => `oa-${createHash('sha256').update(`${resourceId}\n${url}`).digest('hex').slice(0, 32)}.pdf`;

export const fetchOpenAccessPdf = async (deps: OpenAccessPdfDeps, caller: Caller, resourceId: string): Promise<OpenAccessPdf> => {
  const resource = await deps.resources.get(caller.userId, resourceId);
  if (!resource) throw notFound('That resource');
  const { article } = resource;
  if (resource.type !== 'article' || !article) throw badRequest('Only an article resource has an open-access PDF to fetch.');
  const [first, ...rest] = [...new Set(article.oa_locations.map((location) => location.url_for_pdf?.trim() ?? '').filter((url) => url !== ''))];
  if (first === undefined) throw badRequest("This article has no open-access PDF address. Open the article's page instead.");
  const addresses = [first, ...rest] as const;

  const fetchedBefore = addresses.map((url) => resource.files.find((file) => file.fileId === pdfFileId(resourceId, url))).find((file) => file !== undefined);
  if (fetchedBefore) return { file: fetchedBefore, resource };

  const pdf = await deps.pdfFetcher.fetchFirst(addresses);
  const fileId = pdfFileId(resourceId, pdf.url);
  const file: ResourceFile = {
    name: fileNameFrom(article.title || article.doi || resource.name, 'pdf', 'article'),
    fileId,
    filePath: filePathFor(caller.userId, fileId, false),
    extension: 'pdf',
    mimeType: mimeTypeFor('pdf'),
    isTemp: false,
    size: pdf.bytes.byteLength,
  };
  await deps.fileStore.put(file.filePath, pdf.bytes, { contentType: file.mimeType });
  try {
    return await addStoredFile(deps, caller, resourceId, file);
  } catch (error) {
    // Deleted while its PDF was fetched: nothing holds the object. (On any other failure a retry stores it at the same key.)
    if (error instanceof AppError && error.code === 'not_found') await deps.fileStore.delete(file.filePath);
    throw error;
  }
};
