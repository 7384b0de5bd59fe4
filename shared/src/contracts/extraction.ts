// Content extraction with a text model (the drawer's Enhanced and local-model modes; Regex runs in the browser).
// With no model configured for a mode the API answers 503 `model_not_configured`; an answer the model gave that cannot
// be read is a 502 `bad_gateway`.
import * as z from 'zod';
import type { ExtractedProblem } from '../patients/extraction';
import { AssessmentProblem } from '../patients/patient';

/** The most text one extraction reads (a long progress note is ~30k characters). */
export const MAX_EXTRACTION_TEXT = 200_000;

/** The modes that need a model: 'vertex' is the spec's Enhanced mode, 'local' the local model. */
export const ModelExtractionMode = z.enum(['vertex', 'local']);
export type ModelExtractionMode = z.infer<typeof ModelExtractionMode>;

export const ExtractionBody = z.strictObject({
  text: z.string().min(1, 'Paste the note text to extract from.').max(MAX_EXTRACTION_TEXT),
  mode: ModelExtractionMode,
});
export type ExtractionBody = z.infer<typeof ExtractionBody>;

/** One extracted problem as the API returns it; the same limits as an assessment problem. */
export const ExtractedProblemResult = z.strictObject({
  problem: AssessmentProblem.shape.problem,
  assessmentAndPlan: AssessmentProblem.shape.plan,
}) satisfies z.ZodType<ExtractedProblem>;

/** As many problems as the assessment holds. */
export const MAX_EXTRACTED_PROBLEMS = 500;

export const ExtractionResult = z.object({ problems: z.array(ExtractedProblemResult).max(MAX_EXTRACTED_PROBLEMS) });
export type ExtractionResult = z.infer<typeof ExtractionResult>;

/** What a clinician reads when a mode has no model behind it in this deployment. */
export const modelNotConfiguredMessages: Record<ModelExtractionMode, string> = {
  vertex: 'Enhanced extraction is not set up for this deployment. Use Regex mode.',
  local: 'Extraction with a local model is not set up for this deployment. Use Regex mode.',
};

export const extractionContract = {
  extract: {
    method: 'post',
    path: '/extraction',
    summary: "Extract problems and their assessment and plan from note text with a text model (503 `model_not_configured` when the mode has none)",
    body: ExtractionBody,
    response: ExtractionResult,
  },
} as const;
