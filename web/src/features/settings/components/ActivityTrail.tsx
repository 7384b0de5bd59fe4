// Settings → Activity: the user's own audit trail of patient data, newest first, a page at a time: what was done,
// to which patients (one by name while the patient exists; several by their number), when, from which login session and
// address.
import { Button, Loader, Stack, Table, Text } from '@mantine/core';
import type { AuditAction, AuditEntryView } from '@chartside/shared';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert';
import { useAuditTrail } from '../queries';

const actionNames: Record<AuditAction, string> = {
  list: 'Listed in the panel',
  read: 'Opened',
  create: 'Created',
  change: 'Changed',
  delete: 'Deleted',
  export: 'Exported',
  import: 'Imported',
  restore: 'Restored from a backup',
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The patient's name; a deleted patient is named by its id, which is all the trail keeps of it. Several are counted. */
const patientText = ({ patientIds, patientName }: AuditEntryView) => {
  const [only] = patientIds;
  if (patientIds.length > 1) return `${patientIds.length} patients`;
  return patientName === null ? `Deleted patient (${only})` : patientName || `Unnamed patient (${only})`;
};

/** Session ids are long UUIDs: the first part tells sessions apart on the Sessions page too. */
const shortSession = (sessionId: string) => sessionId.slice(0, 8) || 'None';

export function ActivityTrail() {
  const trail = useAuditTrail();
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Every time you view, change, export, import or delete a patient it is recorded here. The record cannot be changed or deleted.
      </Text>
      {trail.isPending && <Loader size="sm" aria-label="Loading your activity" />}
      <QueryErrorAlert query={trail} what="your activity" />
      {trail.data && entries.length === 0 && <Text size="sm">No activity yet.</Text>}
      {entries.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Activity" striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Patient</Table.Th>
                <Table.Th>Session</Table.Th>
                <Table.Th>Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
                  </Table.Td>
                  <Table.Td>{actionNames[entry.action]}</Table.Td>
                  <Table.Td>{patientText(entry)}</Table.Td>
                  <Table.Td title={entry.sessionId}>{shortSession(entry.sessionId)}</Table.Td>
                  <Table.Td>{entry.clientIp || 'Unknown'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {trail.hasNextPage && (
        <Button variant="default" size="xs" loading={trail.isFetchingNextPage} onClick={() => void trail.fetchNextPage()} style={{ alignSelf: 'flex-start' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
