// Every size limit, written once and imported by client and server.

/** Longest single-line text (a name, a tag, a label). */
export const MAX_SHORT_TEXT = 200;
/** Longest trigger word of a text template (typed after ',.' in an editor). */
export const MAX_TRIGGER_LENGTH = 40;
/** Longest serialized rich-text body kept inside the user document (a template, a prompt). */
export const MAX_RICH_TEXT = 100_000;
/** Most entries in one list of the user document (tags, attendings, home lists, templates). */
export const MAX_LIST_ITEMS = 2_000;
/** Largest request body the API accepts, in bytes: under Lambda's 6 MB payload limit. Large bodies are split into items by the data layer. */
export const MAX_REQUEST_BYTES = 5_000_000;
/** Largest user document, in bytes of JSON: its daily backup copy must still fit in one DynamoDB item (400 KB). */
export const MAX_USER_DOCUMENT_BYTES = 300_000;
