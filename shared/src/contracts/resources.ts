// The user's resource library. Writes are version-checked: a PATCH naming an older version is refused with 409.
import * as z from 'zod';
import { CreateResourceBody, Resource, ResourceFile, ResourcePatch, ResourceSummary } from '../resources/resource';

export const ResourceList = z.object({ resources: z.array(ResourceSummary) });
export const ResourceDeleted = z.object({ deleted: z.literal(true), filesDeleted: z.number().int().nonnegative() });
/** The article's PDF among the resource's files, and the resource holding it. */
export const OpenAccessPdf = z.object({ file: ResourceFile, resource: Resource });
export type OpenAccessPdf = z.infer<typeof OpenAccessPdf>;

export const resourcesContract = {
  list: { method: 'get', path: '/resources', summary: "Every resource of the user, newest first, without sections or files", response: ResourceList },
  create: {
    method: 'post',
    path: '/resources',
    summary: "Create a resource; its new tags are added to the user's resource tags",
    body: CreateResourceBody,
    response: Resource,
  },
  get: { method: 'get', path: '/resources/{resourceId}', summary: 'Read one resource (404 for an id that is not the user’s)', response: Resource },
  patch: {
    method: 'patch',
    path: '/resources/{resourceId}',
    summary:
      "Change fields of a resource; 409 when `version` is not the current one. Files dropped from `files` are deleted from storage; new tags join the user's resource tags",
    body: ResourcePatch,
    response: Resource,
  },
  remove: {
    method: 'delete',
    path: '/resources/{resourceId}',
    summary: 'Delete a resource and every file it holds',
    response: ResourceDeleted,
  },
  openAccessPdf: {
    method: 'post',
    path: '/resources/{resourceId}/open-access-pdf',
    summary:
      "Fetch an article's open-access PDF (the first of its oa_locations' url_for_pdf that answers one) into the user's files and add it to the resource; a PDF fetched before is answered as it is. 400 when the resource is not an article or has no PDF address; 413, 429, 502 or 503 when the publisher does not give the PDF",
    response: OpenAccessPdf,
  },
} as const;
