// /tools/fileencrypt: encrypt a file for download, and decrypt such a file back. The server encrypts with the
// deployment's envelope encryption for the signed-in user (spec: secure encrypt key, secure decrypt key), so only the
// same user, signed in to the same deployment, can decrypt it.
import { MAX_SECURE_FILE_BYTES, secureFilesContract } from '@chartside/shared';
import { Alert, Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { useApi } from '../../../platform/platform-context';
import { saveDownload } from '../save-download';
import { base64ToBytes, fileToBase64 } from './base64';

type Direction = 'encrypt' | 'decrypt';

const LIMIT_MB = MAX_SECURE_FILE_BYTES / 1024 / 1024;

const doneText: Readonly<Record<Direction, (name: string) => string>> = {
  encrypt: (name) => `Encrypted: ${name} was downloaded.`,
  decrypt: (name) => `Decrypted: ${name} was downloaded.`,
};

export function FileEncryptTool() {
  const api = useApi();
  const [busy, setBusy] = useState<Direction | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();

  const run = async (direction: Direction, file: File | null) => {
    if (!file) return;
    setOutcome(undefined);
    if (direction === 'encrypt' && file.size > MAX_SECURE_FILE_BYTES) {
      setOutcome({ ok: false, text: `${file.name} is larger than ${LIMIT_MB} MB: choose a smaller file.` });
      return;
    }
    setBusy(direction);
    try {
      const body = { fileName: file.name, data: await fileToBase64(file) };
      const result = await api.call(secureFilesContract[direction], { body });
      saveDownload(new Blob([base64ToBytes(result.data)], { type: 'application/octet-stream' }), result.fileName);
      setOutcome({ ok: true, text: doneText[direction](result.fileName) });
    } catch (error) {
      // The server's message says why (too large, not encrypted for this user, changed).
      setOutcome({ ok: false, text: `${file.name}: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <PageFrame title="File Encrypt">
      <Text>
        Encrypt a file before you store or share it. Chartside encrypts it with this deployment’s key for you alone: only you, signed in here, can decrypt it again.
        Files up to {LIMIT_MB} MB.
      </Text>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Encrypt a file
        </Title>
        <Group>
          <FileButton onChange={(file) => void run('encrypt', file)}>
            {(props) => (
              <Button {...props} loading={busy === 'encrypt'} disabled={busy !== undefined}>
                Choose a file to encrypt
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Decrypt a file
        </Title>
        <Group>
          <FileButton onChange={(file) => void run('decrypt', file)} accept=".chartside,application/octet-stream">
            {(props) => (
              <Button {...props} variant="default" loading={busy === 'decrypt'} disabled={busy !== undefined}>
                Choose an encrypted file (.chartside)
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
    </PageFrame>
  );
}
