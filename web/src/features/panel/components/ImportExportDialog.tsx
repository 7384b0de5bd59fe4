// Import/Export of the panel (spec: Dialogs, Panel import). Export downloads every patient as a versioned JSON file, or as
// a FHIR R4 Bundle (issue 18). Import reads either (a bad file is refused with its reason and nothing is sent), lists its
// patients with the new and newer ones preselected, then sends the chosen ones in batches with progress and says what
// changed. The FHIR code is loaded only when a FHIR file is written or read.
import {
  displayName,
  isFhirBundle,
  panelExportFileName,
  preselectImport,
  readPanelExport,
  type ImportCandidate,
  type ImportStatus,
  type PanelExport,
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

const download = (text: string, fileName: string, type: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

type ExportFormat = 'chartside' | 'fhir';

/** The file of the chosen format, checked to read back: Export never hands out a file that Import would refuse. */
const exportFile = async (file: PanelExport, format: ExportFormat): Promise<{ ok: true; text: string; name: string; type: string } | { ok: false; message: string }> => {
  const now = new Date();
  if (format === 'chartside') {
    const text = JSON.stringify(file, null, 2);
    const check = readPanelExport(text);
    return check.ok ? { ok: true, text, name: panelExportFileName(now), type: 'application/json' } : check;
  }
  const { buildFhirBundle, fhirExportFileName, readFhirBundle } = await import('@chartside/shared/fhir');
  const text = JSON.stringify(buildFhirBundle(file.patients, now, () => crypto.randomUUID()), null, 2);
  const check = readFhirBundle(text, now);
  return check.ok ? { ok: true, text, name: fhirExportFileName(now), type: 'application/fhir+json' } : check;
};

/** The patients of a chosen file: a FHIR Bundle when it says it is one, else Chartside's own export. */
const readChosenFile = async (text: string): Promise<{ ok: true; patients: Patient[] } | { ok: false; message: string }> => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: readPanelExport says so.
  }
  if (isFhirBundle(json)) return (await import('@chartside/shared/fhir')).readFhirBundle(text, new Date());
  const read = readPanelExport(text);
  return read.ok ? { ok: true, patients: read.file.patients } : read;
};

function ExportSection() {
  const exportPanel = useExportPanel();
  const [format, setFormat] = useState<ExportFormat>();
  const [error, setError] = useState<string>();
  const run = (format: ExportFormat) => {
    setFormat(format);
    setError(undefined);
    exportPanel.mutate(undefined, {
      onSuccess: async (file) => {
        try {
          const made = await exportFile(file, format);
          if (!made.ok) setError(made.message);
          else download(made.text, made.name, made.type);
        } catch (failure) {
          // Loading the FHIR code can fail (offline, or a new version deployed meanwhile).
          setError(failure instanceof Error ? failure.message : String(failure));
        }
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="panel-export-title">
      <Title order={2} size="h5" id="panel-export-title">
        Export
      </Title>
      <Text size="sm">
        Download every patient on your panel, with notes and tasks, as a JSON file: Chartside&apos;s own, or a FHIR R4 Bundle for
        other health record systems.
      </Text>
      <Group>
        <Button onClick={() => run('chartside')} loading={exportPanel.isPending && format === 'chartside'} disabled={exportPanel.isPending}>
          Export panel
        </Button>
        <Button variant="default" onClick={() => run('fhir')} loading={exportPanel.isPending && format === 'fhir'} disabled={exportPanel.isPending}>
          Export FHIR R4 Bundle
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
    try {
      const read = await readChosenFile(await file.text());
      if (!read.ok) setRefused(read.message);
      else setCandidates(preselectImport(existing, read.patients));
    } catch (failure) {
      setRefused(failure instanceof Error ? failure.message : String(failure));
    }
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
      <Text size="sm">Choose a Chartside panel export or a FHIR R4 Bundle. New patients are created and existing ones updated.</Text>
      <Group>
        <FileButton onChange={(file) => void choose(file)} accept="application/json,application/fhir+json,.json">
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
