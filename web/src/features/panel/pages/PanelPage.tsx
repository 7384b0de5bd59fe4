// /panel (spec: Panel): every patient as a card opening /panel/{id}, filtered by tags and sorted (both saved to the
// user document), Invert and Compact (in the URL), an overflow menu with Import/Export, Print and Delete All, and a
// print-only table of the same patients. With hundreds of patients the first screenful of cards is rendered first and
// the rest after paint (progressive-render.ts), so the panel shows up fast.
import { NO_MATCHING_PATIENTS, panelPatients, panelSortLabels, panelSortOptions, type PanelSortKey } from '@chartside/shared';
import { ActionIcon, Alert, Box, Button, Checkbox, Group, Loader, Menu, MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { IconDotsVertical } from '../../../components/icons';
import { PageFrame } from '../../../components/PageFrame';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useMe } from '../../../platform/user-document';
import { AddPatientDialog } from '../components/AddPatientDialog';
import { ImportExportDialog } from '../components/ImportExportDialog';
import { PanelPrintList } from '../components/PanelPrintList';
import { CompactPatientRow, PatientCard } from '../components/PatientCard';
import classes from '../components/panel.module.css';
import { readPanelDisplay, writePanelDisplay, type PanelDisplay } from '../panel-url';
import { usePrintList, useProgressiveCount } from '../progressive-render';
import { useDeleteAllPatients, usePatientList, useSavePanelView } from '../queries';
import { usePatientPreload } from '../use-patient-preload';
import { useNow } from '../../../components/use-now';

const sortOptions = panelSortOptions.map((value) => ({ value, label: panelSortLabels[value] }));
const isSortKey = (value: string | null): value is PanelSortKey => panelSortOptions.some((option) => option === value);

/** Spec: the panel's load failure toast, shown for 5 s. */
const LOAD_ERROR_TITLE = 'Error Loading Panel';
const LOAD_ERROR_MESSAGE = 'Failed to load panel. Please check the console for details.';
const LOAD_ERROR_MS = 5_000;
/** How often the panel's clock (ages, 'Overdue', the task sort) moves on while the page stays open. */
const CLOCK_MS = 60_000;

type PanelDialog = 'add' | 'import-export' | 'delete-all';

/** Why the user landed here, when a patient page sent them (a missing or deleted patient). */
const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string' ? state.notice : undefined;

