// /tools/filerenamer: PDFs on this device renamed from their article: each file's DOI is read in the browser
// (read-pdf-doi.ts), looked up through the server's Crossref route, and named 'Author Year Journal - Title.pdf'. The
// names can be edited before saving; each file downloads under its new name (there is no zip library in the app, so
// several files are several downloads). The files themselves never leave the device: only the DOI goes to the server.
import { articlesContract } from '@chartside/shared';
import { Alert, Button, FileButton, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { useApi } from '../../../platform/platform-context';
import { saveDownload } from '../save-download';
import { articleFileName, safePdfName } from './article-file-name';
import { readPdfDoi } from './read-pdf-doi';

type RowStatus = 'reading' | 'looking-up' | 'ready' | 'no-doi' | 'failed';

interface Row {
  id: number;
  file: File;
  status: RowStatus;
  doi: string;
  newName: string;
  message?: string;
}

const statusText: Readonly<Record<RowStatus, string>> = {
  reading: 'Reading the PDF…',
  'looking-up': 'Looking up the article…',
  ready: 'Ready',
  'no-doi': 'No DOI found in the PDF: type it and look it up.',
  failed: '',
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

let nextRowId = 0;

export function FileRenamerTool() {
  const api = useApi();
  const [rows, setRows] = useState<Row[]>([]);
  const update = (id: number, change: Partial<Row>) => setRows((all) => all.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const lookUp = async (id: number, doi: string) => {
    update(id, { status: 'looking-up', doi, message: undefined });
    try {
      const article = await api.call(articlesContract.resolveDoi, { body: { doi } });
      update(id, { status: 'ready', doi: article.doi, newName: articleFileName(article) });
    } catch (error) {
      update(id, { status: 'failed', message: `The article could not be looked up: ${errorText(error)}` });
    }
  };

  const readFile = async (row: Row) => {
    try {
      const doi = await readPdfDoi(row.file);
      if (doi) await lookUp(row.id, doi);
      else update(row.id, { status: 'no-doi' });
    } catch (error) {
      update(row.id, { status: 'failed', message: `The file could not be read as a PDF: ${errorText(error)}` });
    }
  };

  const choose = (files: File[]) => {
    const added = files.map((file): Row => ({ id: nextRowId++, file, status: 'reading', doi: '', newName: '' }));
    setRows((all) => [...all, ...added]);
    // One file at a time: pdf.js and the lookups stay light on a phone, and Crossref is not asked in a burst.
    void added.reduce((previous, row) => previous.then(() => readFile(row)), Promise.resolve());
  };

  const ready = rows.filter((row) => row.status === 'ready' && row.newName.trim());

  return (
    <PageFrame title="File Renamer" size="xl">
      <Text>
        Choose article PDFs and each is named from its article: <b>Author Year Journal - Title.pdf</b>. The DOI is read from the PDF on this device and looked
        up in Crossref; only the DOI leaves the device. Check or edit the new names, then download the renamed files.
      </Text>
      <Group>
        <FileButton onChange={choose} accept="application/pdf,.pdf" multiple>
          {(props) => <Button {...props}>Choose PDF files</Button>}
        </FileButton>
        <Button variant="default" disabled={ready.length === 0} onClick={() => ready.forEach((row) => saveDownload(row.file, safePdfName(row.newName)))}>
          {ready.length > 1 ? `Download ${ready.length} renamed files` : 'Download renamed file'}
        </Button>
        {rows.length > 0 && (
          <Button variant="subtle" onClick={() => setRows([])}>
            Clear the list
          </Button>
        )}
      </Group>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label="Files to rename" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Current name</Table.Th>
                <Table.Th>DOI</Table.Th>
                <Table.Th>New name</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Download</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <FileRow key={row.id} row={row} onChange={(change) => update(row.id, change)} onLookUp={(doi) => void lookUp(row.id, doi)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rows.some((row) => row.status === 'failed') && (
        <Alert color="yellow" title="Some files were not renamed">
          Their rows say why. Type a DOI to look one up again, or type the new name yourself.
        </Alert>
      )}
    </PageFrame>
  );
}

interface FileRowProps {
  row: Row;
  onChange: (change: Partial<Row>) => void;
  onLookUp: (doi: string) => void;
}

function FileRow({ row, onChange, onLookUp }: FileRowProps) {
  const busy = row.status === 'reading' || row.status === 'looking-up';
  const canLookUp = !busy && row.doi.trim().length > 0;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {row.file.name}
        </Text>
        <Text size="xs" c={row.status === 'failed' ? 'red' : 'dimmed'} aria-live="polite">
          {row.message ?? statusText[row.status]}
        </Text>
      </Table.Td>
      <Table.Td>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (canLookUp) onLookUp(row.doi.trim());
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label={`DOI of ${row.file.name}`} size="xs" value={row.doi} disabled={busy} onChange={(e) => onChange({ doi: e.currentTarget.value })} />
            <Button type="submit" size="xs" variant="default" disabled={!canLookUp}>
              Look up
            </Button>
          </Group>
        </form>
      </Table.Td>
      <Table.Td miw={280}>
        <TextInput aria-label={`New name of ${row.file.name}`} size="xs" value={row.newName} disabled={busy} onChange={(e) => onChange({ newName: e.currentTarget.value })} />
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" disabled={busy || !row.newName.trim()} onClick={() => saveDownload(row.file, safePdfName(row.newName))} aria-label={`Download ${row.file.name} renamed`}>
          Download
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
