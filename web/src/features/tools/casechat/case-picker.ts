// Which of the user's resources Case Chat offers: those matching what was typed (every word in the name or a tag,
// ignoring case and accents), cases first, each group in the library's order (newest first).
import type { ResourceSummary } from '@chartside/shared';

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export const pickableResources = (resources: readonly ResourceSummary[], query: string) => {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching = resources.filter((resource) => {
    const text = fold([resource.name, ...resource.tags].join(' '));
    return words.every((word) => text.includes(word));
  });
  return { cases: matching.filter((resource) => resource.type === 'case'), others: matching.filter((resource) => resource.type !== 'case') };
};

/** How many chats are about each resource. */
export const chatCounts = (chats: readonly { resourceId?: string | undefined }[]) => {
  const counts = new Map<string, number>();
  for (const { resourceId } of chats) if (resourceId) counts.set(resourceId, (counts.get(resourceId) ?? 0) + 1);
  return counts;
};