export function PanelPage() {
  const me = useMe();
  const list = usePatientList();
  const saveView = useSavePanelView();
  const deleteAll = useDeleteAllPatients();
  const preloadPatient = usePatientPreload(!list.isPending);
  const [params, setParams] = useSearchParams();
  const notice = noticeOf(useLocation().state);
  const [dialog, setDialog] = useState<PanelDialog>();
  const display = readPanelDisplay(params);
  const setDisplay = (next: Partial<PanelDisplay>) => setParams(writePanelDisplay(params, { ...display, ...next }), { replace: true });

  useEffect(() => {
    if (!list.error) return;
    console.error(list.error);
    notifications.show({ color: 'red', title: LOAD_ERROR_TITLE, message: LOAD_ERROR_MESSAGE, autoClose: LOAD_ERROR_MS });
  }, [list.error]);

  const inpatient = me.data?.inpatient ?? true;
  const savedTags = me.data?.panelTagsSelected;
  const selectedTags = useMemo(() => savedTags ?? [], [savedTags]);
  const sortBy = me.data?.panelSortSelection ?? 'name';
  // The user's patient tags, plus any still selected that were since removed from that list (so they can be cleared).
  const tagOptions = [...new Set([...(me.data?.patientTags ?? []), ...selectedTags])];
  // One clock for all the cards, so an unchanged card (memo) is not rendered again.
  const now = useNow(CLOCK_MS);
  const patients = list.data?.patients;
  const shown = useMemo(
    () => (patients ? panelPatients(patients, { tags: selectedTags, sortBy, invert: display.invert, now }) : []),
    [patients, selectedTags, sortBy, display.invert, now],
  );
  const rendered = useProgressiveCount(shown.length, display.compact ? 'compact' : 'cards');
  const cardsShown = shown.slice(0, rendered);
  const printList = usePrintList(patients !== undefined && rendered === shown.length);
  // The hidden print table follows a new sort or filter in the background, after the cards; when printing, at once.
  const deferredShown = useDeferredValue(shown);
  const printed = printList === 'printing' ? shown : deferredShown;

  const saveChange = (change: Parameters<typeof saveView.mutate>[0]) =>
    saveView.mutate(change, {
      onError: (error) => notifications.show({ color: 'red', title: 'Your panel view was not saved', message: error.message }),
    });

  const actions = (
    <Group gap="xs">
      <Button onClick={() => setDialog('add')}>Add patient</Button>
      {!display.compact && (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" size="lg" aria-label="Panel actions">
              <IconDotsVertical />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setDialog('import-export')}>Import/Export</Menu.Item>
            <Menu.Item onClick={() => window.print()}>Print</Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => setDialog('delete-all')}>
              Delete All
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );

  return (
    <>
      <Box className={classes.screenOnly}>
        <PageFrame title="Panel" size="xl" actions={actions}>
          {notice && (
            <Alert color="yellow" role="status">
              {notice}
            </Alert>
          )}
          <QueryErrorAlert query={me} what="your account" />
          <Group align="flex-end" gap="sm">
            <MultiSelect
              label="Tags"
              data={tagOptions}
              value={selectedTags}
              onChange={(tags) => saveChange({ panelTagsSelected: tags })}
              placeholder={selectedTags.length ? undefined : 'Any tag'}
              searchable
              clearable
              miw={200}
              style={{ flex: 1 }}
            />
            <Select
              label="Sort by"
              data={sortOptions}
              value={sortBy}
              onChange={(value) => isSortKey(value) && saveChange({ panelSortSelection: value })}
              allowDeselect={false}
              w={160}
            />
            <Checkbox label="Invert" checked={display.invert} onChange={(event) => setDisplay({ invert: event.currentTarget.checked })} mb={8} />
            <Checkbox label="Compact" checked={display.compact} onChange={(event) => setDisplay({ compact: event.currentTarget.checked })} mb={8} />
          </Group>
          {list.isPending && <Loader role="status" aria-label="Loading patients" />}
          {patients && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown.length === patients.length ? `${patients.length} patients` : `${shown.length} of ${patients.length} patients`}
            </Text>
          )}
          {patients && shown.length === 0 && (
            <Alert color="blue" role="status">
              {NO_MATCHING_PATIENTS}
            </Alert>
          )}
          {shown.length > 0 &&
            (display.compact ? (
              <Stack component="ul" gap={0} p={0} m={0} aria-label="Patients" onPointerDown={preloadPatient}>
                {cardsShown.map((patient) => (
                  <CompactPatientRow key={patient.id} patient={patient} inpatient={inpatient} now={now} />
                ))}
              </Stack>
            ) : (
              <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" p={0} m={0} aria-label="Patients" onPointerDown={preloadPatient}>
                {cardsShown.map((patient) => (
                  <PatientCard key={patient.id} patient={patient} inpatient={inpatient} now={now} />
                ))}
              </SimpleGrid>
            ))}
        </PageFrame>
      </Box>
      {printList !== 'none' && <PanelPrintList patients={printed} inpatient={inpatient} now={now} />}
      <AddPatientDialog opened={dialog === 'add'} inpatient={inpatient} onClose={() => setDialog(undefined)} />
      <ImportExportDialog opened={dialog === 'import-export'} existing={patients ?? []} onClose={() => setDialog(undefined)} />
      <ConfirmDialog
        opened={dialog === 'delete-all'}
        title="Delete all patients?"
        confirmLabel="Delete All"
        pending={deleteAll.isPending}
        onCancel={() => setDialog(undefined)}
        onConfirm={() =>
          deleteAll.mutate(undefined, {
            onSuccess: ({ deleted }) => {
              setDialog(undefined);
              notifications.show({ color: 'green', message: deleted === 1 ? 'Deleted 1 patient.' : `Deleted ${deleted} patients.` });
            },
            onError: (error) => notifications.show({ color: 'red', title: 'The patients were not deleted', message: error.message }),
          })
        }
      >
        <Text>This deletes every patient on your panel. This cannot be undone.</Text>
      </ConfirmDialog>
    </>
  );
}
