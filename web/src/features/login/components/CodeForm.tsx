import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isCompleteCode, normalizeCode } from '../../../components/one-time-code';

export interface CodeFormProps {
  pending: boolean;
  onSubmit: (code: string) => void;
  onStartOver: () => void;
}

export function CodeForm({ pending, onSubmit, onStartOver }: CodeFormProps) {
  const [code, setCode] = useState('');
  const complete = isCompleteCode(code);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete) return;
    onSubmit(code);
    setCode('');
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Code"
          description="The 6-digit code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(normalizeCode(event.currentTarget.value))}
          required
          autoFocus
        />
        <Button type="submit" loading={pending} disabled={!complete} fullWidth>
          Verify
        </Button>
        <Button variant="subtle" onClick={onStartOver} disabled={pending}>
          Use a different account
        </Button>
      </Stack>
    </form>
  );
}
