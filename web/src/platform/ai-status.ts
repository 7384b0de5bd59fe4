// Which AI features this deployment has a model for (GET /api/ai/status). Every AI surface reads it: with no model
// it says so plainly, with the server's hint on what to set, and keeps its send or run button disabled.
import { chatContract, type AiStatus } from '@chartside/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from './platform-context';

export const aiStatusKeys = { all: ['ai-status'] as const };

/** The sentence every AI surface shows when its model is missing, before the server's set-up hint. */
export const AI_NOT_SET_UP = 'AI is not set up on this server.';

/** A deployment's models change only with its configuration: asked again at most every few minutes. */
const AI_STATUS_STALE_MS = 5 * 60_000;

export function useAiStatus() {
  const api = useApi();
  return useQuery({
    queryKey: aiStatusKeys.all,
    queryFn: ({ signal }) => api.call(chatContract.status, { signal }),
    staleTime: AI_STATUS_STALE_MS,
  });
}

export type AiFeature = 'chat' | 'transformer' | 'extraction.vertex' | 'extraction.local';

const hasModel = (status: AiStatus, feature: AiFeature): boolean => {
  if (feature === 'extraction.vertex') return status.extraction.vertex;
  if (feature === 'extraction.local') return status.extraction.local;
  return status[feature];
};

/**
 * The set-up hint when `feature` has no model, else undefined. An unknown status (still loading, or the server could
 * not say) blocks nothing: the server's own answer to the request then tells.
 */
export function useAiNotSetUp(feature: AiFeature): { hint: string } | undefined {
  const status = useAiStatus().data;
  if (!status || hasModel(status, feature)) return undefined;
  return { hint: status.setUpHint };
}
