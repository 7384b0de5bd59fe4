// Copying and sharing a message. A reply is copied rich (its HTML, for pasting into a note with its lists and tables)
// and as plain text; a browser that refuses the rich copy gets the plain text (spec section 8). Sharing uses the
// device's share sheet where there is one, else copies the text and says so.

/** Copies text, with its HTML when given; throws when the browser allows neither. */
export async function copyText(text: string, html?: string): Promise<void> {
  if (html && typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard?.write === 'function') {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) }),
      ]);
      return;
    } catch {
      // The rich copy was refused: the plain text below.
    }
  }
  await navigator.clipboard.writeText(text);
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/** Shares through the device's share sheet, or copies when there is none (or it cannot share this). */
export async function shareText(text: string, title: string): Promise<ShareOutcome> {
  const data: ShareData = { title, text };
  if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // Not allowed here (no user gesture left, a policy): copy instead.
    }
  }
  await navigator.clipboard.writeText(text);
  return 'copied';
}
