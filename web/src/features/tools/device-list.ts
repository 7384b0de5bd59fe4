// A list a tool keeps in this browser, per user (the VA call log, the moonlighting shifts): personal working notes
// of one clinician on one device, read back as they were saved. Items that no longer parse are dropped, not shown.
import { useState } from 'react';
import type { z } from 'zod';

const read = <T>(key: string, item: z.ZodType<T>): T[] => {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.flatMap((entry) => {
      const parsed = item.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }) : [];
  } catch {
    return [];
  }
};

export function useDeviceList<T extends { id: string }>(key: string, item: z.ZodType<T>) {
  const [items, setItems] = useState<T[]>(() => read(key, item));
  const save = (next: T[]) => {
    setItems(next);
    window.localStorage.setItem(key, JSON.stringify(next));
  };
  return {
    items,
    add: (entry: T) => save([...items, entry]),
    update: (id: string, change: Partial<T>) => save(items.map((entry) => (entry.id === id ? { ...entry, ...change } : entry))),
    remove: (id: string) => save(items.filter((entry) => entry.id !== id)),
    removeAll: (ids: readonly string[]) => save(items.filter((entry) => !ids.includes(entry.id))),
  };
}
