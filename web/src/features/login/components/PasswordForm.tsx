import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

export interface PasswordFormProps {
  pending: boolean;
  onSubmit: (email: string, password: string) => void;
}

export function PasswordForm({ pending, onSubmit }: PasswordFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailError = touched && !email.trim() ? 'Enter your email' : null;
  const passwordError = touched && !password ? 'Enter your password' : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (email.trim() && password) onSubmit(email.trim(), password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailError}
          required
          autoFocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={passwordError}
          required
        />
        <Button type="submit" loading={pending} fullWidth>
          Login
        </Button>
      </Stack>
    </form>
  );
}
