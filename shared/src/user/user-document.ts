// The user document (spec section 3): one per user, holding settings and the user's own lists.
import * as z from 'zod';
import { MAX_LIST_ITEMS, MAX_RICH_TEXT, MAX_SHORT_TEXT, MAX_TRIGGER_LENGTH } from '../limits';
import { firstRepeat } from '../sync/list-items';

const shortText = z.string().max(MAX_SHORT_TEXT);
const richText = z.string().max(MAX_RICH_TEXT);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_LIST_ITEMS);

export const resourceTypes = ['text', 'link', 'files', 'article', 'case', 'guide', 'clinical'] as const;
export const ResourceType = z.enum(resourceTypes);
export type ResourceType = z.infer<typeof ResourceType>;

export const panelSortOptions = ['name', 'room', 'appointment', 'task'] as const;

export const HomeListItem = z.strictObject({
  name: shortText,
  id: shortText,
  type: ResourceType,
  link: z.string().max(2_000),
});
export type HomeListItem = z.infer<typeof HomeListItem>;

export const HomeList = z.strictObject({
  name: shortText,
  items: list(HomeListItem),
});
export type HomeList = z.infer<typeof HomeList>;

/**
 * Lists are found again by their names (see home-lists.ts), so each must have its own; names compare as a reader
 * would: 'Cardiology' and 'cardiology ' are one name. True when a list other than the one at `except` has this name.
 */
export const isHomeListNameTaken = (lists: readonly HomeList[], name: string, except?: number): boolean =>
  lists.some((list, index) => index !== except && list.name.trim().toLowerCase() === name.trim().toLowerCase());

export const homeListNameTaken = (name: string) => `A home list named '${name.trim()}' exists already. Choose another name.`;

/** A saved AI prompt (/tools/prompts). Its text is rich text, stored as every rich text is (BlockNote JSON). */
export const Prompt = z.strictObject({
  id: shortText.min(1),
  name: shortText,
  deltaText: richText,
});
export type Prompt = z.infer<typeof Prompt>;

/**
 * A text template under its name in `templates`. The spec stores a name's deltaString alone; a template saved by
 * Chartside also carries its trigger word (typed as ',.word' in an editor). Both shapes stay readable.
 */
export const StoredTextTemplate = z.union([
  richText,
  z.strictObject({
    trigger: z.string().max(MAX_TRIGGER_LENGTH),
    content: richText,
  }),
]);
export type StoredTextTemplate = z.infer<typeof StoredTextTemplate>;

export const NoteTemplate = z.strictObject({
  label: shortText.min(1),
  value: list(shortText),
});

/** The fields a user may change. `searchKey` from the spec is left out: search goes through our API, which scopes it to the user. */
export const UserFields = z.strictObject({
  // A template has a name: DynamoDB refuses an empty map key, so an unnamed one could never be stored.
  templates: z.record(shortText.min(1), StoredTextTemplate).refine((m) => Object.keys(m).length <= MAX_LIST_ITEMS, 'Too many templates'),
  prompts: list(Prompt),
  favoritePrompts: list(shortText),
  resourceTags: list(shortText),
  patientTags: list(shortText),
  panelTags: list(shortText),
  panelTagsSelected: list(shortText),
  panelSortSelection: z.enum(panelSortOptions),
  homeLists: list(HomeList),
  attendings: list(shortText),
  noteTemplate: list(NoteTemplate),
  cprs: z.boolean(),
  inpatient: z.boolean(),
  showTimeTracker: z.boolean(),
  showTimeTrackerTimes: z.boolean(),
});
export type UserFields = z.infer<typeof UserFields>;

export const UserDocument = UserFields.extend({
  userId: z.string(),
  email: z.string(),
  /** Incremented on every write; a write naming an older version is refused. */
  version: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type UserDocument = z.infer<typeof UserDocument>;

/**
 * A change to the user document: the version it was based on, plus any subset of the fields. A list shown as a dropdown
 * may not repeat an entry. Only writes are refused: a document stored with a repeat stays readable (the UI shows each
 * entry once).
 */
export const UserDocumentPatch = UserFields.partial()
  .extend({
    version: z.number().int().nonnegative(),
  })
  .superRefine(({ patientTags, noteTemplate, prompts, homeLists }, context) => {
    const repeatedList = homeLists?.find((list, index) => isHomeListNameTaken(homeLists.slice(0, index), list.name));
    if (repeatedList) context.addIssue({ code: 'custom', path: ['homeLists'], message: homeListNameTaken(repeatedList.name) });
    const tag = firstRepeat(patientTags ?? [], (name) => name);
    if (tag !== undefined) context.addIssue({ code: 'custom', path: ['patientTags'], message: `The patient tag '${tag}' is listed twice.` });
    const label = firstRepeat(noteTemplate ?? [], (template) => template.label);
    if (label !== undefined) context.addIssue({ code: 'custom', path: ['noteTemplate'], message: `Two note templates are named '${label}'.` });
    // Prompts are found by id (favourites, edits): two with one id would be one prompt shown twice.
    const promptId = firstRepeat(prompts ?? [], (prompt) => prompt.id);
    if (promptId !== undefined) context.addIssue({ code: 'custom', path: ['prompts'], message: `Two prompts have the id '${promptId}'.` });
  });
export type UserDocumentPatch = z.infer<typeof UserDocumentPatch>;

export const defaultUserFields = (): UserFields => ({
  templates: {},
  prompts: [],
  favoritePrompts: [],
  resourceTags: [],
  patientTags: [],
  panelTags: [],
  panelTagsSelected: [],
  panelSortSelection: 'name',
  homeLists: [],
  attendings: [],
  noteTemplate: [],
  cprs: false,
  inpatient: true,
  showTimeTracker: false,
  showTimeTrackerTimes: false,
});
