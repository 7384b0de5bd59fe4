// Setting up an authenticator app: scan the QR code (or type the secret), then confirm with the app's first code.
// Used at sign-in (when the deployment requires MFA) and in Settings.
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isCompleteCode, normalizeCode } from './one-time-code';
import { QrCode } from './QrCode';

export interface TotpSetupFormProps {
  /** The otpauth:// URI for the QR code. */
  uri: string;
  /** The same secret as text, in groups of four for typing. */
  secret: string;
  pending: boolean;
  onVerify: (code: string) => void;
  onCancel?: () => void;
  cancelLabel?: string;
  verifyLabel?: string;
}

const grouped = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpSetupForm({ uri, secret, pending, onVerify, onCancel, cancelLabel = 'Cancel', verifyLabel = 'Verify' }: TotpSetupFormProps) {
  const [code, setCode] = useState('');
  const complete = isCompleteCode(code);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete) return;
    onVerify(code);
    setCode('');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, ...).
        </Text>
        <QrCode value={uri} label="QR code for your authenticator app" />
        <Textarea
          label="Secret key"
          description="Or type this key into the app instead of scanning"
          value={grouped(secret)}
          readOnly
          rows={2}
          resize="none"
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <TextInput
          label="Code"
          description="2. Enter the 6-digit code the app shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(normalizeCode(event.currentTarget.value))}
          required
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {cancelLabel}
            </Button>
          )}
          <Button type="submit" loading={pending} disabled={!complete}>
            {verifyLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
