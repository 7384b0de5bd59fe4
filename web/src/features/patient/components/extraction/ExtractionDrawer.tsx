// The Content Extraction drawer (spec: Content Extraction drawer, Extraction state). Paste note text, pick a mode and run
// it (the button, or meta/ctrl+Enter): Regex runs the spec's rules here in the browser; Enhanced and Local model ask the
// API. A mode whose model this deployment lacks stays selectable, is marked '(not set up)', and says so with what to
// set when chosen; a failed run says why in the spec's words (section 8). The results are editable problem / assessment-and-
// plan pairs, reordered by dragging (or the keyboard) and removable; Prepend and Append add them to the start or end
// of the assessment's problem list.
import {
  DEFAULT_EXTRACTION_MODE,
  INVALID_MODEL_ANSWER,
  LOCAL_MODEL_FAILED,
  NO_PROBLEMS_FOUND,
  addProblems,
  extractProblems,
  extractionContract,
  moveItem,
  toAssessmentProblem,
  type AddProblemsMode,
  type ExtractedProblem,
  type ExtractionMode,
  type ModelExtractionMode,
} from '@chartside/shared';
import { ActionIcon, Alert, Button, Drawer, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { AiNotSetUpAlert } from '../../../../components/AiNotSetUpAlert';
import { IconTrash } from '../../../../components/icons';
import { useAiStatus } from '../../../../platform/ai-status';
import { ApiError } from '../../../../platform/api/api-error';
import { createClientId } from '../../../../platform/client-id';
import { useApi } from '../../../../platform/platform-context';
import { usePatientEditing } from '../../patient-editing';
import { SortableList } from '../../../../components/SortableList';

export interface ExtractionDrawerProps {
  opened: boolean;
  onClose: () => void;
}

const modeLabels: Record<ExtractionMode, string> = { vertex: 'Enhanced', local: 'Local model', regex: 'Regex' };
const modes: ExtractionMode[] = ['vertex', 'local', 'regex'];

/**
 * Why a model run failed, for the clinician: a mode with no model says so with what to set (the server's 503); an
 * answer that could not be read is the spec's 'Invalid response structure from server'; the local model failing
 * (unreachable, erroring) is 'Ollama query failed' with the reason. Other refusals (too much text, the day's AI
 * allowance) read as the server words them.
 */
export const extractionFailure = (error: Error, mode: ModelExtractionMode): string => {
  if (!(error instanceof ApiError)) return error.message;
  if (error.code === 'model_not_configured') return error.message;
  if (error.code === 'bad_gateway') return INVALID_MODEL_ANSWER;
  // 5xx: the server answered that the model failed (0 would be the server itself out of reach, said as such).
  if (mode === 'local' && error.status >= 500) return error.message.startsWith(LOCAL_MODEL_FAILED) ? error.message : `${LOCAL_MODEL_FAILED}: ${error.message}`;
  return error.message;
};

/** The spec's toast for a failed add, shown for 3 s. */
const ADD_ERROR_MS = 3_000;
const ADD_PROBLEMS_ERROR_TITLE = 'Error Adding Problems';

/** A result row: an extracted problem with a key that survives edits and moves. */
interface ResultRow extends ExtractedProblem {
  key: string;
}

const toRows = (problems: readonly ExtractedProblem[]): ResultRow[] => problems.map((problem) => ({ ...problem, key: createClientId() }));

const rowLabel = (row: ResultRow, index: number) => row.problem.trim() || `Problem ${index + 1}`;

export const ExtractionDrawer = memo(function ExtractionDrawer({ opened, onClose }: ExtractionDrawerProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const api = useApi();
  const { currentDraft, changeSection } = usePatientEditing();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ExtractionMode>(DEFAULT_EXTRACTION_MODE);
  const [rows, setRows] = useState<ResultRow[]>();
  const extractWithModel = useMutation({
    mutationFn: (body: { text: string; mode: ModelExtractionMode }) => api.call(extractionContract.extract, { body }),
  });
  const aiStatus = useAiStatus().data;
  // Unknown (loading, or an older server): nothing is marked, and the server's answer tells.
  const notSetUp = (candidate: ExtractionMode) => candidate !== 'regex' && aiStatus !== undefined && !aiStatus.extraction[candidate];
  const modeOptions = modes.map((value) => ({ value, label: notSetUp(value) ? `${modeLabels[value]} (not set up)` : modeLabels[value] }));
  const modeNotSetUp = notSetUp(mode);
  // Each run gets a number; a model's answer only shows if no later run (a Regex one, say) started meanwhile.
  const lastRun = useRef(0);

  const run = () => {
    if (!text.trim() || modeNotSetUp) return;
    // One model request at a time: the shortcut still works while the button shows it is busy.
    if (mode !== 'regex' && extractWithModel.isPending) return;
    const thisRun = ++lastRun.current;
    extractWithModel.reset();
    if (mode === 'regex') setRows(toRows(extractProblems(text)));
    else extractWithModel.mutate({ text, mode }, { onSuccess: (result) => thisRun === lastRun.current && setRows(toRows(result.problems)) });
  };

  const runOnShortcut = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      run();
    }
  };

  const editRow = (index: number, edit: Partial<ExtractedProblem>) => setRows((current) => current?.map((row, i) => (i === index ? { ...row, ...edit } : row)));

  const moveRow = (from: number, to: number) => setRows((current) => current && moveItem(current, from, to));

  const add = (where: AddProblemsMode) => {
    if (!rows?.length) return;
    try {
      const problems = rows.map(({ problem, assessmentAndPlan }) => toAssessmentProblem({ problem, assessmentAndPlan }, createClientId()));
      const next = addProblems(currentDraft(), problems, where);
      // addProblems always leaves an assessment value behind.
      if (next.fields.assessment) changeSection('assessment', next.fields.assessment);
      notifications.show({ message: `Added ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to the assessment.` });
      // Added: a model answer still on its way is for text already dealt with.
      lastRun.current++;
      extractWithModel.reset();
      setRows(undefined);
    } catch (error) {
      notifications.show({ color: 'red', title: ADD_PROBLEMS_ERROR_TITLE, message: error instanceof Error ? error.message : String(error), autoClose: ADD_ERROR_MS });
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Content Extraction" position="right" size={phone ? '100%' : 'xl'}>
      <Stack gap="sm">
        <Textarea
          label="Text to extract from"
          description="Paste the assessment and plan. Ctrl+Enter (⌘+Enter) runs the extraction."
          rows={8}
          resize="vertical"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={runOnShortcut}
        />
        <Group align="flex-end" gap="sm">
          <Select label="Mode" data={modeOptions} value={mode} onChange={(value) => value && setMode(value as ExtractionMode)} allowDeselect={false} w={230} />
          <Button onClick={run} disabled={!text.trim() || modeNotSetUp} loading={extractWithModel.isPending}>
            Extract
          </Button>
        </Group>
        {modeNotSetUp && aiStatus && <AiNotSetUpAlert hint={`${modeLabels[mode]} extraction needs a model. ${aiStatus.setUpHint} Regex mode works without one.`} />}

        {extractWithModel.error && extractWithModel.variables && (
          <Alert color="red" title="Extraction did not run">
            {extractionFailure(extractWithModel.error, extractWithModel.variables.mode)}
          </Alert>
        )}
        {rows?.length === 0 && <Text c="dimmed">{NO_PROBLEMS_FOUND}</Text>}

        {rows && rows.length > 0 && (
          <>
            <SortableList
              items={rows}
              idOf={(row) => row.key}
              labelOf={rowLabel}
              onMove={moveRow}
              label="Extracted problems"
              noun="problem"
              renderItem={(row, index) => (
                <Group gap={4} wrap="nowrap" align="flex-start">
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <TextInput aria-label={`Problem ${index + 1}`} value={row.problem} onChange={(event) => editRow(index, { problem: event.currentTarget.value })} />
                    <Textarea
                      aria-label={`Assessment and plan ${index + 1}`}
                      rows={3}
                      resize="vertical"
                      value={row.assessmentAndPlan}
                      onChange={(event) => editRow(index, { assessmentAndPlan: event.currentTarget.value })}
                    />
                  </Stack>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${rowLabel(row, index)}`} onClick={() => setRows(rows.filter((r) => r.key !== row.key))}>
                    <IconTrash />
                  </ActionIcon>
                </Group>
              )}
            />
            <Group gap="sm">
              <Button variant="light" onClick={() => add('prepend')}>
                Prepend
              </Button>
              <Button onClick={() => add('append')}>Append</Button>
            </Group>
          </>
        )}
      </Stack>
    </Drawer>
  );
});
