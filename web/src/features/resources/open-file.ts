// Opening a stored file. Every "open" goes through `useOpenFile`: the PDF viewer (a later issue) takes PDFs here
// instead of a new tab, without touching the screens that call it.
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

export interface FileOpeners {
  /** A file's primary action (clicking its name). The PDF viewer will take PDFs here; for now every file opens in a new tab. */
  openFile: (file: ResourceFile) => Promise<void>;
  /** 'Open in new tab', whatever the file. */
  openInNewTab: (file: ResourceFile) => Promise<void>;
}

export function useOpenFile(): FileOpeners {
  const api = useApi();
  const inNewTab = (file: ResourceFile) => openInNewTab(api, file);
  return { openFile: inNewTab, openInNewTab: inNewTab };
}
