// The AI group: chat, the text transformer, extraction, dictation and text read aloud, on the models.
import type { AppDeps, DepsOf, Hook, Routers } from '../app';
import { chatRouter } from '../chat';
import { extractionRouter } from '../extraction';
import { speechRouter } from '../speech';
import { transcriptionRouter } from '../transcription';

export type AiGroupDeps = AppDeps & DepsOf<typeof chatRouter | typeof extractionRouter | typeof transcriptionRouter | typeof speechRouter>;

export const aiRouters = (deps: AiGroupDeps, hook: Hook): Routers => ({
  secured: [chatRouter(deps, hook), extractionRouter(deps, hook), transcriptionRouter(deps, hook), speechRouter(deps, hook)],
});
