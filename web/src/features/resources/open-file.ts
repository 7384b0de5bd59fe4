// Opening a stored file in a new tab ('Open in new tab', and a file's name when it is not a PDF: PDFs open in the
// resource screen's viewer).
import type { ResourceFile } from '@chartside/shared';
import { useApi } from '../../platform/platform-context';
import type { ApiClient } from '../../platform/api/api-client';
import { fetchStoredFile } from '../../platform/stored-files';
import { downloadUrl } from './queries';

/** How long the new tab's blob URL of a sealed file lives: the tab has read it by then. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Opens the file in a new tab. The tab is opened before the short-lived URL is fetched, while the click still counts
 * as a user gesture; a blocked popup is only logged (spec section 8). A file sealed at rest has no URL of its own: its
 * decrypted bytes are shown from a blob URL.
 */
export async function openInNewTab(api: ApiClient, file: ResourceFile): Promise<void> {
  const tab = window.open('', '_blank');
  if (!tab) {
    console.warn(`The browser blocked the new tab for ${file.name}.`);
    return;
  }
  tab.opener = null;
  try {
    const link = await downloadUrl(api, file.filePath);
    if ('sealed' in link) {
      const bytes = await (await fetchStoredFile(api, file.filePath, { link: () => Promise.resolve(link) })).blob();
      const objectUrl = URL.createObjectURL(new Blob([bytes], { type: file.mimeType || bytes.type }));
      tab.location.href = objectUrl;
      setTimeout(() => URL.revokeObjectURL(objectUrl), BLOB_URL_LIFETIME_MS);
    } else {
      tab.location.href = link.url;
    }
  } catch (error) {
    tab.close();
    throw error;
  }
}

export function useOpenInNewTab(): (file: ResourceFile) => Promise<void> {
  const api = useApi();
  return (file) => openInNewTab(api, file);
}
