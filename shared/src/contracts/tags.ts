// The tag manager: the user's resource and patient tags with how many items carry each, renamed, merged or deleted everywhere.
import * as z from 'zod';
import { MAX_SHORT_TEXT } from '../limits';

export const tagKinds = ['resource', 'patient'] as const;
export const TagKind = z.enum(tagKinds);

export const TagCount = z.object({ tag: z.string(), count: z.number().int().nonnegative() });
export const TagSummary = z.object({ resource: z.array(TagCount), patient: z.array(TagCount) });
export type TagSummary = z.infer<typeof TagSummary>;

const tag = z.string().trim().min(1).max(MAX_SHORT_TEXT);

/** Renaming to a tag that exists merges the two. */
export const RenameTagBody = z.strictObject({ kind: TagKind, from: tag, to: tag });
export const DeleteTagBody = z.strictObject({ kind: TagKind, tag });
/** How many items changed, besides the user's own tag list. */
export const TagChangeResult = z.object({ itemsChanged: z.number().int().nonnegative(), summary: TagSummary });

export const tagsContract = {
  list: { method: 'get', path: '/tags', summary: 'Resource and patient tags with their counts', response: TagSummary },
  rename: { method: 'post', path: '/tags/rename', summary: 'Rename (or merge) a tag on the user and every item that carries it', body: RenameTagBody, response: TagChangeResult },
  remove: { method: 'post', path: '/tags/delete', summary: 'Delete a tag from the user and every item that carries it', body: DeleteTagBody, response: TagChangeResult },
} as const;
