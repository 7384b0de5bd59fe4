// Invert and Compact live in the URL (?invert=1&compact=1): the URL is the panel's view state, so a reload or a shared
// link shows the same view. Tags and sort are saved to the user document instead, as the spec's user document holds them.
export interface PanelDisplay {
  invert: boolean;
  compact: boolean;
}

export const readPanelDisplay = (params: URLSearchParams): PanelDisplay => ({
  invert: params.get('invert') === '1',
  compact: params.get('compact') === '1',
});

export const writePanelDisplay = (params: URLSearchParams, display: PanelDisplay): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of ['invert', 'compact'] as const) {
    if (display[key]) next.set(key, '1');
    else next.delete(key);
  }
  return next;
};
