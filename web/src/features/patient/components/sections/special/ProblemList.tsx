// The assessment's problem list: each problem with its assessment and plan, added, edited, removed (with Undo) and
// reordered by its handle (pointer or keyboard). Parts stored as rich text are edited here as their plain text.
import { type AssessmentData, type AssessmentProblem, editablePlainText, moveItem } from '@chartside/shared';
import { ActionIcon, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '../../../../../components/icons';
import { createClientId } from '../../../../../platform/client-id';
import { SortableList } from '../../../../../components/SortableList';
import { showUndoNotice } from '../undo-notice';

export interface ProblemListProps {
  data: AssessmentData;
  /** Applies a change to the problem list as it is when the change lands (an Undo comes seconds later). */
  onChange: (update: (data: AssessmentData) => AssessmentData) => void;
}

const problemLabel = (problem: AssessmentProblem, index: number) => {
  const name = editablePlainText(problem.problem).trim();
  return name ? `problem ${index + 1}: ${name}` : `problem ${index + 1}`;
};

export function ProblemList({ data, onChange }: ProblemListProps) {
  const { problems } = data;
  const setProblems = (change: (problems: AssessmentProblem[]) => AssessmentProblem[]) => onChange((current) => ({ ...current, problems: change(current.problems) }));
  const update = (id: string, part: Partial<AssessmentProblem>) => setProblems((list) => list.map((problem) => (problem.id === id ? { ...problem, ...part } : problem)));
  const add = () => setProblems((list) => [...list, { id: createClientId(), problem: '', assessment: '', plan: '' }]);
  const remove = (removed: AssessmentProblem, index: number) => {
    setProblems((list) => list.filter((problem) => problem.id !== removed.id));
    showUndoNotice({
      title: 'Problem removed',
      message: editablePlainText(removed.problem).trim() || `Problem ${index + 1}`,
      onUndo: () => setProblems((list) => [...list.slice(0, index), removed, ...list.slice(index)]),
    });
  };
  const move = (from: number, to: number) => setProblems((list) => moveItem(list, from, to));

  return (
    <Stack gap="xs">
      {problems.length === 0 ? (
        <Text size="sm" c="dimmed">
          No problems yet. Add one, or write them in the text as '#1 Problem' lines and send them here.
        </Text>
      ) : (
        <SortableList
          items={problems}
          idOf={(problem) => problem.id}
          labelOf={problemLabel}
          onMove={move}
          label="Problems"
          noun="problem"
          renderItem={(problem, index) => (
            <Paper withBorder p="xs" radius="sm">
              <Stack gap={6}>
                <TextInput
                  aria-label={`Problem ${index + 1}`}
                  placeholder="Problem"
                  value={editablePlainText(problem.problem)}
                  onChange={(event) => update(problem.id, { problem: event.currentTarget.value })}
                  styles={{ input: { fontWeight: 600 } }}
                  leftSection={
                    <Text size="sm" c="dimmed" aria-hidden>
                      #{index + 1}
                    </Text>
                  }
                  rightSection={
                    <ActionIcon variant="subtle" color="red" onClick={() => remove(problem, index)} aria-label={`Remove problem ${index + 1}`}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  }
                />
                <Textarea
                  aria-label={`Assessment of problem ${index + 1}`}
                  placeholder="Assessment"
                  autosize
                  minRows={1}
                  value={editablePlainText(problem.assessment)}
                  onChange={(event) => update(problem.id, { assessment: event.currentTarget.value })}
                />
                <Textarea
                  aria-label={`Plan of problem ${index + 1}`}
                  placeholder="Plan"
                  autosize
                  minRows={1}
                  value={editablePlainText(problem.plan)}
                  onChange={(event) => update(problem.id, { plan: event.currentTarget.value })}
                />
              </Stack>
            </Paper>
          )}
        />
      )}
      <Button variant="light" size="xs" leftSection={<IconPlus />} onClick={add} style={{ alignSelf: 'flex-start' }}>
        Add problem
      </Button>
    </Stack>
  );
}
