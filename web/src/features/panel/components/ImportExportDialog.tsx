// Import/Export of the panel (spec: Dialogs, Panel import). Export downloads every patient as a versioned JSON file.
// Import reads such a file (a bad one is refused with its reason and nothing is sent), lists its patients with the new
// and newer ones preselected, then sends the chosen ones in batches with progress and says what changed.
import {
  displayName,
  panelExportFileName,
  preselectImport,
  readPanelExport,
  type ImportCandidate,
  type ImportStatus,
  type Patient,
  type PatientSummary,
} from '@chartside/shared';
import { Alert, Badge, Button, Checkbox, FileButton, Group, Modal, Progress, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useExportPanel, useImportPatients, type ImportProgress, type ImportResult } from '../queries';

export interface ImportExportDialogProps {
  opened: boolean;
  /** The patients already on the panel, to compare the file's against. */
  existing: readonly Pick<PatientSummary, 'id' | 'lastAccessed'>[];
  onClose: () => void;
}

const statusColors: Record<ImportStatus, string> = { new: 'green', newer: 'blue', unchanged: 'gray', older: 'orange' };

const download = (text: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

function ExportSection() {
  const exportPanel = useExportPanel();
  const [error, setError] = useState<string>();
  const run = () => {
    setError(undefined);
    exportPanel.mutate(undefined, {
      onSuccess: (file) => {
        const text = JSON.stringify(file, null, 2);
        // The file must read back: refuse to hand out one that Import would refuse.
        const check = readPanelExport(text);
        if (!check.ok) setError(check.message);
        else download(text, panelExportFileName(new Date()));
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="panel-export-title">
      <Title order={2} size="h5" id="panel-export-title">
        Export
      </Title>
      <Text size="sm">Download every patient on your panel, with notes and tasks, as a JSON file.</Text>
      <Group>
        <Button onClick={run} loading={exportPanel.isPending}>
          Export panel
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" title="Export failed">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function ImportSection({ existing }: Pick<ImportExportDialogProps, 'existing'>) {
  const [refused, setRefused] = useState<string>();
  const [candidates, setCandidates] = useState<ImportCandidate<Patient>[]>();
  const [progress, setProgress] = useState<ImportProgress>();
  const [result, setResult] = useState<ImportResult>();
  const importPatients = useImportPatients(setProgress);

  const choose = async (file: File | null) => {
    if (!file) return;
    setRefused(undefined);
    setCandidates(undefined);
    setResult(undefined);
    setProgress(undefined);
    importPatients.reset();
    const read = readPanelExport(await file.text());
    if (!read.ok) setRefused(read.message);
    else setCandidates(preselectImport(existing, read.file.patients));
  };

  const toggle = (index: number) =>
    setCandidates((list) => list?.map((candidate, i) => (i === index ? { ...candidate, selected: !candidate.selected } : candidate)));

  const selected = candidates?.filter((candidate) => candidate.selected).map((candidate) => candidate.patient) ?? [];
  const run = () => {
    setProgress({ done: 0, total: selected.length });
    importPatients.mutate(selected, {
      onSuccess: (summary) => {
        setResult(summary);
        setCandidates(undefined);
      },
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="panel-import-title">
      <Title order={2} size="h5" id="panel-import-title">
        Import
      </Title>
      <Text size="sm">Choose a Chartside panel export. New patients are created and existing ones updated.</Text>
      <Group>
        <FileButton onChange={(file) => void choose(file)} accept="application/json,.json">
          {(props) => (
            <Button variant="default" {...props} disabled={importPatients.isPending}>
              Choose file…
            </Button>
          )}
        </FileButton>
      </Group>
      {refused && (
        <Alert color="red" role="alert" title="This file cannot be imported">
          {refused}
        </Alert>
      )}
      {candidates && candidates.length === 0 && <Text size="sm">This file has no patients.</Text>}
      {candidates && candidates.length > 0 && (
        <>
          <Text size="sm" aria-live="polite">
            {selected.length} of {candidates.length} selected
          </Text>
          <ScrollArea.Autosize mah={280} type="auto">
            <Stack gap={6} role="group" aria-label="Patients in the file">
              {candidates.map((candidate, index) => (
                <Group key={candidate.patient.id} gap="xs" wrap="nowrap">
                  <Checkbox
                    checked={candidate.selected}
                    onChange={() => toggle(index)}
                    disabled={importPatients.isPending}
                    label={displayName(candidate.patient) || 'Unnamed patient'}
                  />
                  <Badge size="sm" variant="light" color={statusColors[candidate.status]} tt="none">
                    {candidate.status}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group>
            <Button onClick={run} disabled={selected.length === 0} loading={importPatients.isPending}>
              {selected.length === 1 ? 'Import 1 patient' : `Import ${selected.length} patients`}
            </Button>
          </Group>
        </>
      )}
      {progress && importPatients.isPending && (
        <Progress value={(progress.done / progress.total) * 100} aria-label={`Imported ${progress.done} of ${progress.total}`} />
      )}
      {importPatients.isError && (
        <Alert color="red" role="alert" title="Import failed">
          {importPatients.error.message}
          {progress ? ` ${progress.done} of ${progress.total} patients were imported before the failure.` : ''}
        </Alert>
      )}
      {result && (
        <Alert color="green" role="status" title="Import finished">
          {result.created} created, {result.updated} updated.
        </Alert>
      )}
    </Stack>
  );
}

export function ImportExportDialog({ opened, existing, onClose }: ImportExportDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import/Export" centered size="lg">
      <Stack gap="lg">
        <ExportSection />
        <ImportSection existing={existing} />
      </Stack>
    </Modal>
  );
}
