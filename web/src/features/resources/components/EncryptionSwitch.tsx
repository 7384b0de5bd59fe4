// The resource's Encrypted setting (edit mode) and its notice (view mode), with the one sentence saying what it means.
import { Alert, Switch } from '@mantine/core';

/** What encryption covers, and what search still sees. */
export const ENCRYPTED_NOTE =
  'The description, sections and highlights are stored encrypted and decrypted only for you. Search finds this resource by its name and tags only.';

export function EncryptionSwitch({ encrypted, onChange }: { encrypted: boolean; onChange: (encrypted: boolean) => void }) {
  return <Switch label="Encrypted" description={ENCRYPTED_NOTE} checked={encrypted} onChange={(event) => onChange(event.currentTarget.checked)} />;
}

export function EncryptedNotice() {
  return (
    <Alert variant="light" color="gray" title="Encrypted">
      {ENCRYPTED_NOTE}
    </Alert>
  );
}
