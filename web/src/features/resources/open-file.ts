// Opening a stored file in a new tab ('Open in new tab', and a file's name when it is not a PDF: PDFs open in the
// resource screen's viewer).
import type { ResourceFile } from '@chartside/shared';
import { useApi } from '../../platform/platform-context';
import type { ApiClient } from '../../platform/api/api-client';
import { downloadUrl } from './queries';

/**
 * Opens the file in a new tab. The tab is opened before the short-lived URL is fetched, while the click still counts
 * as a user gesture; a blocked popup is only logged (spec section 8).
 */
export async function openInNewTab(api: ApiClient, file: ResourceFile): Promise<void> {
  const tab = window.open('', '_blank');
  if (!tab) {
    console.warn(`The browser blocked the new tab for ${file.name}.`);
    return;
  }
  tab.opener = null;
  try {
    const { url } = await downloadUrl(api, file.filePath);
    tab.location.href = url;
  } catch (error) {
    tab.close();
    throw error;
  }
}

export function useOpenInNewTab(): (file: ResourceFile) => Promise<void> {
  const api = useApi();
  return (file) => openInNewTab(api, file);
}
