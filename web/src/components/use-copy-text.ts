// Copying text to the clipboard from a button: 'Copied' on the button for a moment; when the browser refuses (no
// permission, an insecure page), a notification says so instead of failing silently.
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';

/** How long a button says 'Copied'. */
const COPIED_FEEDBACK_MS = 1_500;

export function useCopyText(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      notifications.show({ color: 'red', title: 'Could not copy', message: 'The browser did not allow copying to the clipboard. Select the text and copy it by hand.' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  };
  return { copied, copy };
}
