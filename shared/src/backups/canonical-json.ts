// JSON with object keys sorted at every depth, so the same data always gives the same text (a backup's byte-equal export),
// whatever order its attributes came back from the table in.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const canonical = (value: unknown, path: string): Json => {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is not a finite number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((entry, i) => canonical(entry ?? null, `${path}[${i}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, entry]) => [key, canonical(entry, `${path}.${key}`)]));
  }
  // A Set, a binary value or a class instance has no one JSON form: refuse rather than lose it quietly.
  throw new TypeError(`${path} holds a value JSON cannot keep (${Object.prototype.toString.call(value)})`);
};

export const canonicalJson = (value: unknown): string => JSON.stringify(canonical(value, '$'));
