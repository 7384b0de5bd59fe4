// Stored files kept on this device once opened (the PDF viewer's PDFs, images in rich text), so they open again offline. A stored file
// never changes at its path (a new upload gets a new file id), so a kept copy is always current. They go with the
// rest of the persisted data on sign-out (clearPersistedData).
const CACHE_NAME = 'chartside-files';

/** The Cache Storage key of a file: a same-origin URL that nothing serves. */
const keyOf = (filePath: string) => `/_files/${encodeURI(filePath)}`;

const openCache = async (): Promise<Cache | undefined> => {
  // Cache Storage exists only in secure contexts (https, localhost); elsewhere files are simply not kept.
  if (typeof caches === 'undefined') return undefined;
  return caches.open(CACHE_NAME).catch(() => undefined);
};

/** The file's bytes from this device, or fetched by `download` and kept. */
export async function cachedFileBytes(filePath: string, download: () => Promise<Response>): Promise<ArrayBuffer> {
  const cache = await openCache();
  const kept = await cache?.match(keyOf(filePath));
  if (kept) return kept.arrayBuffer();
  const response = await download();
  const bytes = await response.arrayBuffer();
  // Kept only when whole; a full disk just means it is fetched again next time.
  await cache?.put(keyOf(filePath), new Response(bytes, { headers: { 'content-type': response.headers.get('content-type') ?? 'application/octet-stream' } })).catch(() => undefined);
  return bytes;
}

/** Keeps bytes this device has just uploaded, so the file shows without fetching it back. */
export async function keepFileBytes(filePath: string, bytes: Blob): Promise<void> {
  const cache = await openCache();
  await cache?.put(keyOf(filePath), new Response(bytes, { headers: { 'content-type': bytes.type || 'application/octet-stream' } })).catch(() => undefined);
}

export async function clearFileCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(CACHE_NAME);
}
