// 'Delete Patient' in edit mode: asks first (spec), deletes, and returns to the panel. A failure stays in the dialog.
// Unsaved edits are not saved first (a failing save would hold the delete up): once the patient is gone they are
// dropped with their copy on this device, so leaving does not ask about them.
import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { IconTrash } from '../../../../components/icons';
import { usePatientEditing } from '../../patient-editing';
import { useDeletePatient } from '../../queries';

export function DeletePatientButton() {
  const { patient, discard } = usePatientEditing();
  const [asking, setAsking] = useState(false);
  const deletePatient = useDeletePatient({ onDeleted: discard });
  const navigate = useNavigate();

  const confirm = () => deletePatient.mutate(patient.id, { onSuccess: () => void navigate('/panel', { replace: true }) });

  return (
    <>
      <Button color="red" variant="light" size="sm" leftSection={<IconTrash size={16} />} onClick={() => setAsking(true)}>
        Delete Patient
      </Button>
      <ConfirmDialog
        opened={asking}
        title="Are you sure you want to delete this patient?"
        confirmLabel="Delete Patient"
        pending={deletePatient.isPending}
        onConfirm={confirm}
        onCancel={() => {
          deletePatient.reset();
          setAsking(false);
        }}
      >
        <Text size="sm">The patient, their note sections and tasks are removed from your panel.</Text>
        {deletePatient.isError && (
          <Alert color="red" title="Could not delete the patient">
            {deletePatient.error.message}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
