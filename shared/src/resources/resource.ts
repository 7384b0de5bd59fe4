// The resource entity (spec section 3): an entry of the user's library, with its files, rich-text sections and article data.
import * as z from 'zod';
import { MAX_LIST_ITEMS, MAX_SHORT_TEXT } from '../limits';
import { mergeListById, type FieldMergers } from '../sync/merge-fields';
import { ResourceType } from '../user/user-document';

/** Longest serialized rich-text body of one section (BlockNote blocks as JSON). */
export const MAX_SECTION_BYTES = 1_000_000;
/** Most sections in one resource. */
export const MAX_SECTIONS = 200;
/** Largest resource, in bytes of JSON. The data layer splits it over several items, so it is not bound by DynamoDB's 400 KB. */
export const MAX_RESOURCE_BYTES = 4_000_000;
/** Longest description or URL. */
export const MAX_DESCRIPTION = 20_000;
export const MAX_URL = 2_000;

export const RESOURCE_AUTOSAVE_MS = 500;
export const DEFAULT_DESCRIPTION = 'No description available.';
export const DEFAULT_LINK = 'No link provided';

const shortText = z.string().max(MAX_SHORT_TEXT);
const isoDate = z.iso.datetime();

/** A file in storage. `filePath` is the object key: userContent/{uid}/{fileId} or userContent/{uid}/temp/{fileId}. */
export const ResourceFile = z.strictObject({
  name: shortText.min(1),
  fileId: shortText.min(1),
  filePath: z.string().max(500),
  extension: z.string().max(20),
  mimeType: z.string().max(200),
  isTemp: z.boolean(),
  size: z.number().int().nonnegative().optional(),
});
export type ResourceFile = z.infer<typeof ResourceFile>;

/** `deltaString` holds the section's BlockNote blocks as JSON; text that does not parse is kept as it is. */
export const TextSection = z.strictObject({
  id: shortText.min(1),
  title: shortText,
  deltaString: z.string().max(MAX_SECTION_BYTES),
  editing: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type TextSection = z.infer<typeof TextSection>;

export const OaLocation = z.object({
  url_for_pdf: z.string().max(MAX_URL).nullable(),
  url: z.string().max(MAX_URL).nullable().optional(),
  host_type: z.string().max(50).nullable().optional(),
  version: z.string().max(50).nullable().optional(),
});
export type OaLocation = z.infer<typeof OaLocation>;

export const Article = z.strictObject({
  doi: z.string().max(300),
  title: z.string().max(2_000),
  journal_name: z.string().max(500),
  /** YYYY-MM-DD, or '' when unknown. */
  published_date: z.union([z.iso.date(), z.literal('')]),
  /** True when the data came from Crossref. */
  crossref: z.boolean(),
  authors: z.array(shortText).max(MAX_LIST_ITEMS),
  oa_locations: z.array(OaLocation).max(100),
});
export type Article = z.infer<typeof Article>;

/** A saved PDF highlight. The PDF viewer (a later issue) owns anchoring; the resource only stores these. */
export const Highlight = z.object({
  id: shortText.min(1),
  pdfId: shortText,
  rawText: z.string().max(MAX_DESCRIPTION),
  text: z.string().max(MAX_DESCRIPTION),
  pageNumber: z.number().int().nonnegative(),
  range: z.record(z.string(), z.unknown()),
  createdAt: isoDate,
});
export type Highlight = z.infer<typeof Highlight>;

/** The fields a user may change. */
export const ResourceFields = z.strictObject({
  name: shortText,
  type: ResourceType,
  description: z.string().max(MAX_DESCRIPTION),
  link: z.string().max(MAX_URL),
  tags: z.array(shortText).max(MAX_LIST_ITEMS),
  favorite: z.boolean(),
  files: z.array(ResourceFile).max(MAX_LIST_ITEMS),
  textSections: z.array(TextSection).max(MAX_SECTIONS),
  article: Article.nullable(),
  public: z.boolean(),
  review: z.boolean(),
  encrypted: z.boolean(),
  pdfHighlights: z.record(shortText, z.array(Highlight).max(MAX_LIST_ITEMS)),
  articleNotes: z.array(Highlight).max(MAX_LIST_ITEMS),
});
export type ResourceFields = z.infer<typeof ResourceFields>;

export const Resource = ResourceFields.extend({
  id: z.string(),
  clicks: z.number().int().nonnegative(),
  /** Incremented on every write; a write naming an older version is refused with 409. */
  version: z.number().int().nonnegative(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Resource = z.infer<typeof Resource>;

/** What lists show of a resource: no sections, files or highlights. */
export const ResourceSummary = Resource.pick({
  id: true,
  name: true,
  type: true,
  tags: true,
  favorite: true,
  link: true,
  description: true,
  createdAt: true,
  updatedAt: true,
  version: true,
}).extend({ fileCount: z.number().int().nonnegative(), sectionCount: z.number().int().nonnegative() });
export type ResourceSummary = z.infer<typeof ResourceSummary>;

/** Create New Resource: the name must be non-empty after trimming; description and link are trimmed and optional. */
export const CreateResourceBody = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(MAX_SHORT_TEXT),
  type: ResourceType,
  description: z.string().trim().max(MAX_DESCRIPTION).optional(),
  link: z.string().trim().max(MAX_URL).optional(),
  tags: z.array(shortText).max(MAX_LIST_ITEMS).optional(),
  article: Article.nullable().optional(),
});
export type CreateResourceBody = z.infer<typeof CreateResourceBody>;

/** A change to a resource: the version it was based on, plus any subset of the fields. */
export const ResourcePatch = ResourceFields.partial().extend({ version: z.number().int().nonnegative() });
export type ResourcePatch = z.infer<typeof ResourcePatch>;

export const defaultResourceFields = (): ResourceFields => ({
  name: '',
  type: 'text',
  description: '',
  link: '',
  tags: [],
  favorite: false,
  files: [],
  textSections: [],
  article: null,
  public: false,
  review: false,
  encrypted: false,
  pdfHighlights: {},
  articleNotes: [],
});

/** A resource always has a name: one that is non-blank after trimming. */
export const isResourceName = (name: string): boolean => name.trim() !== '';

/** How two devices' edits of a resource's lists combine: sections by id, files by storage path (see mergeFields). */
export const resourceFieldMergers: FieldMergers<ResourceFields> = {
  textSections: mergeListById<TextSection, 'id'>('id'),
  files: mergeListById<ResourceFile, 'filePath'>('filePath'),
};

/** The DOI resolver's address for a DOI. */
export const doiUrl = (doi: string) => `https://doi.org/${doi}`;

/** Accepts a bare DOI, 'doi:10.x/y' or a resolver URL; returns the bare DOI, or undefined when it is not one. */
export const normalizeDoi = (input: string): string | undefined => {
  const bare = input
    .trim()
    .replace(/^(?:https?:\/\/)?(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(bare) ? bare : undefined;
};
