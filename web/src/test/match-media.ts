// A matchMedia for jsdom (which has none): `matches` decides which media queries hold, e.g. none on a phone.
export const fakeMatchMedia =
  (matches: (query: string) => boolean) =>
  (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
