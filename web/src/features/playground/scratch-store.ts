// The playground's scratch text, kept on this device only (localStorage, one entry per signed-in user): it never goes
// to the server, so it holds no patient record. A browser that refuses storage (private mode, full) keeps the text in
// the page alone.
const keyOf = (userId: string) => `chartside/playground/${userId}`;

export const readScratch = (userId: string): string => {
  try {
    return localStorage.getItem(keyOf(userId)) ?? '';
  } catch {
    return '';
  }
};

/** Stores the text; false when the browser refused. */
export const writeScratch = (userId: string, text: string): boolean => {
  try {
    localStorage.setItem(keyOf(userId), text);
    return true;
  } catch {
    return false;
  }
};

export const clearScratch = (userId: string): void => {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing was kept.
  }
};
