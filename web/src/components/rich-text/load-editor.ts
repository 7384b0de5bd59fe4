// The BlockNote editor is a chunk of its own (large, cached by the service worker when first fetched): a rich text
// loads it on first use, and the panel loads it ahead while idle, so it is cached before the device goes offline.
export const loadEditor = () => import('./BlockNoteRichText');
